import { ChatDraftSettled, Role, UserSuspended, type Article, type LawDetail, type LawKanban, type LawList, type Proposal, type ProposalKanban, type ProposalList, type Source } from '@civic/contracts';
import { publishEvent, waitFor } from '@civic/test-kit';
import { DAY, proposalInput, startHarness, type Harness, type Member } from './support/harness.js';

/**
 * The `may` of every answer against what the action's route then answers, role by role (visitor,
 * plain member, author, creator of the law, suspended member, scribe, moderator): read the target as
 * that caller, act as that caller, and the flag must be true exactly when the action was not refused
 * (refusals: 401, 403, and 404 for deleted or hidden content, docs/product.md#roles-and-permissions).
 * A target hidden from a caller (its read answers 404) is refused to their action too.
 *
 * One cycle: three proposals voted on (one selected, one given a second chance, one rejected), the
 * selected one's law with its two creators (one of them suspended after the draw), and a proposal
 * submitted in the next cycle.
 */
let h: Harness;
let selectedAuthor: Member;
let secondChanceAuthor: Member;
let rejectedAuthor: Member;
let submittedAuthor: Member;
let creator: Member;
let suspendedCreator: Member;
let suspended: Member;
let member: Member;
let scribe: Member;
let moderator: Member;
const ids = { selected: '', secondChance: '', rejected: '', submitted: '' };

type Injected = { statusCode: number; json<T = unknown>(): T };
/** A caller; undefined is a visitor. */
type Who = Member | undefined;
type Roles = [role: string, who: Who][];

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: Who, payload?: unknown): Promise<Injected> =>
  h.app.inject({ method, url, headers: who?.headers, payload: payload as object }) as unknown as Promise<Injected>;

/** The roles whose read of `path` gives `may[flag]` true. */
async function rolesMay(path: string, flag: string, roles: Roles): Promise<string[]> {
  const allowed: string[] = [];
  for (const [role, who] of roles) {
    const read = await call('GET', path, who);
    if (read.statusCode === 200 && read.json<{ may: Record<string, boolean> }>().may[flag] === true) allowed.push(role);
  }
  return allowed;
}

const refused = (answer: Injected) => [401, 403, 404].includes(answer.statusCode);

/**
 * Role by role in the order given: reads `path`, then acts; answers every disagreement between the
 * flag read and the action's answer.
 */
async function disagreements(path: string, flag: string, roles: Roles, act: (who: Who) => Promise<Injected>): Promise<string[]> {
  const found: string[] = [];
  for (const [role, who] of roles) {
    const read = await call('GET', path, who);
    const answer = await act(who);
    if (read.statusCode === 404) {
      if (!refused(answer)) found.push(`${role}: ${path} is hidden (404), yet the action answered ${answer.statusCode}`);
      continue;
    }
    const may = read.json<{ may: Record<string, boolean> }>().may[flag];
    if (may === refused(answer)) found.push(`${role}: may.${flag} is ${String(may)}, the action answered ${answer.statusCode}`);
  }
  return found;
}

/** The roles of a proposal's checks, its author last (whose deletion comes after every refusal). */
const proposalRoles = (author: Member): Roles => [
  ['visitor', undefined],
  ['member', member],
  ['suspended', suspended],
  ['scribe', scribe],
  ['moderator', moderator],
  ['author', author],
];

beforeAll(async () => {
  h = await startHarness({ SELECTED_PROPOSALS: '1', SECOND_CHANCE_PROPOSALS: '1', CREATORS_PER_LAW: '2', START_MIN_PROPOSALS: '3' });
  await h.scheduler.tick(); // opens cycle 1
  [selectedAuthor, secondChanceAuthor, rejectedAuthor, submittedAuthor] = [
    await h.member({ name: 'Selected author' }),
    await h.member({ name: 'Second-chance author' }),
    await h.member({ name: 'Rejected author' }),
    await h.member({ name: 'Submitted author' }),
  ];
  [creator, suspendedCreator, suspended, member] = [await h.member({ name: 'Creator' }), await h.member({ name: 'Suspended creator' }), await h.member({ name: 'Suspended' }), await h.member({ name: 'Member' })];
  scribe = await h.member({ name: 'Scribe', role: Role.Scribe });
  moderator = await h.member({ name: 'Moderator', role: Role.Moderator });
  await suspend(suspended);

  const propose = async (author: Member, title: string) => (await call('POST', '/api/proposals', author, proposalInput(title))).json<Proposal>().id;
  ids.selected = await propose(selectedAuthor, 'Free buses on Sundays');
  ids.secondChance = await propose(secondChanceAuthor, 'School gardens');
  ids.rejected = await propose(rejectedAuthor, 'Night trains');
  h.clock.advance(14 * DAY);
  await h.scheduler.tick(); // cycle 1 votes, cycle 2 opens for proposals
}, 120_000);

