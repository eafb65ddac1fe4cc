import { ErrorMessages, UserSuspended, type Article, type LawDetail, type Proposal } from '@civic/contracts';
import { waitFor } from '@civic/test-kit';
import { DAY, proposalInput, startHarness, type Harness, type Member } from './support/harness.js';
import { caller, draftLaw, type DraftedLaw } from './support/law-cycle.js';

/**
 * A suspended member signals nothing to the moderators (or to the scribes): each signal route refuses
 * them with the suspension error other actions give, changes nothing and publishes nothing, and
 * `may.signal` / `may.signalModerator` / `may.signalScribe` say so; an active member in the same place
 * signals (docs/product.md#roles-and-permissions). Role by role: active member, suspended member.
 */
let h: Harness;
let call: ReturnType<typeof caller>;
let law: DraftedLaw;
let active: Member;
let suspended: Member;
let proposalId: string;

async function suspend(who: Member): Promise<void> {
  await h.publish(UserSuspended, { userId: who.id, until: new Date(h.clock.now().getTime() + 30 * DAY).toISOString() });
  await waitFor(async () => (await h.db.citizen.findUnique({ where: { userId: who.id } }))?.suspendedUntil != null);
}

const signalEvents = () => h.db.outboxEvent.count({ where: { subject: { in: ['decisions.proposal.signalled', 'decisions.content.signalled'] } } });
const marks = async () =>
  JSON.stringify([
    await h.db.proposal.findMany({ select: { id: true, moderationStatus: true }, orderBy: { id: 'asc' } }),
    await h.db.law.findMany({ select: { id: true, moderationStatus: true, scribeStatus: true }, orderBy: { id: 'asc' } }),
    await h.db.article.findMany({ select: { id: true, moderationStatus: true, scribeStatus: true }, orderBy: { id: 'asc' } }),
  ]);

beforeAll(async () => {
  h = await startHarness({ CREATORS_PER_LAW: '2', PROPOSAL_INTERVAL_DAYS: '0' });
  call = caller(h);
  law = await draftLaw(h);
  active = await h.member({ name: 'Active' });
  suspended = await h.member({ name: 'Suspended' });
  // A proposal of the next cycle, open for proposals, by a fellow member.
  proposalId = (await call('POST', '/api/proposals', law.author, proposalInput('Clean rivers', 'environment'))).json<Proposal>().id;
  await suspend(suspended);
  // The second creator, author of the amendment, suspended too: signalling to the scribes is refused to them.
  await suspend(law.creators[1]!);
}, 120_000);

afterAll(async () => {
  await h?.close();
});

/** Each signal route, the read that carries its flag, and the flag. */
const targets = () => [
  { name: 'proposal', read: `/api/proposals/${proposalId}`, flag: (body: unknown) => (body as Proposal).may.signal, signal: `/api/proposals/${proposalId}/signal`, payload: undefined },
  { name: 'law', read: `/api/laws/${law.lawId}`, flag: (body: unknown) => (body as LawDetail).may.signalModerator, signal: `/api/laws/${law.lawId}/signal`, payload: { to: 'moderator' } },
  {
    name: 'article',
    read: `/api/laws/${law.lawId}/articles/${law.articleId}`,
    flag: (body: unknown) => (body as Article).may.signalModerator,
    signal: `/api/laws/${law.lawId}/articles/${law.articleId}/signal`,
    payload: { to: 'moderator' },
  },
  {
    name: 'amendment',
    read: `/api/laws/${law.lawId}/articles/${law.amendmentId}`,
    flag: (body: unknown) => (body as Article).may.signalModerator,
    signal: `/api/laws/${law.lawId}/articles/${law.amendmentId}/signal`,
    payload: { to: 'moderator' },
  },
];

describe('signalling to the moderators, role by role', () => {
  it('refuses a suspended member on every signal route with the suspension error, may false, nothing changed or published', async () => {
    for (const target of targets()) {
      const read = await call('GET', target.read, suspended);
      expect({ target: target.name, may: target.flag(read.json()) }).toEqual({ target: target.name, may: false });
      const before = [await marks(), await signalEvents()];
      const answer = await call('POST', target.signal, suspended, target.payload);
      expect({ target: target.name, status: answer.statusCode }).toEqual({ target: target.name, status: 403 });
      expect(answer.json()).toEqual({ statusCode: 403, statusMessage: ErrorMessages.suspensionError, data: { reason: 'suspended' } });
      expect([await marks(), await signalEvents()]).toEqual(before);
    }
  });

  it('lets an active member signal each of them, as may said', async () => {
    for (const target of targets()) {
      expect({ target: target.name, may: target.flag((await call('GET', target.read, active)).json()) }).toEqual({ target: target.name, may: true });
      const events = await signalEvents();
      expect({ target: target.name, status: (await call('POST', target.signal, active, target.payload)).statusCode }).toEqual({ target: target.name, status: 200 });
      expect(await signalEvents()).toBe(events + 1);
    }
  });

  it('refuses a suspended author signalling their own text to the scribes, and may.signalScribe says so; the active author may', async () => {
    const [writer, suspendedWriter] = law.creators as [Member, Member];
    const amendment = `/api/laws/${law.lawId}/articles/${law.amendmentId}`;
    expect((await call('GET', amendment, suspendedWriter)).json<Article>().may.signalScribe).toBe(false);
    const before = await marks();
    const answer = await call('POST', `${amendment}/signal`, suspendedWriter, { to: 'scribe' });
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({ statusMessage: ErrorMessages.suspensionError });
    expect(await marks()).toBe(before);

    const article = `/api/laws/${law.lawId}/articles/${law.articleId}`;
    expect((await call('GET', article, writer)).json<Article>().may.signalScribe).toBe(true);
    expect((await call('POST', `${article}/signal`, writer, { to: 'scribe' })).statusCode).toBe(200);
  });
});
