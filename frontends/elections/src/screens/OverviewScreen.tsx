import { useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router-dom';
import { Badge, Button, ButtonLink } from '@civic/frontend-kit/design';
import { liveTopics, type CandidateTo, type CandidateView, type CandidateVote, type ElectionCandidatesUpdate, type ElectionList, type SessionUser } from '@civic/contracts';
import { ApiError } from '@civic/frontend-kit/api-client';
import { electionsApi } from '../api/elections.js';
import { useResource, type Resource } from '@civic/frontend-kit/remote-hooks';
import { useLiveTopic } from '@civic/frontend-kit/live-hooks';
import { roleDescriptions, roleNames, roleTitles } from '../messages.js';
import { useShell } from '../RemoteFrame.js';
import { applyVote, candidatesOfRole, isNotFound, isStanding, monthDate, monthChangeDelayMs, roles, voteFor, withReadMay, withVote } from '../rules.js';
import { useIdentifyPath, useMembersOnly, useReplaceSession, useSession } from '@civic/frontend-kit/remote-session';
import { ElectionCountdown } from '../ui/ElectionCountdown.js';
import { ElectionsNav } from '../ui/ElectionsNav.js';
import { useErrorText, useFeedback } from '@civic/frontend-kit/remote-feedback';
import { Empty, Loading, Pending } from '../ui/States.js';
import { frenchOf } from '@civic/frontend-kit/french';

/**
 * A month as "December 2026" in the page's language. An election is named by the month of its
 * candidacies and votes ("Election of November 2026") everywhere; the month of office that follows is
 * always said as such ("officials for December 2026").
 */
export function useMonthName(): (month: string) => string {
  const intl = useIntl();
  return useCallback((month: string) => intl.formatDate(monthDate(month), { month: 'long', year: 'numeric', timeZone: 'UTC' }), [intl]);
}

/** The share of +1 and −1 votes as one thin bar (decoration: the figures beside it say the same in text). */
function SupportBar({ votesFor, votesAgainst }: { votesFor: number; votesAgainst: number }) {
  const cast = votesFor + votesAgainst;
  if (cast === 0) return <div className="elections-support" aria-hidden="true" />;
  return (
    <div className="elections-support" aria-hidden="true">
      <span className="elections-support__for" style={{ width: `${(votesFor * 100) / cast}%` }} />
      <span className="elections-support__against" style={{ width: `${(votesAgainst * 100) / cast}%` }} />
    </div>
  );
}

/**
 * A candidate with their figures and the +1 / -1 buttons when the service says the reader may vote
 * for them (`may.vote`); a visitor sees them too, as an invitation to log in.
 */
function CandidateCard({
  candidate,
  role,
  user,
  myVote,
  onVote,
}: {
  candidate: CandidateView;
  role: CandidateTo;
  user: SessionUser | null | undefined;
  myVote: 1 | -1 | 0;
  /** Resolves to whether the vote was saved. */
  onVote: (candidate: CandidateView, role: CandidateTo, value: 1 | -1 | 0) => Promise<boolean>;
}) {
  const { formatMessage: t } = useIntl();
  // The vote shows at once (optimistic). A press made before the answer waits for it, then goes with
  // the card as the answer left it (the last such press wins; a refused vote drops it). The buttons
  // stay focusable meanwhile, so a keyboard user keeps their place.
  const busy = useRef(false);
  const [sending, setSending] = useState(false);
  const queued = useRef<1 | -1 | 0 | null>(null);
  // Only for the badge: whether the reader may vote is the service's `may`.
  const mine = user?.id === candidate.id;
  // A visitor's `may` is all false; the buttons still show, and send them to log in.
  const offered = candidate.may.vote || user === null;
  const send = async (value: 1 | -1 | 0) => {
    if (busy.current) {
      queued.current = value;
      return;
    }
    busy.current = true;
    setSending(true);
    let saved = false;
    try {
      saved = await onVote(candidate, role, value);
    } finally {
      busy.current = false;
      if (!saved) queued.current = null;
      setSending(false);
    }
  };
  // After the render that follows the answer, so that the waiting press starts from the saved vote.
  useEffect(() => {
    const next = queued.current;
    if (sending || next === null) return;
    queued.current = null;
    void send(next);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `send` is this render's; it runs once per answered press
  }, [sending]);
  const name = candidate.userName || candidate.id.slice(0, 8);
  return (
    <li>
      <article className={`elections-candidate${mine ? ' elections-candidate--mine' : ''}`} aria-label={name} data-candidate={candidate.id}>
        <div>
          <h3 className="elections-candidate__name">
            <span>{name}</span>
            {mine ? <Badge tone="accent">{t({ id: 'elections.candidate.you' })}</Badge> : null}
            {candidate.moderator ? <Badge>{t({ id: 'elections.candidate.moderatorNow' })}</Badge> : null}
            {candidate.scribe ? <Badge>{t({ id: 'elections.candidate.scribeNow' })}</Badge> : null}
          </h3>
          <ul className="elections-candidate__figures">
            <li data-figure="total">
              {t({ id: 'elections.candidate.total' })} <strong>{candidate.totalVotes}</strong>
            </li>
            <li data-figure="for">
              {t({ id: 'elections.candidate.for' })} <strong>{candidate.votesFor}</strong>
            </li>
            <li data-figure="against">
              {t({ id: 'elections.candidate.against' })} <strong>{candidate.votesAgainst}</strong>
            </li>
          </ul>
          <SupportBar votesFor={candidate.votesFor} votesAgainst={candidate.votesAgainst} />
        </div>
        {!offered ? null : (
          <div className="elections-vote" role="group" aria-label={t({ id: 'elections.vote.group' }, { name })}>
            <Button variant={myVote === 1 ? 'primary' : 'secondary'} size="sm" aria-pressed={myVote === 1} onClick={() => void send(myVote === 1 ? 0 : 1)}>
              {t({ id: 'elections.vote.for' })}
            </Button>
            <Button variant={myVote === -1 ? 'danger' : 'secondary'} size="sm" aria-pressed={myVote === -1} onClick={() => void send(myVote === -1 ? 0 : -1)}>
              {t({ id: 'elections.vote.against' })}
            </Button>
            {myVote !== 0 ? (
              <Button variant="quiet" size="sm" onClick={() => void send(0)}>
                {t({ id: 'elections.vote.takeBack' })}
              </Button>
            ) : null}
            {user ? (
              <p className="elections-vote__state" aria-live="polite">
                {myVote === 0 ? t({ id: 'elections.vote.none' }) : t({ id: 'elections.vote.yours' }, { vote: myVote === 1 ? '+1' : '−1' })}
              </p>
            ) : null}
          </div>
        )}
      </article>
    </li>
  );
}

/** One role: its description, the caller's candidacy, and the candidates with their totals. */
function RoleSection({
  role,
  seats,
  candidacyMonth,
  votes,
  onVotes,
}: {
  role: CandidateTo;
  seats: number;
  candidacyMonth: string;
  votes: readonly CandidateVote[];
  onVotes: (votes: CandidateVote[]) => void;
}) {
  const { formatMessage: t } = useIntl();
  const { toast, confirm } = useFeedback();
  const errorText = useErrorText();
  // The failure's catalogue message, translated here: the shell's snackbar does not recognise an error
  // built by this remote's own copy of the API client, and would show a generic message instead.
  const toastError = (error: unknown) => toast(errorText(error), 'error');
  const user = useSession();
  const replaceSession = useReplaceSession();
  const membersOnly = useMembersOnly();
  const navigate = useNavigate();
  const identify = useIdentifyPath();
  const [pending, setPending] = useState(false);
  const roleName = t(roleNames[role]);

  // Read once per visit (and per month); on failure the list is empty and a toast says why (docs/product.md#calls).
  const candidates: Resource<CandidateView[]> = useResource(`candidates-${role}-${candidacyMonth}`, (signal) =>
    electionsApi.candidates(role, signal).catch((error: unknown) => {
      if (!(error instanceof DOMException && error.name === 'AbortError')) toastError(error);
      return [];
    }),
  );
  const { reload, update, loading } = candidates;
  /** Pushes received: a failed vote undoes its optimistic totals only if no push replaced them since. */
  const pushes = useRef(0);
  // A push that arrives while the first read runs cannot be applied yet, and that read may have been
  // answered before the change it carries (e.g. one's own candidacy, made at once): read again once.
  const pushedWhileLoading = useRef(false);
  useEffect(() => {
    if (loading || !pushedWhileLoading.current) return;
    pushedWhileLoading.current = false;
    reload();
  }, [loading, reload]);

  // Everyone's votes and candidacies arrive pushed, whole (docs/live.md#elections-topics-and-the-shell):
  // they replace the figures, the member's own choice stays from their own votes and what they may do
  // from their last read. A candidacy made here reaches the elections service through identity's
  // event, and comes back the same way.
  useLiveTopic<ElectionCandidatesUpdate>(
    liveTopics.openElection(candidacyMonth),
    (pushed) => {
      if (pushed.data.candidacyMonth !== candidacyMonth) return;
      if (loading) {
        pushedWhileLoading.current = true;
        return;
      }
      pushes.current += 1;
      update((shown) => withReadMay(candidatesOfRole(pushed.data.candidates, role), shown));
    },
    reload,
  );

  const withdrawing = isStanding(user, role, candidacyMonth);

  // Without a user (the session ended meanwhile) the call fails with 'No user', shown like any failure;
  // the section then offers to log in.
  const toggleCandidacy = async () => {
    if (withdrawing && !(await confirm({ title: t({ id: 'elections.candidacy.withdrawTitle' }, { role: roleName }), message: t({ id: 'elections.candidacy.withdrawMessage' }), danger: true }))) return;
    setPending(true);
    try {
      const updated = await electionsApi.setCandidacy(user, role, withdrawing ? null : candidacyMonth);
      replaceSession(updated);
      toast(t(withdrawing ? { id: 'elections.candidacy.withdrawDone' } : { id: 'elections.candidacy.standDone' }, { role: roleName }), 'success');
    } catch (error) {
      toastError(error);
    } finally {
      setPending(false);
    }
  };

  const vote = async (candidate: CandidateView, candidateTo: CandidateTo, value: 1 | -1 | 0): Promise<boolean> => {
    const saved = await membersOnly(async (member) => {
      const before = voteFor(votes, candidate.id, candidateTo);
      const pushesBefore = pushes.current;
      // Optimistic: the choice and the candidate's totals move at once; a failure puts both back.
      onVotes(withVote(votes, member.id, candidate.id, candidateTo, value));
      candidates.update((list) => applyVote(list, candidate.id, before, value));
      try {
        const input = { candidateId: candidate.id, userId: member.id, candidateTo };
        const answer = value === 0 ? await electionsApi.deleteVote(input) : await electionsApi.vote({ ...input, vote: value });
        onVotes(answer);
        toast(value === 0 ? t({ id: 'elections.vote.takenBack' }) : t({ id: 'elections.vote.saved' }, { vote: value === 1 ? '+1' : '−1', name: candidate.userName }), 'success');
        return true;
      } catch (error) {
        onVotes([...votes]);
        if (pushes.current === pushesBefore) candidates.update((list) => applyVote(list, candidate.id, value, before));
        if (error instanceof ApiError && error.statusCode === 401) await navigate(identify);
        else toastError(error);
        return false;
      }
    });
    return saved === true;
  };

  const titleId = `elections-role-${role}`;
  return (
    <section className="ui-card elections-role" aria-labelledby={titleId} data-role={role}>
      <h2 id={titleId} className="elections-role__title">
        {t(roleTitles[role])}
      </h2>
      <p className="elections-muted">{t(roleDescriptions[role])}</p>
      <p className="elections-muted">{t({ id: 'elections.overview.seats' }, { count: seats })}</p>
      <div className="elections-role__actions">
        {user === null ? (
          <ButtonLink to={identify} variant="secondary">
            {t({ id: 'elections.candidacy.logIn' }, { role: roleName })}
          </ButtonLink>
        ) : (
          <>
            <Button variant={withdrawing ? 'secondary' : 'primary'} busy={pending} disabled={user === undefined} onClick={() => void toggleCandidacy()}>
              {withdrawing ? t({ id: 'elections.candidacy.withdraw' }, { role: roleName }) : t({ id: 'elections.candidacy.stand' }, { role: roleName })}
            </Button>
            {withdrawing ? <Badge tone="success">{t({ id: 'elections.candidacy.standing' }, { role: roleName })}</Badge> : null}
          </>
        )}
      </div>
      <h3 className="ui-visually-hidden">{t({ id: 'elections.overview.candidatesOf' }, { role: t(roleTitles[role]) })}</h3>
      {candidates.loading ? (
        <Loading />
      ) : (candidates.data ?? []).length === 0 ? (
        <Empty title={t({ id: 'elections.overview.noCandidate' })}>{t({ id: 'elections.overview.noCandidateHint' })}</Empty>
      ) : (
        <ol className="elections-list" aria-label={t({ id: 'elections.overview.candidatesOf' }, { role: t(roleTitles[role]) })}>
          {(candidates.data ?? []).map((candidate) => (
            <CandidateCard key={candidate.id} candidate={candidate} role={role} user={user} myVote={voteFor(votes, candidate.id, role)} onVote={vote} />
          ))}
        </ol>
      )}
    </section>
  );
}

function PastElections({ list }: { list: ElectionList }) {
  const { formatMessage: t } = useIntl();
  const monthName = useMonthName();
  return (
    <section className="ui-card" aria-labelledby="elections-past">
      <h2 id="elections-past" className="ui-card__title">
        {t({ id: 'elections.past.title' })}
      </h2>
      {list.elections.length === 0 ? (
        <p className="elections-muted">{t({ id: 'elections.past.none' })}</p>
      ) : (
        <ul className="elections-past">
          {list.elections.map((election) => (
            <li key={election.id}>
              <Link to={`/elections/${election.id}`}>{t({ id: 'elections.election.titleOf' }, { month: monthName(election.candidacyMonth), ofMonth: frenchOf(monthName(election.candidacyMonth)) })}</Link>{' '}
              <span className="elections-muted">
                {t({ id: 'elections.past.item' }, { voters: election.voters, candidates: election.candidates, office: monthName(election.month), ofOffice: frenchOf(monthName(election.month)) })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** /elections: the three roles with their candidates, candidacy and votes, the countdown and past elections. */
export function ElectionsOverviewScreen() {
  const { formatMessage: t } = useIntl();
  const { layouts, NotFound } = useShell();
  const user = useSession();
  const monthName = useMonthName();
  // Read once per visit, then pushed: the `elections` topic carries this same answer when an election
  // closes (docs/live.md#elections-topics-and-the-shell). No poll, no read when the countdown ends.
  const read = useResource('elections', (signal) => electionsApi.elections(signal));
  const [pushed, setPushed] = useState<{ list: ElectionList; receivedAt: number } | null>(null);
  // Bumped when the shown month may have changed (a new month applied, a reconnection): the member's votes are read again.
  const [round, setRound] = useState(0);
  const pendingMonth = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(pendingMonth.current), []);
  const shown = pushed && read.data ? pushed : read.data ? { list: read.data, receivedAt: read.receivedAt } : null;
  const candidacyMonth = shown?.list.schedule.candidacyMonth;
  const { reload: readAgain } = read;
  const resync = useCallback(() => {
    setPushed(null);
    setRound((value) => value + 1);
    readAgain();
  }, [readAgain]);
  useLiveTopic<ElectionList>(
    liveTopics.elections,
    (update) => {
      const next = { list: update.data, receivedAt: Date.now() };
      clearTimeout(pendingMonth.current);
      if (candidacyMonth === undefined || update.data.schedule.candidacyMonth === candidacyMonth) return setPushed(next);
      // A new month: every page reads its candidates and the member's votes again, so the pages spread
      // these reads over a few seconds instead of all asking the instant the election closes.
      pendingMonth.current = setTimeout(() => {
        setPushed(next);
        setRound((value) => value + 1);
      }, monthChangeDelayMs());
    },
    resync,
  );
  // The member's own votes: read once per visit (with the list) and per new month, then each vote's
  // answer; never pushed.
  const myVotes = useResource(`votes-${user?.id ?? 'none'}-${round}`, (signal) => (user ? electionsApi.votesOf(user.id, signal) : Promise.resolve([])));
  const [votes, setVotes] = useState<{ round: number; list: CandidateVote[] } | null>(null);
  const currentVotes = (votes?.round === round ? votes.list : undefined) ?? myVotes.data ?? [];
  const onVotes = useCallback((list: CandidateVote[]) => setVotes({ round, list }), [round]);
  const overview = { ...read, data: shown?.list, receivedAt: shown?.receivedAt ?? read.receivedAt };

  if (isNotFound(overview.error)) return <NotFound />;
  let body;
  if (overview.loading || !overview.data) body = <Pending resource={overview} cards={3} />;
  else {
    const { schedule } = overview.data;
    const seats = { 1: schedule.seats.moderators, 2: schedule.seats.scribes, 3: schedule.seats.greatWises } as const;
    body = (
      <div className="elections-stack">
        <div className="ui-card ui-card--accent elections-schedule">
          <div>
            <p className="elections-muted" data-month={schedule.candidacyMonth}>
              {t({ id: 'elections.overview.month' }, { month: monthName(schedule.candidacyMonth), ofMonth: frenchOf(monthName(schedule.candidacyMonth)) })}
            </p>
            <ElectionCountdown schedule={schedule} receivedAt={overview.receivedAt} />
          </div>
          <ElectionsNav links={[{ to: '/elections/elected', text: t({ id: 'elections.overview.toElected' }) }]} />
        </div>
        <div className="elections-roles">
          {roles.map((role) => (
            <RoleSection key={role} role={role} seats={seats[role]} candidacyMonth={schedule.candidacyMonth} votes={currentVotes} onVotes={onVotes} />
          ))}
        </div>
        <PastElections list={overview.data} />
      </div>
    );
  }
  return (
    <layouts.default title={t({ id: 'elections.overview.title' })} intro={t({ id: 'elections.overview.intro' })}>
      {body}
    </layouts.default>
  );
}
