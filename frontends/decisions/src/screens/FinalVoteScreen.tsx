import { useDeferredValue } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { Article, LawDetail, LawList, VoteAnswer } from '@civic/contracts';
import { chatRooms } from '@civic/contracts';
import { PhaseChatLayout } from '../chat/PhaseChatLayout.js';
import { useShell } from '../RemoteFrame.js';
import { useIdentifyPath, useSession } from '@civic/frontend-kit/remote-session';
import { Countdown } from '../ui/CycleParts.js';
import { BallotControls } from '../ui/BallotControls.js';
import { amendmentName, Changes, LawMeta } from '../ui/LawMeta.js';
import { LawTabs, useLawsInPhase } from '../ui/LawTabs.js';
import { Empty, EmptyPhase, Pending, useArrivedOnce } from '../ui/States.js';
import { common } from '../messages.js';
import { HistoryLink } from '../ui/history/HistoryLink.js';
import { readEarly } from '@civic/frontend-kit/api-client';
import { readPaths } from '../api/read-paths.js';
import { ignoreFailure, type PageAddress } from '../first-reads.js';
import { defaultLaw } from '../ui/law-choice.js';
import { isDecisionsId } from '../not-found.js';

/** One article and its amendments side by side, each with what it changes, its counts and the ballot. */
function ArticleRow({ law, article, number, onVoted }: { law: LawDetail; article: Article; number: number; onVoted: (id: string, answer: VoteAnswer) => void }) {
  const { formatMessage: t } = useIntl();
  const label = t(common.article, { number });
  return (
    <section className="decisions-final" aria-labelledby={`final-${article.id}`} data-article={article.id}>
      <h3 id={`final-${article.id}`}>{label}</h3>
      <div className="decisions-final__texts">
        <article className="ui-card decisions-proposal" aria-label={`${label} · ${t(common.original)}`} data-text={article.id}>
          <h4 className="decisions-proposal__title">{t(common.original)}</h4>
          <HistoryLink kind="article" id={article.id} of={label} />
          <p className="decisions-proposal__description">{article.body}</p>
          <BallotControls lawId={law.id} text={article} label={label} onVoted={(answer) => onVoted(article.id, answer)} />
        </article>
        {article.amendments.map((amendment, index) => {
          const name = amendmentName(t, index + 1, amendment.title);
          return (
            <article key={amendment.id} className="ui-card decisions-proposal decisions-article--amendment" aria-label={`${label} · ${name}`} data-text={amendment.id}>
              <h4 className="decisions-proposal__title">{name}</h4>
              <HistoryLink kind="amendment" id={amendment.id} of={`${label} · ${name}`} />
              <Changes before={article.body} after={amendment.body} />
              <BallotControls lawId={law.id} text={amendment} label={`${label} · ${name}`} onVoted={(answer) => onVoted(amendment.id, answer)} />
            </article>
          );
        })}
      </div>
      {article.amendments.length === 0 ? <p className="decisions-muted">{t({ id: 'decisions.finalVote.noAmendment' })}</p> : null}
    </section>
  );
}

/** Articles painted in the first render; the rest follow in a background render right after. */
const FIRST_ARTICLES = 8;

/**
 * The law's articles with their amendments. A law of 50 articles and 200 amendments (each with its
 * word diff and ballot) takes long to render at once: the first articles show first, so the page
 * paints early, and the others are added in a render React runs without blocking the page. Only the
 * number of rows is deferred: the rows always show the latest law, so a ballot shows at once.
 */
function FinalVoteArticles({ law, onVoted }: { law: LawDetail; onVoted: (id: string, answer: VoteAnswer) => void }) {
  const shown = useDeferredValue(law.articles.length, Math.min(FIRST_ARTICLES, law.articles.length));
  return law.articles
    .slice(0, shown)
    .map((article, index) => <ArticleRow key={article.id} law={law} article={article} number={index + 1} onVoted={onVoted} />);
}

