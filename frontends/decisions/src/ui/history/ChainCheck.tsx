/**
 * Whether a text's history is whole (docs/text-chain.md#the-chain-rule): the service's check of the
 * chain as stored, and the same check run again in the reader's browser over what the answer shows.
 * A broken chain is announced: a version changed or removed after it was written, which also stops
 * the law from being sealed until the moderators look into it.
 */
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import type { TextHistory } from '@civic/contracts';
import { brokenVersions } from './versions.js';

/** The broken versions' numbers once checked (null while the browser checks). */
export function useBrokenVersions(history: TextHistory | undefined): number[] | null {
  const [broken, setBroken] = useState<{ of: TextHistory; seqs: number[] } | null>(null);
  useEffect(() => {
    if (!history) return;
    let current = true;
    void brokenVersions(history).then(
      (seqs) => current && setBroken({ of: history, seqs }),
      // A check that cannot run (no Web Crypto) still shows what the service found.
      () => current && setBroken({ of: history, seqs: history.chain.problems.map((problem) => problem.seq) }),
    );
    return () => {
      current = false;
    };
  }, [history]);
  return broken && broken.of === history ? broken.seqs : null;
}

export function ChainCheck({ broken }: { broken: number[] | null }) {
  const { formatMessage: t, formatList } = useIntl();
  if (broken === null) return null;
  if (broken.length === 0) return <p className="decisions-muted decisions-history__chain" data-chain="intact">{t({ id: 'decisions.history.chainIntact' })}</p>;
  return (
    <p className="notice notice--error decisions-history__chain" role="alert" data-chain="broken">
      {t({ id: 'decisions.history.chainBroken' }, { count: broken.length, versions: formatList(broken.map(String), { type: 'conjunction' }) })}
    </p>
  );
}
