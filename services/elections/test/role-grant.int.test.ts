import { randomBytes } from 'node:crypto';
import { connectBus, loadConfig, type EventBus, type ServiceApp } from '@civic/service-kit';
import { publishEvent, setupServiceTest, waitFor, type ServiceTestContext } from '@civic/test-kit';
import { UserCandidacyChanged, type Candidate, type ElectionSchedule, type Proposal } from '@civic/contracts';
import { buildApp as buildIdentity } from '../../identity/src/app.js';
import { IdentityConfig } from '../../identity/src/config.js';
import type { OutgoingMail } from '../../identity/src/mail/mailer.js';
import { createPrisma as identityPrisma, type IdentityPrisma } from '../../identity/src/store/prisma.js';
import { createDecisions, type Decisions } from '../../decisions/src/app.js';
import { DecisionsConfig } from '../../decisions/src/config.js';
import { createPrisma as decisionsPrisma, type DecisionsPrisma } from '../../decisions/src/store/prisma.js';
import { createElections, type Elections } from '../src/app.js';
import { ElectionsConfig } from '../src/config.js';
import { createPrisma as electionsPrisma, type ElectionsPrisma } from '../src/store/prisma.js';

/**
 * The end-to-end role grant across the real services (identity, decisions, elections) on one database
 * and one NATS prefix: a member stands as moderator through identity, is voted for, the monthly
 * election closes, identity sets the moderator flag from `elections.election.closed`, and decisions
 * lets them delete a signalled proposal without a new token; the next month, not re-elected while
 * another member is elected moderator, they lose the right.
 */
let context: ServiceTestContext;
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);
const mails: OutgoingMail[] = [];
const parts: { app: ServiceApp; db: { $disconnect(): Promise<void> }; bus: EventBus }[] = [];
let identity: ServiceApp;
let decisions: Decisions;
let elections: Elections;
let decisionsDb: DecisionsPrisma;
let identityDb: IdentityPrisma;