/**
 * /decisions/final-vote: the laws in their final vote, every article beside its amendments (with the
 * words each amendment changes), the four choices on each text, live counts and the countdown.
 */
export function FinalVoteScreen() {
  const { formatMessage: t } = useIntl();
  const { layouts, NotFound } = useShell();
  const user = useSession();
  const identify = useIdentifyPath();
  const { cycles, cycle, list, laws, chosen, detail, notFound, choose, onCountdownElapsed } = useLawsInPhase('final-vote');
  // The countdown and the log-in notice stand above the law: shown after it, they would push it down
  // (a layout shift), so the law waits for the cycles and the session as well.
  const cyclesArrived = useArrivedOnce(cycles);

  if (notFound) return <NotFound />;

  const onVoted = (id: string, answer: VoteAnswer) =>
    detail.update((current) =>
      current
        ? {
            ...current,
            articles: current.articles.map((article) => {
              const change = (text: Article) => (text.id === id ? { ...text, counts: answer.counts, myVote: answer.myVote } : text);
              return { ...change(article), amendments: article.amendments.map(change) };
            }),
          }
        : current,
    );

  let body;
  if (!list.data || !cyclesArrived || user === undefined) body = <Pending resource={list} />;
  else if (laws.length === 0) body = <EmptyPhase phase="finalVote" />;
  else {
    const law = detail.data;
    body = (
      <>
        {cycle ? <Countdown label={t({ id: 'decisions.finalVote.closesIn' })} times={cycle} receivedAt={cycles.receivedAt} target={cycle.phaseEndsAt} onElapsed={onCountdownElapsed} /> : null}
        <p className="decisions-muted">{t({ id: 'decisions.finalVote.rule' })}</p>
        {user === null ? (
          <p className="notice">
            {t(common.loginToVote)} <Link to={identify}>{t(common.logIn)}</Link>
          </p>
        ) : null}
        <LawTabs laws={laws} chosen={chosen} onChoose={choose} />
        {!law ? (
          <Pending resource={detail} />
        ) : (
          <div className="decisions-law" data-law={law.id}>
            <h2>{law.title}</h2>
            <LawMeta law={law} followable />
            <p>
              <HistoryLink kind="law" id={law.id} of={law.title} />
            </p>
            <p className="decisions-proposal__description">{law.description}</p>
            <p className="decisions-muted" data-voters={law.voters}>
              {t(common.voters, { count: law.voters })}
            </p>
            {law.articles.length === 0 ? <Empty title={t({ id: 'decisions.finalVote.noArticles' })} /> : null}
            <FinalVoteArticles law={law} onVoted={onVoted} />
          </div>
        )}
      </>
    );
  }
  // The final vote's chat is the cycle's: the same room whichever law is shown.
  const cycleId = detail.data?.cycleId ?? cycle?.id ?? null;
  return (
    <layouts.list title={t({ id: 'decisions.finalVote.title' })} intro={t({ id: 'decisions.finalVote.intro' })}>
      <PhaseChatLayout room={cycleId ? chatRooms.finalVote(cycleId) : null} main={body} />
    </layouts.list>
  );
}

/**
 * What useLawsInPhase reads first, when the page opens at /decisions/final-vote (first-reads.ts): the
 * cycles, the laws in the vote, then the law of ?law=, else the first.
 */
export function firstReads({ search, lang }: PageAddress): void {
  readEarly(readPaths.cycles).catch(ignoreFailure);
  const list = readEarly<LawList>(readPaths.laws({ state: 'final-vote' }));
  const chosen = search.get('law');
  if (chosen) {
    list.catch(ignoreFailure);
    if (isDecisionsId(chosen)) readEarly(readPaths.law(chosen, lang)).catch(ignoreFailure);
    return;
  }
  list.then(({ laws }) => {
    const first = defaultLaw(laws, null);
    if (first) readEarly(readPaths.law(first, lang)).catch(ignoreFailure);
  }, ignoreFailure);
}
