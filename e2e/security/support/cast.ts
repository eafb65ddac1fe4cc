/**
 * The six callers of the authorization matrix and the resources they act on, all made through the
 * product's own flows on the security stack:
 * - visitor: no cookies;
 * - user: a verified member who owns nothing the matrix touches;
 * - owner: a verified member who wrote the proposals, and (drawn as the only creator after being the
 *   only voter of the first cycle) the laws, groups, articles and sources, and who receives alerts;
 * - suspended: a verified member suspended for a day by the moderator through identity's route;
 * - scribe: elected scribe in a real election (the elections clock moved past its close);
 * - moderator: identity's seeded first moderator, re-elected in the same election (an election sets
 *   the officials to exactly those it elects).
 *
 * The election, the seeded moderator and the first cycle are global to the stack, so this world is
 * built once per run (support/shared.ts), by the first test file that asks; each file then logs its
 * members in afresh. Only the authorization matrix acts on the proposals, laws, sources and alerts.
 */
import { alertMessageKeys, type CycleSummary, type ElectionSchedule, type LawDetail, type LawList, type Proposal, type VotingView } from '@civic/contracts';
import { Client, sourceAddress, waitFor } from './http.js';
import { account, detailsOf, logIn, logInAgain, registerVerified, type Member, type MemberDetails } from './members.js';
import { buildOnce } from './shared.js';

export type Caller = 'visitor' | 'user' | 'owner' | 'suspended' | 'scribe' | 'moderator';
/** The order in which each route is called: the owner last, so that an owner's deletion comes after every refusal. */
export const callers: readonly Caller[] = ['visitor', 'user', 'suspended', 'scribe', 'moderator', 'owner'];
export type Signaller = 'user' | 'suspended' | 'scribe' | 'moderator';

/** An id nobody made, for the rows whose resource cannot exist on this stack. */
export const MADE_UP_ID = '00000000-0000-4000-8000-00000000beef';

export type Named = Exclude<Caller, 'visitor'> | 'bystander';
const named: readonly Named[] = ['user', 'owner', 'suspended', 'scribe', 'moderator', 'bystander'];
/** The loopback address each member of the world speaks from (see support/http.ts); the visitor's is 10. */
const ADDRESSES: Record<Named, number> = { user: 11, owner: 12, suspended: 13, scribe: 14, moderator: 15, bystander: 16 };

/** What the test files share: the members (without their sessions) and the ids of what they made. */
export interface World {
  members: Record<Named, MemberDetails>;
  proposals: { edited: string; deleted: string; toSignal: Record<Signaller, string> };
  laws: { drafted: string; deleted: string };
  groups: { renamed: string; deleted: string };
  articles: { edited: string; deleted: string };
  sources: { edited: string; deletedBy: Record<'scribe' | 'moderator' | 'owner', string> };
  alerts: { read: string; deleted: string };
}

export interface Cast extends Omit<World, 'members'> {
  clients: Record<Caller, Client>;
  members: Record<Named, Member>;
  /** A chat message of the bystander, whom moderators may suspend from the chat: the authorization matrix posts it for its rows' `may`. */
  bystanderMessage?: { room: string; id: string };
}

const proposal = (title: string) => ({ title, description: `Why "${title}" matters to citizens.`, category: 'environment' });

/** The moderator and the scribe stand, the plain user votes for both, and the elections clock passes the close. */
async function elect(user: Member, scribe: Member, moderator: Member): Promise<void> {
  const schedule = await user.client.ok<ElectionSchedule>('GET', '/api/elections/next');
  await moderator.client.ok('PUT', `/api/users/${moderator.id}`, { moderatorCandidateDate: schedule.candidacyMonth });
  await scribe.client.ok('PUT', `/api/users/${scribe.id}`, { scribeCandidateDate: schedule.candidacyMonth });
  // Candidacies reach the elections service through identity's events.
  await waitFor('both candidacies in the elections service', async () => {
    const [moderators, scribes] = await Promise.all([user.client.ok<{ id: string }[]>('GET', '/api/candidates/1'), user.client.ok<{ id: string }[]>('GET', '/api/candidates/2')]);
    return moderators.some((c) => c.id === moderator.id) && scribes.some((c) => c.id === scribe.id) ? true : undefined;
  });
  await user.client.ok('POST', '/api/candidates/votes', { vote: 1, candidateId: moderator.id, userId: user.id, candidateTo: 1 });
  await user.client.ok('POST', '/api/candidates/votes', { vote: 1, candidateId: scribe.id, userId: user.id, candidateTo: 2 });
  const now = new Date(Date.parse(schedule.nextElectionAt) + 1000).toISOString();
  await user.client.ok('PUT', '/api/elections/clock', { now });
  await waitFor('identity to apply the election', async () => {
    const profile = await user.client.ok<{ scribe: boolean }>('GET', `/api/users/${scribe.id}`);
    return profile.scribe ? true : undefined;
  });
  // Back to the real time, so that the elections service judges today's suspension by today's date.
  await user.client.ok('PUT', '/api/elections/clock', { now: new Date().toISOString() });
  // New sessions, whose tokens carry the roles.
  await Promise.all([logIn(scribe), logIn(moderator)]);
}