beforeAll(async () => {
  context = await setupServiceTest(['identity', 'decisions', 'elections'], 'rolegrant');
  const base = { DATABASE_URL: context.databaseUrl, NATS_URL: context.natsUrl, NATS_PREFIX: context.natsPrefix, OUTBOX_POLL_MS: '20' };
  const bus = (name: string) => connectBus({ url: context.natsUrl, prefix: context.natsPrefix, name });

  identityDb = identityPrisma(context.databaseUrl);
  const identityBus = await bus('identity-rolegrant');
  identity = await buildIdentity({
    config: loadConfig(IdentityConfig, { ...base, PUBLIC_URL: 'http://civic.test', MAX_ACCOUNTS_PER_IP: '1000', MAX_ACCOUNTS_PER_IP_PER_DAY: '1000' }),
    db: identityDb,
    bus: identityBus,
    logger: false,
    // Identity keeps the real clock: the tokens it signs are checked against real time by the others.
    mailer: { send: async (mail) => void mails.push(mail), close: () => undefined },
  });
  await identity.listen({ port: 0, host: '127.0.0.1' });
  const address = identity.server.address();
  const jwksUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/auth/jwks`;
  parts.push({ app: identity, db: identityDb, bus: identityBus });

  decisionsDb = decisionsPrisma(context.databaseUrl);
  const decisionsBus = await bus('decisions-rolegrant');
  decisions = await createDecisions({
    config: loadConfig(DecisionsConfig, { ...base, JWKS_URL: jwksUrl, START_MIN_VERIFIED_USERS: '1', START_MIN_PROPOSALS: '1' }),
    db: decisionsDb,
    bus: decisionsBus,
    logger: false,
    clock,
    schedule: false,
  });
  await decisions.app.ready();
  parts.push({ app: decisions.app, db: decisionsDb, bus: decisionsBus });

  const electionsDb: ElectionsPrisma = electionsPrisma(context.databaseUrl);
  const electionsBus = await bus('elections-rolegrant');
  elections = await createElections({ config: loadConfig(ElectionsConfig, { ...base, JWKS_URL: jwksUrl }), db: electionsDb, bus: electionsBus, logger: false, clock, schedule: false });
  await elections.app.ready();
  parts.push({ app: elections.app, db: electionsDb, bus: electionsBus });
}, 60_000);

afterAll(async () => {
  for (const part of parts.reverse()) {
    await part.app.close();
    await part.bus.close();
    await part.db.$disconnect();
  }
  await context?.cleanup();
});

interface Citizen {
  id: string;
  cookie: { cookie: string };
  /** The refresh cookie, to renew the access token as the shell does silently. */
  refresh: string;
}

const run = randomBytes(3).toString('hex');

/** Registers through identity and follows the verification link: a logged-in, verified member. */
async function citizen(name: string): Promise<Citizen> {
  const email = `${name}-${run}@example.org`;
  const registered = await identity.inject({ method: 'POST', url: '/api/auth/register', payload: { email, userName: `${name} ${run}`, password: `${name}-password-2026`, locale: 'en' } });
  expect(registered.statusCode).toBe(201);
  const mail = await waitFor(() => mails.find((m) => m.to === email));
  const token = /verify-account\?token=([A-Za-z0-9_%-]+)/.exec(mail.text)![1]!;
  const verified = await identity.inject({ method: 'POST', url: '/api/auth/verify-account', payload: { token: decodeURIComponent(token) } });
  expect(verified.statusCode).toBe(200);
  const access = verified.cookies.find((c) => c.name === 'access_token')!;
  const refresh = verified.cookies.find((c) => c.name === 'refresh_token')!;
  return { id: verified.json<{ id: string }>().id, cookie: { cookie: `access_token=${access.value}` }, refresh: refresh.value };
}

async function electionTick(): Promise<void> {
  const next = (await elections.app.inject({ url: '/api/elections/next' })).json<ElectionSchedule>();
  offsetMs += Date.parse(next.nextElectionAt) + 1000 - clock().getTime();
  expect(await elections.scheduler.tick()).toHaveLength(1);
}

const isModerator = async (userId: string) => (await decisionsDb.citizen.findUnique({ where: { userId } }))?.moderator === true;

async function signalledProposal(author: Citizen, signaller: Citizen, title: string): Promise<string> {
  const created = await decisions.app.inject({
    method: 'POST',
    url: '/api/proposals',
    headers: author.cookie,
    payload: { title, description: 'A proposal that someone finds offensive.', category: 'other' },
  });
  expect(created.statusCode).toBe(201);
  const id = created.json<Proposal>().id;
  expect((await decisions.app.inject({ method: 'POST', url: `/api/proposals/${id}/signal`, headers: signaller.cookie })).statusCode).toBe(200);
  return id;
}

test('an elected moderator deletes a signalled proposal at once, and loses the right the next month when not re-elected', async () => {
  const [alice, bob, carl, dora] = [await citizen('alice'), await citizen('bob'), await citizen('carl'), await citizen('dora')];
  await decisions.scheduler.tick(); // the first cycle opens for proposals
  const first = await signalledProposal(carl, dora, 'Ban every bicycle from the city');
  // A plain member may not delete someone else's signalled proposal.
  expect((await decisions.app.inject({ method: 'DELETE', url: `/api/proposals/${first}`, headers: alice.cookie })).statusCode).toBe(403);

  // Alice stands as moderator through identity; Bob votes for her.
  const schedule = (await elections.app.inject({ url: '/api/elections/next' })).json<ElectionSchedule>();
  const stood = await identity.inject({ method: 'PUT', url: `/api/users/${alice.id}`, headers: alice.cookie, payload: { moderatorCandidateDate: schedule.candidacyMonth } });
  expect(stood.statusCode).toBe(200);
  await waitFor(async () => (await elections.app.inject({ url: '/api/candidates/1' })).json<Candidate[]>().some((c) => c.id === alice.id));
  const voted = await elections.app.inject({ method: 'POST', url: '/api/candidates/votes', headers: bob.cookie, payload: { vote: 1, candidateId: alice.id, userId: bob.id, candidateTo: 1 } });
  expect(voted.statusCode).toBe(200);

  // The election closes; identity grants the flag, decisions learns it: no new login needed.
  await electionTick();
  await waitFor(async () => (await identityDb.user.findUnique({ where: { id: alice.id } }))?.moderator === true, 15_000);
  await waitFor(() => isModerator(alice.id), 15_000);
  expect((await decisions.app.inject({ method: 'DELETE', url: `/api/proposals/${first}`, headers: alice.cookie })).statusCode).toBe(204);

  // Next month she does not stand again and Bob is elected moderator: the election removes her, and
  // the right goes with it (an election electing no moderator would leave her in place).
  const next = (await elections.app.inject({ url: '/api/elections/next' })).json<ElectionSchedule>();
  // Identity keeps the real clock, a month behind the others here: its announcement of Bob's candidacy is published as it would be.
  await publishEvent(parts[0]!.bus, UserCandidacyChanged, { userId: bob.id, userName: 'bob', candidateTo: 1, candidateDate: next.candidacyMonth });
  await waitFor(async () => (await elections.app.inject({ url: '/api/candidates/1' })).json<Candidate[]>().some((c) => c.id === bob.id));
  expect((await elections.app.inject({ method: 'POST', url: '/api/candidates/votes', headers: carl.cookie, payload: { vote: 1, candidateId: bob.id, userId: carl.id, candidateTo: 1 } })).statusCode).toBe(200);
  await electionTick();
  await waitFor(async () => (await identityDb.user.findUnique({ where: { id: alice.id } }))?.moderator === false, 15_000);
  await waitFor(async () => !(await isModerator(alice.id)), 15_000);
  const second = await signalledProposal(carl, dora, 'Paint every house grey');
  // Her token still said moderator: it is refused from the removal on, and the one she renews gets 403.
  const stale = await decisions.app.inject({ method: 'DELETE', url: `/api/proposals/${second}`, headers: alice.cookie });
  expect(stale.json()).toMatchObject({ statusCode: 401, statusMessage: 'Invalid token' });
  const renewed = await identity.inject({ method: 'POST', url: '/api/login/auth-user', headers: { cookie: `${alice.cookie.cookie}; refresh_token=${alice.refresh}` } });
  const access = renewed.cookies.find((c) => c.name === 'access_token');
  expect(access).toBeDefined();
  const refused = await decisions.app.inject({ method: 'DELETE', url: `/api/proposals/${second}`, headers: { cookie: `access_token=${access!.value}` } });
  expect(refused.statusCode).toBe(403);
  expect(refused.json()).toMatchObject({ statusCode: 403, statusMessage: 'Unauthorized action' });
}, 90_000);
