/**
 * How the law screens read their laws: the law an address names, or the laws of one phase (creation,
 * final vote) as tabs, the one chosen by ?law= (by default the reader's own, or the first) read in full, and the cycle in
 * that phase for the countdown.
 */
import { useIntl } from 'react-intl';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { decisionsLiveKinds, isLiveTopic, liveTopics, type LawState, type LawSummary, type LawVotesData } from '@civic/contracts';
import { lawsApi } from '../api/laws.js';
import { useLiveTopic } from '@civic/frontend-kit/live-hooks';
import { useResource } from '@civic/frontend-kit/remote-hooks';
import { cycleMoved, useCycles, useLateReload, usePhases, useReloadAll, withLawVotes } from './live.js';
import { isNotFound } from '../not-found.js';
import { defaultLaw } from './law-choice.js';

/** The law the address names (`/…/:id`), read in the reader's language, and that id. */
export function useLawOfAddress() {
  const intl = useIntl();
  const { id = '' } = useParams();
  const law = useResource(`law:${id}:${intl.locale}`, (signal) => lawsApi.law(id, intl.locale, signal));
  return { id, law };
}


/**
 * The laws of one phase (with `readerId`, the law that reader was drawn for by default), read once per visit (docs/live.md#decisions-topics): the chosen law's counts
 * are pushed on its topic and merged (`law-votes`), a drafting change reads it again (`law-changed`),
 * and a change of this phase's cycle (or a reconnection) reads the list and the law again.
 */
export function useLawsInPhase(state: Extract<LawState, 'creation' | 'final-vote'>, readerId: string | null = null) {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const cycles = useCycles();
  const list = useResource(`laws:${state}`, (signal) => lawsApi.list({ state }, signal));
  const laws = list.data?.laws ?? [];
  const chosen = params.get('law') ?? defaultLaw(laws, readerId);
  const detail = useResource(`law:${state}:${chosen ?? 'none'}:${intl.locale}`, (signal) => (chosen ? lawsApi.law(chosen, intl.locale, signal) : Promise.resolve(null)));
  const cycle = cycles.data?.cycles.find((item) => item.phase === state);
  const readAgain = useReloadAll(list, detail);
  usePhases((pushed) => {
    if (!cycles.data) return;
    const now = pushed.cycles.find((item) => item.phase === state);
    if (cycle?.id !== now?.id || (cycle && cycleMoved(cycle, pushed))) readAgain();
  }, readAgain);
  useLiveTopic<LawVotesData>(chosen && isLiveTopic(liveTopics.law(chosen)) ? liveTopics.law(chosen) : null, (update) => {
    if (update.kind === decisionsLiveKinds.lawVotes) detail.merge((law) => (law ? withLawVotes(law, update.data) : law));
    else if (update.kind === decisionsLiveKinds.lawChanged) detail.reload();
  });
  const onCountdownElapsed = useLateReload(() => {
    cycles.reload();
    readAgain();
  });
  return {
    cycles,
    cycle,
    /** The countdown's `onElapsed`: reads the cycles, the list and the law again if no phase change came. */
    onCountdownElapsed,
    list,
    laws,
    chosen,
    detail,
    /** A ?law= the service does not know (or that cannot be an id) names a page that does not exist. */
    notFound: params.has('law') && isNotFound(detail.error),
    /** Shows a law, or the default one (`null`). */
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
