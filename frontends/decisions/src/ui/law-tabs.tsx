/**
 * How the law screens read their laws: the law an address names, or the laws of one phase (creation,
 * final vote) as tabs, the one chosen by ?law= (the first by default) read in full, and the cycle in
 * that phase for the countdown.
 */
import { useIntl } from 'react-intl';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import type { LawState, LawSummary } from '@civic/contracts';
import { decisionsApi } from '../api/decisions.js';
import { lawsApi } from '../api/laws.js';
import { useResource } from '@civic/frontend-kit/remote-hooks';
import { isNotFound } from '../rules.js';

/** The law the address names (`/…/:id`), read in the reader's language, and that id. */
export function useLawOfAddress() {
  const intl = useIntl();
  const { id = '' } = useParams();
  const law = useResource(`law:${id}:${intl.locale}`, (signal) => lawsApi.law(id, intl.locale, signal));
  return { id, law };
}

export function useLawsInPhase(state: Extract<LawState, 'creation' | 'final-vote'>, pollMs: { list: number; detail: number }) {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const cycles = useResource('cycles', (signal) => decisionsApi.cycles(signal), 30_000);
  const list = useResource(`laws:${state}`, (signal) => lawsApi.list({ state }, signal), pollMs.list);
  const laws = list.data?.laws ?? [];
  const chosen = params.get('law') ?? laws[0]?.id ?? null;
  const detail = useResource(`law:${state}:${chosen ?? 'none'}:${intl.locale}`, (signal) => (chosen ? lawsApi.law(chosen, intl.locale, signal) : Promise.resolve(null)), pollMs.detail);
  return {
    cycles,
    cycle: cycles.data?.cycles.find((item) => item.phase === state),
    list,
    laws,
    chosen,
    detail,
    /** A ?law= the service does not know (or that cannot be an id) names a page that does not exist. */
    notFound: params.has('law') && isNotFound(detail.error),
    /** Shows a law, or the first one (`null`). */
    choose: (lawId: string | null) => setParams(lawId ? { law: lawId } : {}),
  };
}

/** One tab a law, by title, the chosen one marked as the current page. */
export function LawTabs({ laws, chosen, onChoose }: { laws: LawSummary[]; chosen: string | null; onChoose: (lawId: string) => void }) {
  const { formatMessage: t } = useIntl();
  return (
    <nav aria-label={t({ id: 'decisions.creations.laws' })}>
      <ul className="decisions-tabs">
        {laws.map((law) => (
          <li key={law.id}>
            <Link
              to={`?law=${encodeURIComponent(law.id)}`}
              aria-current={law.id === chosen ? 'page' : undefined}
              onClick={(event) => {
                event.preventDefault();
                onChoose(law.id);
              }}
            >
              {law.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
