import { randomUUID } from 'node:crypto';
import { ErrorMessages, Role, UserRoleChanged, UserSuspended, UserSuspensionLifted, type Proposal, type ProposalList } from '@civic/contracts';
import { waitFor } from '@civic/test-kit';
import { DAY, outboxSubjects, proposalInput, startHarness, type Harness, type Member } from './support/harness.js';

let h: Harness;
let alice: Member;
let bob: Member;
let carol: Member;
let moderator: Member;

beforeAll(async () => {
  h = await startHarness({ MAX_PROPOSALS_PER_CYCLE: '3' });
  await h.scheduler.tick(); // opens cycle 1
  [alice, bob, carol] = [await h.member({ name: 'Alice' }), await h.member({ name: 'Bob' }), await h.member({ name: 'Carol' })];
  moderator = await h.member({ name: 'Mo', role: Role.Moderator });
});

afterAll(async () => {
  await h.close();
});

const post = (url: string, headers?: Record<string, string>, payload?: unknown) => h.app.inject({ method: 'POST', url, headers, payload: payload as object });
const put = (url: string, headers?: Record<string, string>, payload?: unknown) => h.app.inject({ method: 'PUT', url, headers, payload: payload as object });
const del = (url: string, headers?: Record<string, string>) => h.app.inject({ method: 'DELETE', url, headers });
const list = async (headers?: Record<string, string>, query = '') => (await h.app.inject({ url: `/api/proposals${query}`, headers })).json<ProposalList>();
const counts = async () => ({ proposals: await h.db.proposal.count(), events: await h.db.outboxEvent.count() });

function expectError(response: { statusCode: number; json(): unknown }, statusCode: number, message: string) {
  expect(response.statusCode).toBe(statusCode);
  expect(response.json()).toMatchObject({ statusCode, statusMessage: message });
}