/**
 * The owner fills the first cycle (15 proposals meet the start rule), votes for two of them alone and
 * so becomes the creator of the two laws they become; answers those laws, drafting phase.
 */
async function draftingLaws(owner: Member): Promise<{ drafted: LawDetail; deleted: LawDetail }> {
  const first: Proposal[] = [];
  for (let i = 1; i <= 15; i++) first.push(await owner.client.ok<Proposal>('POST', '/api/proposals', proposal(`First cycle proposal ${i}`)));
  const cycleId = first[0]!.cycleId;
  await waitFor('the vote on the first cycle proposals', async () => {
    const view = await owner.client.ok<VotingView>('GET', '/api/decisions/voting-on-proposals');
    return view.cycle?.id === cycleId && view.cycle.phase === 'voting' ? true : undefined;
  });
  for (const chosen of first.slice(0, 2)) await owner.client.ok('PUT', `/api/proposals/${chosen.id}/vote`, { vote: 'for' });
  const laws = await waitFor(
    'the two laws of the first cycle with their creator',
    async () => {
      const { laws } = await owner.client.ok<LawList>('GET', `/api/laws?cycleId=${cycleId}`);
      return laws.length === 2 && laws.every((law) => law.state === 'creation' && law.creators.some((c) => c.userId === owner.id)) ? laws : undefined;
    },
    30_000,
  );
  const byTitle = (title: string) => laws.find((law) => law.title === title)!.id;
  const [drafted, deleted] = await Promise.all([
    owner.client.ok<LawDetail>('GET', `/api/laws/${byTitle(first[0]!.title)}`),
    owner.client.ok<LawDetail>('GET', `/api/laws/${byTitle(first[1]!.title)}`),
  ]);
  return { drafted, deleted };
}

/** The owner's groups, articles and sources in the drafted law. */
async function draft(owner: Member, lawId: string) {
  const api = owner.client;
  const groupId = async (name: string) => (await api.ok<LawDetail>('POST', `/api/laws/${lawId}/groups`, { name })).groups.find((g) => g.name === name)!.id;
  const deletedGroup = await groupId('Group to delete');
  const renamedGroup = await groupId('Group to rename'); // second, so it can move up
  const article = async (body: string, group: string | null) => (await api.ok<{ id: string }>('POST', `/api/laws/${lawId}/articles`, { body, groupId: group })).id;
  const edited = await article('Article to edit.', renamedGroup);
  const deleted = await article('Article to delete.', null);
  const source = async (title: string) => (await api.ok<{ id: string }>('POST', '/api/sources', { targetKind: 'law', targetId: lawId, type: 6, title })).id;
  const sources = { edited: await source('Source to edit'), deletedBy: { scribe: await source('Source A'), moderator: await source('Source B'), owner: await source('Source C') } };
  return { groups: { renamed: renamedGroup, deleted: deletedGroup }, articles: { edited, deleted }, sources };
}

/**
 * Waits until the suspension reached the services that keep it as a projection (decisions and
 * elections answer the suspended member's vote with a refusal), so the matrix sees settled state.
 */
