/**
 * One decision cycle driven through its four phases on a test's own stack, so that each phase screen
 * can be looked at while its phase is on: a proposal with votes, a law drawn to its creators with a
 * group, an article and an amendment, then final votes on both. Alice reads in English, Bob in French;
 * both are drawn as creators. The content goes through the API (the drafting and voting screens have
 * their own browser tests); the caller looks at each screen through `atScreen`.
 */
import type { Article, CycleSummary, LawDetail, LawList, Proposal, VotingView } from '@civic/contracts';
import { registerVerified } from './accounts.js';
import { endPhase, type OwnStack } from './own-stack.js';
import { apiCall, openSession, type Session } from './session.js';
import { until } from './until.js';

export type Locale = 'en' | 'fr';
export type PhaseScreenName = 'proposals' | 'voting' | 'creation' | 'final-vote';

export interface PhaseScreen {
  name: PhaseScreenName;
  /** The screen's path, with the law when it has one. */
  path: string;
  /** Its level-1 heading in each language. */
  heading: Record<Locale, string>;
}

export interface Walkers {
  /** Member and creator, reading in English. */
  alice: Session;
  /** Member and creator, reading in French. */
  bob: Session;
}

/**
 * The settings the walk needs: two proposals start the cycle; the later phases last an hour, and the
 * walk ends each one as soon as the caller has looked at its screen (DECISIONS_PHASE_CONTROL), so a
 * look is never cut short by the phase's end and no test waits out a phase.
 */
export const PHASE_WALK_SETTINGS = {
  START_MIN_VERIFIED_USERS: '2',
  START_MIN_PROPOSALS: '2',
  PHASE_PROPOSALS_SECONDS: '2',
  PHASE_EXTENSION_SECONDS: '2',
  PHASE_VOTING_SECONDS: '3600',
  PHASE_CREATION_SECONDS: '3600',
  PHASE_FINAL_VOTE_SECONDS: '3600',
  DECISIONS_PHASE_CONTROL: 'true',
};

export async function phaseWalkers(stack: OwnStack, run: string, timeoutMs: number): Promise<Walkers> {
  const member = async (name: string, locale: Locale) => {
    const who = await openSession(stack.browser, { locale: locale === 'fr' ? 'fr-FR' : 'en-US', serviceWorkers: 'block' }, timeoutMs);
    await registerVerified(who.context, stack, { email: `${name}-${run}-walk@example.org`, userName: `${name} ${run}`, password: `${name}-walks-2026`, locale });
    return who;
  };
  // One after the other: both verifications read the same mail catcher.
  const alice = await member('alice', 'en');
  const bob = await member('bob', 'fr');
  return { alice, bob };
}

/**
 * Walks one cycle from proposals to the end of its final vote, calling `atScreen` once per phase while
 * that phase is on, and ending the phase after it. Each wait for the next phase lasts up to
 * `phaseWaitMs`. Answers the law's id (archived, or on its way there, when the walk returns).
 */
export async function walkThroughPhases(
  baseUrl: string,
  { alice, bob }: Walkers,
  run: string,
  phaseWaitMs: number,
  atScreen: (screen: PhaseScreen) => Promise<void>,
): Promise<string> {
  const api = <T>(who: Session, method: 'GET' | 'POST' | 'PUT', url: string, data?: unknown) => apiCall<T>(who.context, baseUrl, method, url, data);

  await until('a cycle open for proposals', async () => (await api<{ cycles: CycleSummary[] }>(alice, 'GET', '/api/decisions')).cycles.some((cycle) => cycle.phase === 'proposals'), phaseWaitMs);
  // One proposal keeps the cycle in its proposals phase (the start rule asks for two).
  const first = await api<Proposal>(alice, 'POST', '/api/proposals', {
    title: `Free buses on Sundays ${run}`,
    description: 'Buses and trams would be free on Sundays, paid for by a small tax on parking.',
    category: 'transport',
  });
  await atScreen({ name: 'proposals', path: '/decisions/proposals', heading: { en: 'Proposals', fr: 'Propositions' } });

  const second = await api<Proposal>(bob, 'POST', '/api/proposals', {
    title: `Un jardin dans chaque école ${run}`,
    description: 'Chaque commune donnerait à son école un jardin que les élèves cultivent eux-mêmes.',
    category: 'education',
  });
  await until(
    'the vote on proposals',
    async () => {
      const view = await api<VotingView>(alice, 'GET', '/api/decisions/voting-on-proposals');
      return view.cycle?.phase === 'voting' && [first.id, second.id].every((id) => view.proposals.some((proposal) => proposal.id === id));
    },
    phaseWaitMs,
  );
  // Both vote for the first (it becomes the law); the second gets mixed votes, so its bars show all choices.
  await api(alice, 'PUT', `/api/proposals/${first.id}/vote`, { vote: 'for' });
  await api(bob, 'PUT', `/api/proposals/${first.id}/vote`, { vote: 'for' });
  await api(alice, 'PUT', `/api/proposals/${second.id}/vote`, { vote: 'against' });
  await api(bob, 'PUT', `/api/proposals/${second.id}/vote`, { vote: 'neutral' });
  await atScreen({ name: 'voting', path: '/decisions/voting-on-proposals', heading: { en: 'Voting on proposals', fr: 'Vote sur les propositions' } });
  await endPhase(baseUrl, first.cycleId);

  const lawId = first.id;
  await until('the law in creation', async () => (await api<LawList>(alice, 'GET', '/api/laws?state=creation')).laws.some((law) => law.id === lawId), phaseWaitMs);
  const withGroup = await api<LawDetail>(alice, 'POST', `/api/laws/${lawId}/groups`, { name: 'Transports publics' });
  const groupId = withGroup.groups.find((group) => group.name === 'Transports publics')!.id;
  const article = await api<Article>(alice, 'POST', `/api/laws/${lawId}/articles`, { body: 'Les bus sont gratuits le dimanche.', groupId });
  const amendment = await api<Article>(bob, 'POST', `/api/laws/${lawId}/articles/${article.id}/amendments`, {
    title: 'Précision',
    body: 'Les bus et les trams sont gratuits le dimanche et les jours fériés.',
  });
  await api<Article>(alice, 'POST', `/api/laws/${lawId}/articles`, { body: 'Le conseil municipal publie chaque année le coût de la mesure.', groupId });
  await atScreen({ name: 'creation', path: `/decisions/creations?law=${lawId}`, heading: { en: 'Creation', fr: 'Création' } });
  await endPhase(baseUrl, first.cycleId);

  await until('the final vote', async () => (await api<LawList>(alice, 'GET', '/api/laws?state=final-vote')).laws.some((law) => law.id === lawId), phaseWaitMs);
  await api(alice, 'PUT', `/api/laws/${lawId}/articles/${article.id}/vote`, { vote: 'neutral' });
  await api(alice, 'PUT', `/api/laws/${lawId}/articles/${amendment.id}/vote`, { vote: 'for' });
  await api(bob, 'PUT', `/api/laws/${lawId}/articles/${amendment.id}/vote`, { vote: 'for' });
  await api(bob, 'PUT', `/api/laws/${lawId}/articles/${article.id}/vote`, { vote: 'against' });
  await atScreen({ name: 'final-vote', path: `/decisions/final-vote?law=${lawId}`, heading: { en: 'Final vote', fr: 'Vote final' } });
  await endPhase(baseUrl, first.cycleId);
  return lawId;
}