describe('submitting proposals', () => {
  it('refuses visitors (401) and unverified members (403) without any change', async () => {
    const before = await counts();
    expectError(await post('/api/proposals', undefined, proposalInput()), 401, ErrorMessages.unauthorized);
    const unverified = await h.member({ verified: false });
    expectError(await post('/api/proposals', unverified.headers, proposalInput()), 403, ErrorMessages.unauthorizedAction);
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['a title under 3 characters', { ...proposalInput(), title: 'ab' }, ErrorMessages.badRequest],
    ['a title over 256 characters', { ...proposalInput(), title: 'x'.repeat(257) }, ErrorMessages.badRequest],
    ['a description over 600 characters', { ...proposalInput(), description: 'y'.repeat(601) }, ErrorMessages.badRequest],
    ['a title of spaces only', { ...proposalInput(), title: '     ' }, ErrorMessages.badRequest],
    ['an unknown category', { ...proposalInput(), category: 'weather' }, ErrorMessages.badRequest],
    ['a number as title', { ...proposalInput(), title: 12345 }, ErrorMessages.badRequest],
    ['an unknown field', { ...proposalInput(), pin: true }, ErrorMessages.badRequest],
    ['a missing description', { title: 'A fine title', category: 'health' }, ErrorMessages.missingRequiredFields],
    ['a NUL byte in a title', { ...proposalInput(), title: 'Free\u0000buses' }, ErrorMessages.forbiddenCharacters],
    ['a NUL byte in a description', { ...proposalInput(), description: 'Buses\u0000for all' }, ErrorMessages.forbiddenCharacters],
    ['a newline in a title', { ...proposalInput(), title: 'Free\nbuses' }, ErrorMessages.forbiddenCharacters],
    ['a right-to-left override in a title', { ...proposalInput(), title: 'Free \u202esesub' }, ErrorMessages.forbiddenCharacters],
    ['a title of zero-width spaces', { ...proposalInput(), title: '\u200b\u200b\u200b\u200b' }, ErrorMessages.invisibleText],
  ])('answers 400 for %s, in the spec shape, with no change', async (_name, payload, message) => {
    const before = await counts();
    const response = await post('/api/proposals', alice.headers, payload);
    expectError(response, 400, message);
    expect(Object.keys(response.json<object>()).sort()).toEqual(['data', 'statusCode', 'statusMessage']);
    expect(await counts()).toEqual(before);
  });

  it('takes a proposal from a verified member, publishes ProposalCreated once, and refuses a second one within 7 days (429)', async () => {
    const response = await post('/api/proposals', alice.headers, proposalInput('Free buses on Sundays'));
    expect(response.statusCode).toBe(201);
    const proposal = response.json<Proposal>();
    expect(proposal).toMatchObject({
      title: 'Free buses on Sundays',
      category: 'transport',
      state: 'submitted',
      userId: alice.id,
      userName: 'Alice',
      moderationStatus: 0,
      pin: false,
      deletedByModerator: false,
      counts: { for: 0, against: 0, neutral: 0, blank: 0, score: 0 },
      myVote: null,
      rank: null,
    });
    expect((await outboxSubjects(h.db)).filter((s) => s === 'decisions.proposal.created')).toHaveLength(1);
    const before = await counts();
    expectError(await post('/api/proposals', alice.headers, proposalInput('Another idea')), 429, ErrorMessages.onlyOneProposal);
    expect(await counts()).toEqual(before);
    expect((await list()).proposals.map((p) => p.title)).toEqual(['Free buses on Sundays']);
  });

  it('tells a member when they may propose again: 7 days after their last submission, or now', async () => {
    const quota = async (member: Member) => (await h.app.inject({ url: '/api/proposals/quota', headers: member.headers })).json<{ lastProposalAt: string | null; nextProposalAt: string | null; cycleFull: boolean }>();
    expectError(await h.app.inject({ url: '/api/proposals/quota' }), 401, ErrorMessages.unauthorized);
    const [mine] = (await list(alice.headers)).proposals;
    const submitted = (await h.db.proposal.findUniqueOrThrow({ where: { id: mine!.id } })).submittedAt;
    expect(await quota(alice)).toEqual({
      lastProposalAt: submitted.toISOString(),
      nextProposalAt: new Date(submitted.getTime() + 7 * DAY).toISOString(),
      cycleFull: false,
    });
    expect(await quota(carol)).toEqual({ lastProposalAt: null, nextProposalAt: null, cycleFull: false });
  });

  it('does not give the quota back when the author deletes their proposal', async () => {
    const erin = await h.member({ name: 'Erin' });
    const created = await post('/api/proposals', erin.headers, proposalInput('Withdrawn idea', 'culture-and-sports'));
    expect(created.statusCode).toBe(201);
    const quotaBefore = (await h.app.inject({ url: '/api/proposals/quota', headers: erin.headers })).json<{ nextProposalAt: string }>();
    expect(quotaBefore.nextProposalAt).not.toBeNull();
    expect((await del(`/api/proposals/${created.json<Proposal>().id}`, erin.headers)).statusCode).toBe(204);
    expect((await h.app.inject({ url: '/api/proposals/quota', headers: erin.headers })).json()).toMatchObject({ nextProposalAt: quotaBefore.nextProposalAt });
    const refused = await post('/api/proposals', erin.headers, proposalInput('Another idea', 'culture-and-sports'));
    expectError(refused, 429, ErrorMessages.onlyOneProposal);
    expect(refused.json()).toMatchObject({ data: { retryAt: quotaBefore.nextProposalAt } });
  });

  it('blocks a suspended member at once (403 Suspension error) and lets them propose once lifted', async () => {
    await h.publish(UserSuspended, { userId: bob.id, until: new Date(h.clock.now().getTime() + DAY).toISOString() });
    await waitFor(async () => (await h.db.citizen.findUnique({ where: { userId: bob.id } }))?.suspendedUntil != null);
    expectError(await post('/api/proposals', bob.headers, proposalInput('Bob idea')), 403, ErrorMessages.suspensionError);
    await h.publish(UserSuspensionLifted, { userId: bob.id });
    await waitFor(async () => (await h.db.citizen.findUnique({ where: { userId: bob.id } }))?.suspendedUntil === null);
    expect((await post('/api/proposals', bob.headers, proposalInput('School gardens', 'education'))).statusCode).toBe(201);
  });

  it('applies suspension events in the order they happened, whatever order they arrive in', async () => {
    const late = await h.member();
    const earlier = new Date(Date.now() - 60_000);
    await h.publish(UserSuspensionLifted, { userId: late.id }, new Date());
    await waitFor(async () => (await h.db.inboxEvent.count({ where: { subject: 'identity.user.suspension-lifted' } })) === 2);
    await h.publish(UserSuspended, { userId: late.id, until: new Date(h.clock.now().getTime() + DAY).toISOString() }, earlier);
    await waitFor(async () => (await h.db.inboxEvent.count({ where: { subject: 'identity.user.suspended' } })) === 2);
    expect((await h.db.citizen.findUniqueOrThrow({ where: { userId: late.id } })).suspendedUntil).toBeNull();
  });

  it('refuses a proposal beyond the per-cycle maximum with "Too many proposals, come back later" (409), and says the cycle is full', async () => {
    expect((await post('/api/proposals', carol.headers, proposalInput('Clean rivers', 'environment'))).statusCode).toBe(201);
    const dave = await h.member();
    expect((await h.app.inject({ url: '/api/proposals/quota', headers: dave.headers })).json()).toEqual({ lastProposalAt: null, nextProposalAt: null, cycleFull: true });
    const before = await counts();
    expectError(await post('/api/proposals', dave.headers, proposalInput('One too many')), 409, ErrorMessages.tooManyProposals);
    expect(await counts()).toEqual(before);
  });

  it('filters by category and reads one proposal; an unknown id is 404, a malformed one 400', async () => {
    expect((await list(undefined, '?category=education')).proposals.map((p) => p.title)).toEqual(['School gardens']);
    const [first] = (await list()).proposals;
    expect((await h.app.inject({ url: `/api/proposals/${first!.id}` })).json<Proposal>().id).toBe(first!.id);
    expectError(await h.app.inject({ url: `/api/proposals/${randomUUID()}` }), 404, ErrorMessages.notFound);
    expectError(await h.app.inject({ url: '/api/proposals/not-an-id' }), 400, ErrorMessages.badRequest);
    expectError(await h.app.inject({ url: '/api/proposals?category=weather' }), 400, ErrorMessages.badRequest);
  });
});