afterAll(async () => {
  await h?.close();
});

async function suspend(who: Member): Promise<void> {
  await h.publish(UserSuspended, { userId: who.id, until: new Date(h.clock.now().getTime() + 90 * DAY).toISOString() });
  await waitFor(async () => (await h.db.citizen.findUnique({ where: { userId: who.id } }))?.suspendedUntil != null);
}

describe('a proposal’s may, role by role, against its actions', () => {
  it('vote: a verified member who is not suspended, its author too, while it is in its vote', async () => {
    const path = `/api/proposals/${ids.rejected}`;
    const roles = proposalRoles(rejectedAuthor);
    expect(await rolesMay(path, 'vote', roles)).toEqual(['member', 'scribe', 'moderator', 'author']);
    expect(await disagreements(path, 'vote', roles, (who) => call('PUT', `${path}/vote`, who, { vote: 'blank' }))).toEqual([]);
    // Taken back, so that only the two voters below take part in the draw.
    expect(await disagreements(path, 'vote', roles, (who) => call('DELETE', `${path}/vote`, who))).toEqual([]);
    expect(await rolesMay(`/api/proposals/${ids.selected}`, 'edit', roles)).toEqual([]);
  });

  it('closes the vote: one selected, one second chance, one rejected; the law’s creators are its two voters', async () => {
    for (const voter of [creator, suspendedCreator]) expect((await call('PUT', `/api/proposals/${ids.selected}/vote`, voter, { vote: 'for' })).statusCode).toBe(200);
    expect((await call('PUT', `/api/proposals/${ids.secondChance}/vote`, creator, { vote: 'for' })).statusCode).toBe(200);
    h.clock.advance(7 * DAY);
    await h.scheduler.tick(); // creation
    await suspend(suspendedCreator);
    ids.submitted = (await call('POST', '/api/proposals', submittedAuthor, proposalInput('Clean rivers', 'environment'))).json<Proposal>().id;
    const states = await Promise.all(Object.values(ids).map(async (id) => (await h.db.proposal.findUniqueOrThrow({ where: { id } })).state));
    expect(states).toEqual(['selected', 'second-chance', 'rejected', 'submitted']);
    const law = (await call('GET', `/api/laws/${ids.selected}`)).json<LawDetail>();
    expect(law.creators.map((each) => each.userId).sort()).toEqual([creator.id, suspendedCreator.id].sort());
  });

  it('submitted: its author edits and removes it; anyone logged in but its author and the suspended signals it; then a moderator edits it (which settles the signal) and, signalled again, removes it', async () => {
    const path = `/api/proposals/${ids.submitted}`;
    const roles = proposalRoles(submittedAuthor);
    const edit = (who: Who) => call('PUT', path, who, { ...proposalInput('Clean rivers', 'environment'), reason: 'Clearer wording.' });
    expect(await rolesMay(path, 'edit', roles)).toEqual(['author']);
    expect(await rolesMay(path, 'remove', roles)).toEqual(['author']);
    expect(await disagreements(path, 'edit', roles, edit)).toEqual([]);
    // A suspended member signals nothing (the suspension error other actions give).
    expect(await rolesMay(path, 'signal', roles)).toEqual(['member', 'scribe', 'moderator']);
    expect(await disagreements(path, 'signal', roles, (who) => call('POST', `${path}/signal`, who))).toEqual([]);
    expect(await rolesMay(path, 'edit', roles)).toEqual(['moderator', 'author']);
    expect(await rolesMay(path, 'remove', roles)).toEqual(['moderator', 'author']);
    expect(await rolesMay(path, 'pin', roles)).toEqual(['moderator']);
    expect(await disagreements(path, 'edit', roles, edit)).toEqual([]);
    // The moderator's edit settled the signal: signalled again, the moderator may remove it.
    expect(await rolesMay(path, 'remove', roles)).toEqual(['author']);
    expect((await call('POST', `${path}/signal`, member)).statusCode).toBe(200);
    expect(await disagreements(path, 'pin', roles, (who) => call('PUT', `${path}/pin`, who, { pin: true }))).toEqual([]);
    expect(await disagreements(path, 'remove', roles, (who) => call('DELETE', path, who))).toEqual([]);
    // The moderator removed it first: its author may no longer do anything with it.
    const own = (await call('GET', path, submittedAuthor)).json<Proposal>();
    expect(own).toMatchObject({ state: 'deleted', deletedByModerator: true });
    expect(own.may).toEqual({ edit: false, remove: false, resubmit: false, signal: false, pin: false, vote: false });
  });

  it('second chance: its author edits and removes it, then resubmits it', async () => {
    const path = `/api/proposals/${ids.secondChance}`;
    const roles = proposalRoles(secondChanceAuthor);
    expect(await rolesMay(path, 'edit', roles)).toEqual(['author']);
    expect(await rolesMay(path, 'remove', roles)).toEqual(['author']);
    expect(await disagreements(path, 'edit', roles, (who) => call('PUT', path, who, proposalInput('School gardens', 'education')))).toEqual([]);
    expect(await disagreements(path, 'remove', roles, (who) => call('DELETE', path, who))).toEqual([]);
    expect(await rolesMay(path, 'resubmit', roles)).toEqual(['author']);
    expect(await disagreements(path, 'resubmit', roles, (who) => call('POST', `${path}/resubmit`, who))).toEqual([]);
    expect((await call('GET', path, secondChanceAuthor)).json<Proposal>()).toMatchObject({ state: 'submitted', may: { edit: true, remove: true, resubmit: false } });
  });

  it('selected: nobody edits or removes it, not even its author', async () => {
    const path = `/api/proposals/${ids.selected}`;
    const roles = proposalRoles(selectedAuthor);
    expect(await rolesMay(path, 'edit', roles)).toEqual([]);
    expect(await rolesMay(path, 'remove', roles)).toEqual([]);
    expect(await disagreements(path, 'edit', roles, (who) => call('PUT', path, who, { ...proposalInput('Free buses on Sundays'), reason: 'Clearer wording.' }))).toEqual([]);
    expect(await disagreements(path, 'remove', roles, (who) => call('DELETE', path, who))).toEqual([]);
  });

  it('rejected: hidden but from its author and moderators; nobody edits or removes it; its author resubmits it', async () => {
    const path = `/api/proposals/${ids.rejected}`;
    const roles = proposalRoles(rejectedAuthor);
    expect(await rolesMay(path, 'edit', roles)).toEqual([]);
    expect(await rolesMay(path, 'remove', roles)).toEqual([]);
    expect(await rolesMay(path, 'signal', roles)).toEqual([]);
    expect(await disagreements(path, 'edit', roles, (who) => call('PUT', path, who, proposalInput('Night trains')))).toEqual([]);
    expect(await disagreements(path, 'remove', roles, (who) => call('DELETE', path, who))).toEqual([]);
    expect(await disagreements(path, 'signal', roles, (who) => call('POST', `${path}/signal`, who))).toEqual([]);
    expect(await rolesMay(path, 'resubmit', roles)).toEqual(['author']);
    expect(await disagreements(path, 'resubmit', roles, (who) => call('POST', `${path}/resubmit`, who))).toEqual([]);
  });

  it('every answer about a proposal carries the same may as the proposal’s own read', async () => {
    for (const [role, who] of proposalRoles(secondChanceAuthor)) {
      const own = (await call('GET', `/api/proposals/${ids.secondChance}`, who)).json<Proposal>();
      const list = (await call('GET', '/api/proposals', who)).json<ProposalList>().proposals.find((each) => each.id === ids.secondChance);
      const board = (await call('GET', '/api/kanban/proposals', who)).json<ProposalKanban>().columns.flatMap((column) => column.proposals).find((each) => each.id === ids.secondChance);
      const cycle = (await call('GET', `/api/decisions/${own.cycleId}`, who)).json<{ proposals: Proposal[] }>().proposals.find((each) => each.id === ids.secondChance);
      expect({ role, list: list?.may, board: board?.may, cycle: cycle?.may }).toEqual({ role, list: own.may, board: own.may, cycle: own.may });
    }
    const voting = (await call('GET', '/api/decisions/voting-on-proposals', selectedAuthor)).json<{ proposals: Proposal[] }>();
    expect(voting.proposals.find((each) => each.id === ids.selected)?.may).toEqual((await call('GET', `/api/proposals/${ids.selected}`, selectedAuthor)).json<Proposal>().may);
  });
});

