/**
 * The versions of a text, newest first: number, date, editor (with whoever typed it live with them)
 * and role, the reason, what changed
 * since the version before (word diff), the hash; a deletion is a row of its own, a text withheld by
 * moderation says so. The first versions paint at once, earlier ones on request, so a text of
 * hundreds of versions paints fast (docs/benchmarks.md).
 */
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { TextKind, TextRole, TextVersionView } from '@civic/contracts';
import { Badge, Button, type Tone } from '@civic/frontend-kit/design';
import { formatDay } from '../../dates.js';
import { Changes } from '../LawMeta.js';
import { HashChip } from './HashChip.js';
import { historyRows, shownCount, type VersionRow } from './versions.js';

export const roleMessages: Record<TextRole, { id: string }> = {
  author: { id: 'decisions.history.role.author' },
  creator: { id: 'decisions.history.role.creator' },
  scribe: { id: 'decisions.history.role.scribe' },
  moderator: { id: 'decisions.history.role.moderator' },
};
const roleTones: Record<TextRole, Tone> = { author: 'neutral', creator: 'accent', scribe: 'warning', moderator: 'warning' };

export const kindMessages: Record<TextKind, { id: string }> = {
  proposal: { id: 'decisions.history.kind.proposal' },
  law: { id: 'decisions.history.kind.law' },
  group: { id: 'decisions.history.kind.group' },
  article: { id: 'decisions.history.kind.article' },
  amendment: { id: 'decisions.history.kind.amendment' },
};

function VersionBody({ row, showTitle }: { row: VersionRow<TextVersionView>; showTitle: boolean }) {
  const { formatMessage: t } = useIntl();
  const { version } = row;
  if (version.change === 'deleted') return <p className="notice decisions-version__tombstone">{t({ id: 'decisions.history.deleted' })}</p>;
  if (version.withheld) return <p className="notice notice--warning decisions-version__withheld">{t({ id: 'decisions.history.withheld' })}</p>;
  return (
    <>
      {row.titleBefore !== null && version.title !== null ? (
        <div className="decisions-version__title-change">
          <p className="decisions-muted">{t({ id: 'decisions.history.titleChanged' })}</p>
          <Changes before={row.titleBefore} after={version.title} />
        </div>
      ) : showTitle && version.title ? (
        <p className="decisions-version__title">{version.title}</p>
      ) : null}
      {version.body === null ? null : row.bodyBefore !== null ? (
        <Changes before={row.bodyBefore} after={version.body} />
      ) : (
        <p className="decisions-proposal__description">{version.body}</p>
      )}
    </>
  );
}

/** "with Alice, Bob": the creators who typed the version live with its editor, known by name; nothing for a version written alone. */
function CoEditors({ coEditors }: { coEditors: TextVersionView['coEditors'] }) {
  const { formatMessage: t, formatList } = useIntl();
  const names = coEditors.map((coEditor) => coEditor.name).filter((name) => name !== '');
  if (names.length === 0) return null;
  return (
    <span className="decisions-version__co-editors" data-co-editors={coEditors.map((coEditor) => coEditor.id).join(' ')}>
      {t({ id: 'decisions.history.withCoEditors' }, { names: formatList(names, { type: 'unit' }) })}
    </span>
  );
}

function VersionItem({ row, historyKind, broken }: { row: VersionRow<TextVersionView>; historyKind: TextKind; broken: boolean }) {
  const intl = useIntl();
  const { formatMessage: t } = intl;
  const { version } = row;
  const headingId = `version-${version.seq}`;
  const name = t({ id: 'decisions.history.version' }, { seq: version.seq });
  // The first version and the first of a new kind (a law after its proposal) show their title.
  const showTitle = row.previous === null || row.previous.kind !== version.kind;
  return (
    <article
      className="ui-card decisions-version"
      aria-labelledby={headingId}
      data-version={version.seq}
      data-change={version.change}
      data-role={version.role}
      data-broken={broken || undefined}
    >
      <div className="decisions-version__head">
        <h3 id={headingId} className="decisions-version__name" tabIndex={-1}>
          {name}
        </h3>
        {version.kind !== historyKind ? <Badge>{t(kindMessages[version.kind])}</Badge> : null}
        {version.change === 'created' ? <Badge tone="accent">{t({ id: 'decisions.history.created' })}</Badge> : null}
        {version.change === 'deleted' ? <Badge tone="danger">{t({ id: 'decisions.history.deleted' })}</Badge> : null}
        {broken ? <Badge tone="danger">{t({ id: 'decisions.history.brokenVersion' })}</Badge> : null}
      </div>
      <p className="decisions-proposal__meta">
        <time dateTime={version.createdAt}>{formatDay(intl, version.createdAt, { dateStyle: 'long', timeStyle: 'short' })}</time>
        <span className="decisions-proposal__author">{t({ id: 'decisions.history.by' }, { name: version.editorName })}</span>
        <CoEditors coEditors={version.coEditors} />
        <Badge tone={roleTones[version.role]}>{t(roleMessages[version.role])}</Badge>
      </p>
      {version.reason ? (
        <p className="decisions-version__reason">
          <strong>{t({ id: 'decisions.history.reason' })}</strong> {version.reason}
        </p>
      ) : null}
      <VersionBody row={row} showTitle={showTitle} />
      <p className="decisions-version__hash">
        <span className="decisions-muted">{t({ id: 'decisions.history.hash' })}</span> <HashChip hash={version.hash} of={name} />
      </p>
    </article>
  );
}

/** `broken`: the numbers of the versions that break the chain (ChainCheck). */
export function VersionList({ versions, historyKind, broken = [] }: { versions: readonly TextVersionView[]; historyKind: TextKind; broken?: readonly number[] }) {
  const { formatMessage: t } = useIntl();
  const [clicks, setClicks] = useState(0);
  const rows = historyRows(versions);
  const shown = shownCount(rows.length, clicks);
  // After "Show earlier versions", keyboard and screen reader users continue from the first one added.
  const focusSeq = useRef<number | null>(null);
  useEffect(() => {
    if (focusSeq.current === null) return;
    document.getElementById(`version-${focusSeq.current}`)?.focus();
    focusSeq.current = null;
  });
  const showEarlier = () => {
    focusSeq.current = rows[shown]?.version.seq ?? null;
    setClicks(clicks + 1);
  };
  return (
    <>
      <ol className="decisions-list decisions-versions">
        {rows.slice(0, shown).map((row) => (
          <li key={row.version.seq}>
            <VersionItem row={row} historyKind={historyKind} broken={broken.includes(row.version.seq)} />
          </li>
        ))}
      </ol>
      {shown < rows.length ? (
        <div className="decisions-actions" data-history-more>
          <p className="decisions-muted">{t({ id: 'decisions.history.shown' }, { shown, count: rows.length })}</p>
          <Button variant="secondary" onClick={showEarlier}>
            {t({ id: 'decisions.history.showEarlier' })}
          </Button>
        </div>
      ) : null}
    </>
  );
}