describe('changing proposals', () => {
  const byTitle = async (title: string) => (await list(alice.headers)).proposals.find((p) => p.title === title)!;

  it('lets the author edit, not another member, nor a moderator before a signal', async () => {
    const mine = await byTitle('Free buses on Sundays');
    // A description keeps its lines and tabs (a multi-line field); a title does not take them.
    const edited = await put(`/api/proposals/${mine.id}`, alice.headers, { ...proposalInput('Free buses on Sundays'), description: 'Edited by its author.\n\tSecond line.' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Proposal>().description).toBe('Edited by its author.\n\tSecond line.');
    expectError(await put(`/api/proposals/${mine.id}`, alice.headers, { ...proposalInput('Free buses\ton Sundays') }), 400, ErrorMessages.forbiddenCharacters);
    const before = await counts();
    expectError(await put(`/api/proposals/${mine.id}`, bob.headers, proposalInput('Hijacked')), 403, ErrorMessages.unauthorizedAction);
    expectError(await put(`/api/proposals/${mine.id}`, moderator.headers, proposalInput('Moderated')), 403, ErrorMessages.unauthorizedAction);
    expectError(await del(`/api/proposals/${mine.id}`, moderator.headers), 403, ErrorMessages.unauthorizedAction);
    expectError(await put(`/api/proposals/${mine.id}`, undefined, proposalInput('Visitor')), 401, ErrorMessages.unauthorized);
    expect(await counts()).toEqual(before);
    expect((await outboxSubjects(h.db)).filter((s) => s === 'decisions.proposal.edited')).toHaveLength(1);
  });

  it('lets any member but the author signal once; then a moderator edits it (the signal settled), and deletes it once signalled again, and it leaves every list', async () => {
    const target = await byTitle('Clean rivers');
    expectError(await post(`/api/proposals/${target.id}/signal`, carol.headers), 403, ErrorMessages.unauthorizedAction);
    expectError(await post(`/api/proposals/${target.id}/signal`), 401, ErrorMessages.unauthorized);
    const signalled = await post(`/api/proposals/${target.id}/signal`, bob.headers);
    expect(signalled.statusCode).toBe(200);
    expect(signalled.json<Proposal>().moderationStatus).toBe(1);
    expectError(await post(`/api/proposals/${target.id}/signal`, alice.headers), 403, ErrorMessages.unauthorizedAction);
    expect((await outboxSubjects(h.db)).filter((s) => s === 'decisions.proposal.signalled')).toHaveLength(1);

    // Its author's own edit does not answer the signal.
    const byAuthor = await put(`/api/proposals/${target.id}`, carol.headers, { ...proposalInput('Clean rivers', 'environment'), description: 'Reworded by its author.' });
    expect(byAuthor.json<Proposal>().moderationStatus).toBe(1);

    const moderated = await put(`/api/proposals/${target.id}`, moderator.headers, { ...proposalInput('Clean rivers', 'environment'), description: 'Reworded by a moderator.', reason: 'Signal handled' });
    expect(moderated.statusCode).toBe(200);
    expect(await h.db.outboxEvent.findFirst({ where: { subject: 'decisions.proposal.edited' }, orderBy: { seq: 'desc' } })).toMatchObject({
      payload: { proposalId: target.id, userId: carol.id, editorId: moderator.id, byModerator: true },
    });
    // The moderator's edit answers the signal: no badge for anyone, nothing left for a moderator to
    // do with it, and a member may signal it again.
    expect(moderated.json<Proposal>()).toMatchObject({ moderationStatus: 0, may: { edit: false, remove: false } });
    expect((await h.app.inject({ url: `/api/proposals/${target.id}` })).json<Proposal>().moderationStatus).toBe(0);
    expect((await h.app.inject({ url: `/api/proposals/${target.id}`, headers: bob.headers })).json<Proposal>().may.signal).toBe(true);
    expectError(await del(`/api/proposals/${target.id}`, moderator.headers), 403, ErrorMessages.unauthorizedAction);
    expect((await post(`/api/proposals/${target.id}/signal`, bob.headers)).json<Proposal>().moderationStatus).toBe(1);

    // An elected moderator whose token still says "user" moderates through identity's role event.
    const elected = await h.member({ name: 'Elected' });
    await h.publish(UserRoleChanged, { userId: elected.id, moderator: true, scribe: false });
    await waitFor(async () => (await h.db.citizen.findUnique({ where: { userId: elected.id } }))?.moderator === true);
    expect((await del(`/api/proposals/${target.id}`, elected.headers)).statusCode).toBe(204);

    expect((await list()).proposals.map((p) => p.id)).not.toContain(target.id);
    expectError(await h.app.inject({ url: `/api/proposals/${target.id}`, headers: bob.headers }), 404, ErrorMessages.notFound);
    // The author still sees it, deleted by a moderator, and can neither edit nor resubmit it.
    const own = await h.app.inject({ url: `/api/proposals/${target.id}`, headers: carol.headers });
    expect(own.json<Proposal>()).toMatchObject({ state: 'deleted', deletedByModerator: true });
    h.clock.advance(8 * DAY);
    expectError(await put(`/api/proposals/${target.id}`, carol.headers, proposalInput('Again')), 403, ErrorMessages.unauthorizedAction);
    expectError(await post(`/api/proposals/${target.id}/resubmit`, carol.headers), 403, ErrorMessages.unauthorizedAction);
    expect(await h.db.proposal.findUnique({ where: { id: target.id } })).toMatchObject({ state: 'deleted', deletedByModerator: true });
  });

  it('lets the author delete and later resubmit their own proposal, under the weekly rule', async () => {
    const bobs = await byTitle('School gardens');
    expect((await del(`/api/proposals/${bobs.id}`, bob.headers)).statusCode).toBe(204);
    const mine = (await list(bob.headers, '?state=deleted')).proposals;
    expect(mine.map((p) => p.id)).toEqual([bobs.id]);
    expect((await list(alice.headers, '?state=deleted')).proposals).toEqual([]);
    expect((await list(undefined, '?state=deleted')).proposals).toEqual([]);
    // Hidden from everyone but its author.
    expectError(await post(`/api/proposals/${bobs.id}/resubmit`, alice.headers), 404, ErrorMessages.notFound);
    // Bob proposed 8 days ago (the clock moved): a resubmission is a submission, allowed again after 7 days.
    const resubmitted = await post(`/api/proposals/${bobs.id}/resubmit`, bob.headers);
    expect(resubmitted.statusCode).toBe(200);
    expect(resubmitted.json<Proposal>()).toMatchObject({ state: 'submitted', deletedByModerator: false });
    expectError(await post(`/api/proposals/${bobs.id}/resubmit`, bob.headers), 403, ErrorMessages.unauthorizedAction);
  });

  it('lets moderators pin, nobody else', async () => {
    const mine = await byTitle('Free buses on Sundays');
    expectError(await put(`/api/proposals/${mine.id}/pin`, alice.headers, { pin: true }), 403, ErrorMessages.unauthorizedAction);
    expectError(await put(`/api/proposals/${mine.id}/pin`, moderator.headers, { pin: 'yes' }), 400, ErrorMessages.badRequest);
    const pinned = await put(`/api/proposals/${mine.id}/pin`, moderator.headers, { pin: true });
    expect(pinned.json<Proposal>().pin).toBe(true);
  });

  it('refuses votes outside the voting phase', async () => {
    const mine = await byTitle('Free buses on Sundays');
    const before = await h.db.proposalVote.count();
    expectError(await put(`/api/proposals/${mine.id}/vote`, bob.headers, { vote: 'for' }), 403, ErrorMessages.unauthorizedAction);
    expectError(await put(`/api/proposals/${mine.id}/vote`, undefined, { vote: 'for' }), 401, ErrorMessages.unauthorized);
    expect(await h.db.proposalVote.count()).toBe(before);
  });

  it('serves its OpenAPI document', async () => {
    const response = await h.app.inject({ url: '/api/decisions/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/decisions', '/api/decisions/{id}', '/api/proposals', '/api/proposals/{id}/vote', '/api/kanban/proposals', '/api/decisions/voting-on-proposals']),
    );
  });
});