describe('a law’s may and its content’s, role by role, against their actions', () => {
  /** The law's roles: its author (the selected proposal's) is no creator; the creator who writes comes last. */
  const lawRoles = (): Roles => [
    ['visitor', undefined],
    ['member', member],
    ['author', selectedAuthor],
    ['suspended creator', suspendedCreator],
    ['scribe', scribe],
    ['moderator', moderator],
    ['creator', creator],
  ];
  const lawPath = () => `/api/laws/${ids.selected}`;
  let articleId: string;
  let sourceId: string;

  it('draft: the law’s creators, not suspended, and nobody else (its author neither)', async () => {
    expect(await rolesMay(lawPath(), 'draft', lawRoles())).toEqual(['creator']);
    expect(await disagreements(lawPath(), 'draft', lawRoles(), (who) => call('POST', `${lawPath()}/groups`, who, { name: 'Stops' }))).toEqual([]);
    expect(await disagreements(lawPath(), 'draft', lawRoles(), (who) => call('POST', `${lawPath()}/articles`, who, { body: 'Buses are free on Sundays.' }))).toEqual([]);
    const law = (await call('GET', lawPath(), creator)).json<LawDetail>();
    expect(law.groups.map((group) => group.name)).toEqual(['Stops']);
    expect(law.articles.map((article) => article.userId)).toEqual([creator.id]);
    articleId = law.articles[0]!.id;
  });

  it('lists and boards carry the same may as the law’s own read', async () => {
    for (const [role, who] of lawRoles()) {
      const own = (await call('GET', lawPath(), who)).json<LawDetail>();
      const listed = (await call('GET', `/api/laws?cycleId=${own.cycleId}`, who)).json<LawList>().laws.find((law) => law.id === ids.selected);
      const board = (await call('GET', '/api/kanban/laws', who)).json<LawKanban>().columns.flatMap((column) => column.laws).find((law) => law.id === ids.selected);
      const article = (await call('GET', `${lawPath()}/articles/${articleId}`, who)).json<Article>();
      expect({ role, listed: listed?.may, board: board?.may, article: article.may }).toEqual({ role, listed: own.may, board: own.may, article: own.articles[0]!.may });
    }
  });

  it('liveEdit: the law’s creators, not suspended; a live save (chat.draft.settled) is written exactly for them', async () => {
    const path = `${lawPath()}/articles/${articleId}`;
    expect(await rolesMay(path, 'liveEdit', lawRoles())).toEqual(['creator']);
    const found: string[] = [];
    for (const [role, who] of lawRoles()) {
      if (!who) continue; // a visitor has no socket to type on
      const read = (await call('GET', path, who)).json<Article>();
      const body = `${read.body} (${role})`;
      const payload = { lawId: ids.selected, textKind: 'article' as const, textId: articleId, body, baseBody: read.body, savedBy: who.id, coEditors: [], at: h.clock.now().toISOString() };
      const event = await publishEvent(h.bus, ChatDraftSettled, payload);
      await waitFor(async () => (await h.db.inboxEvent.count({ where: { eventId: event.id } })) === 1, 10_000);
      const written = (await call('GET', path, who)).json<Article>().body === body;
      if (read.may.liveEdit !== written) found.push(`${role}: may.liveEdit is ${String(read.may.liveEdit)}, the save was ${written ? 'written' : 'not written'}`);
    }
    expect(found).toEqual([]);
  });

  it('an article: its author amends, moves, edits and removes it; a scribe edits it once signalled to the scribes', async () => {
    const path = `${lawPath()}/articles/${articleId}`;
    expect(await rolesMay(path, 'edit', lawRoles())).toEqual(['creator']);
    expect(await rolesMay(path, 'signalScribe', lawRoles())).toEqual(['creator']);
    expect(await disagreements(path, 'amend', lawRoles(), (who) => call('POST', `${path}/amendments`, who, { title: null, body: 'Buses are free every day.' }))).toEqual([]);
    expect(await disagreements(path, 'move', lawRoles(), (who) => call('POST', `${path}/move`, who, { direction: 'up' }))).toEqual([]);
    expect(await disagreements(path, 'signalScribe', lawRoles(), (who) => call('POST', `${path}/signal`, who, { to: 'scribe' }))).toEqual([]);
    expect(await rolesMay(path, 'edit', lawRoles())).toEqual(['scribe', 'creator']);
    const edit = (who: Who) => call('PUT', path, who, { title: null, body: 'Buses are free on Sundays and holidays.', reason: 'Clearer wording.' });
    expect(await disagreements(path, 'edit', lawRoles(), edit)).toEqual([]);
    expect(await rolesMay(path, 'signalModerator', lawRoles())).toEqual(['member', 'author', 'scribe', 'moderator']);
    expect(await disagreements(path, 'signalModerator', lawRoles(), (who) => call('POST', `${path}/signal`, who, { to: 'moderator' }))).toEqual([]);
    const amendment = (await call('GET', path, creator)).json<Article>().amendments[0]!;
    expect(amendment.may).toMatchObject({ edit: true, liveEdit: true, amend: false, move: false });
    expect(await rolesMay(`${lawPath()}/articles/${amendment.id}`, 'liveEdit', lawRoles())).toEqual(['creator']);
    expect(await rolesMay(path, 'remove', lawRoles())).toEqual(['moderator', 'creator']);
    // The moderator's removal comes first: the creator then finds it gone.
    expect(await disagreements(path, 'remove', lawRoles(), (who) => call('DELETE', path, who))).toEqual([]);
  });

  it('the law: its author edits it; a source on it: who may edit the law, its creators and moderators', async () => {
    expect(await rolesMay(lawPath(), 'edit', lawRoles())).toEqual(['author']);
    const edit = (who: Who) => call('PUT', lawPath(), who, { title: 'Free buses on Sundays', description: 'Reworded by its author.' });
    expect(await disagreements(lawPath(), 'edit', lawRoles(), edit)).toEqual([]);
    expect(await rolesMay(lawPath(), 'addSource', lawRoles())).toEqual(['author', 'creator']);
    const add = (who: Who) => call('POST', '/api/sources', who, { targetKind: 'law', targetId: ids.selected, type: 6, title: 'A note' });
    expect(await disagreements(lawPath(), 'addSource', lawRoles(), add)).toEqual([]);
    const law = (await call('GET', lawPath(), creator)).json<LawDetail>();
    expect(law.sources).toHaveLength(2);
    sourceId = law.sources.find((source) => source.userId === creator.id)!.id;
    const path = `/api/sources/${sourceId}`;
    expect(await rolesMay(path, 'edit', lawRoles())).toEqual(['author', 'moderator', 'creator']);
    expect((await call('GET', path, creator)).json<Source>().may).toEqual(law.sources.find((source) => source.id === sourceId)!.may);
    expect(await disagreements(path, 'edit', lawRoles(), (who) => call('PUT', path, who, { type: 6, title: 'A note, reworded' }))).toEqual([]);
    expect(await disagreements(path, 'pin', lawRoles(), (who) => call('PUT', `${path}/pin`, who, { pin: true }))).toEqual([]);
    expect(await disagreements(path, 'remove', lawRoles(), (who) => call('DELETE', path, who))).toEqual([]);
  });
});