async function suspensionKnown(suspended: Member): Promise<void> {
  await waitFor('decisions and elections to know the suspension', async () => {
    const [decisions, elections] = await Promise.all([
      suspended.client.request('PUT', `/api/proposals/${MADE_UP_ID}/vote`, { json: { vote: 'for' } }),
      suspended.client.request('POST', '/api/candidates/votes', { json: { vote: 1, candidateId: MADE_UP_ID, userId: suspended.id, candidateTo: 2 } }),
    ]);
    return decisions.status === 403 && elections.status === 403 ? true : undefined;
  });
}

async function buildWorld(baseUrl: string, mailUrl: string, moderatorEmail: string): Promise<{ shared: World; local: Record<Named, Member> }> {
  const register = (name: Named, email?: string) => registerVerified(baseUrl, mailUrl, sourceAddress(ADDRESSES[name]), account(name, email));
  const [user, owner, suspended, scribe, moderator, bystander] = await Promise.all([
    register('user'),
    register('owner'),
    register('suspended'),
    register('scribe'),
    register('moderator', moderatorEmail),
    register('bystander'),
  ]);

  const [, laws] = await Promise.all([elect(user, scribe, moderator), draftingLaws(owner)]);
  await moderator.client.ok('POST', `/api/users/${suspended.id}/suspension`, { minutes: 1440 });
  // Suspending revokes the member's earlier tokens everywhere: a new session, as the shell's silent refresh would.
  await logIn(suspended);

  // The second cycle opened when the first left its proposals phase: the owner's proposals go there.
  const propose = async (title: string) => (await owner.client.ok<Proposal>('POST', '/api/proposals', proposal(title))).id;
  const proposals = {
    edited: await propose('Proposal to edit'),
    deleted: await propose('Proposal to delete'),
    toSignal: { user: await propose('Proposal A to signal'), suspended: await propose('Proposal B to signal'), scribe: await propose('Proposal C to signal'), moderator: await propose('Proposal D to signal') },
  };
  const drafted = await draft(owner, laws.drafted.id);
  await suspensionKnown(suspended);
  // Two alerts of the owner's own, from the moderator (a trusted caller): an alert to every member
  // (a phase change, say) is any member's to read or delete for themselves.
  const personalAlert = () =>
    waitFor('a personal alert for the owner', async () => {
      const created = await moderator.client.request('POST', '/api/users/notifications', { json: { userId: owner.id, messageKey: alertMessageKeys[0], params: {}, link: null } });
      return created.status === 201 ? String((created.body as { id: number }).id) : undefined;
    });
  const alerts = { read: await personalAlert(), deleted: await personalAlert() };
  const cycles = await owner.client.ok<{ cycles: CycleSummary[] }>('GET', '/api/decisions');
  if (!cycles.cycles.some((cycle) => cycle.phase === 'proposals' && cycle.proposals < 15)) throw new Error('the second cycle must stay in its proposals phase');

  const members = { user, owner, suspended, scribe, moderator, bystander };
  return {
    shared: {
      members: Object.fromEntries(named.map((name) => [name, detailsOf(members[name])])) as Record<Named, MemberDetails>,
      proposals,
      laws: { drafted: laws.drafted.id, deleted: laws.deleted.id },
      ...drafted,
      alerts,
    },
    local: members,
  };
}

/**
 * The run's world: built here when this file is the first to ask (its members keep their sessions),
 * else as another file built it. Takes up to a few tens of seconds either way.
 */
export function sharedWorld(baseUrl: string, mailUrl: string, moderatorEmail: string): Promise<{ shared: World; local: Record<Named, Member> | null }> {
  return buildOnce('world', () => buildWorld(baseUrl, mailUrl, moderatorEmail));
}

/** The matrix's cast: the shared world with every member logged in for this file. */
export async function buildCast(baseUrl: string, mailUrl: string, moderatorEmail: string): Promise<Cast> {
  const { shared: world, local } = await sharedWorld(baseUrl, mailUrl, moderatorEmail);
  const members =
    local ??
    (Object.fromEntries(await Promise.all(named.map(async (name) => [name, await logInAgain(baseUrl, sourceAddress(ADDRESSES[name]), world.members[name])] as const))) as Record<Named, Member>);
  return {
    ...world,
    clients: {
      visitor: new Client(baseUrl, sourceAddress(10)),
      user: members.user.client,
      owner: members.owner.client,
      suspended: members.suspended.client,
      scribe: members.scribe.client,
      moderator: members.moderator.client,
    },
    members,
  };
}
