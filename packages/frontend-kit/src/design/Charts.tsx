import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';

/**
 * Whole-number percentages of `values` for a bar's visible share and its text equivalent. The
 * largest remainders get the rounding so the shares add up to 100, but equal counts always show equal
 * shares: a group of equal values that cannot all take the extra point is rounded to the nearest
 * instead (six equal counts read 17 % each, not four 17 % and two 16 %). All zeros when nothing was counted.
 */
export function percentages(values: number[]): number[] {
  const counts = values.map((value) => Math.max(0, value));
  const total = counts.reduce((sum, value) => sum + value, 0);
  if (total === 0) return values.map(() => 0);
  const exact = counts.map((value) => (value * 100) / total);
  const shares = exact.map(Math.floor);
  let missing = 100 - shares.reduce((sum, value) => sum + value, 0);
  // Equal counts form one group, taken by decreasing remainder.
  const groups = [...new Set(counts)]
    .map((count) => ({ count, remainder: (count * 100) / total - Math.floor((count * 100) / total), members: counts.flatMap((value, index) => (value === count ? [index] : [])) }))
    .filter((group) => group.remainder > 0)
    .sort((a, b) => b.remainder - a.remainder);
  for (const group of groups) {
    if (missing <= 0) break;
    const fits = group.members.length <= missing;
    for (const index of group.members) shares[index] = fits ? shares[index]! + 1 : Math.round(exact[index]!);
    if (fits) missing -= group.members.length;
    else break;
  }
  return shares;
}

export type VoteChoice = 'for' | 'against' | 'neutral' | 'blank';

interface BarRow {
  key: string;
  label: string;
  value: number;
  className: string;
  strong?: boolean;
}

/** Bars as a list: each row says its label, number and share in text, the bar itself is decoration. */
function BarList({ rows, caption, scale }: { rows: BarRow[]; caption: ReactNode; scale: 'total' | 'largest' }) {
  const intl = useIntl();
  const shares = percentages(rows.map((row) => row.value));
  const largest = Math.max(0, ...rows.map((row) => row.value));
  return (
    <figure className="ui-bars">
      <figcaption className="ui-bars__caption">{caption}</figcaption>
      <ul className="ui-bars__list">
        {rows.map((row, index) => {
          const width = scale === 'total' ? shares[index]! : largest > 0 ? (row.value * 100) / largest : 0;
          return (
            <li key={row.key} className={`ui-bars__row ${row.className}`} data-key={row.key}>
              <span className="ui-bars__label">{row.strong ? <strong>{row.label}</strong> : row.label}</span>
              <span className="ui-bars__track" aria-hidden="true">
                <span className="ui-bars__fill" style={{ width: `${width}%` }} />
              </span>
              <span className="ui-bars__value">
                {intl.formatNumber(row.value)}
                <span className="ui-bars__share"> ({intl.formatNumber(shares[index]! / 100, { style: 'percent' })})</span>
              </span>
            </li>
          );
        })}
      </ul>
    </figure>
  );
}

/** For, against, neutral and blank votes as bars, each with its number and share. */
export function VoteBars({ counts, caption }: { counts: { key: VoteChoice; label: string; value: number }[]; caption: ReactNode }) {
  return <BarList caption={caption} scale="total" rows={counts.map((count) => ({ ...count, className: `ui-bars__row--${count.key}` }))} />;
}

/** An election's results, largest first; highlighted rows (the elected) stand out. */
export function ResultBars({ rows, caption }: { rows: { key: string; label: string; value: number; highlight?: boolean }[]; caption: ReactNode }) {
  const ranked = [...rows].sort((a, b) => b.value - a.value);
  return (
    <BarList
      caption={caption}
      scale="largest"
      rows={ranked.map((row) => ({ ...row, strong: row.highlight, className: row.highlight ? 'ui-bars__row--highlight' : 'ui-bars__row--result' }))}
    />
  );
}
