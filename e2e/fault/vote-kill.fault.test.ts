import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { UserRegistered, UserVerified, voteChoices, type EventDefinition, type VoteChoice } from '@civic/contracts';
import { connectBus, type EventBus } from '@civic/service-kit';
import { createTestDatabase, deleteStreams, publishEvent, migrateServices, TestTokens, testNatsPrefix, waitFor, type TestDatabase } from '@civic/test-kit';
import type { Static } from 'typebox';
import { ServiceProcess } from './processes.js';

/**
 * kill -9 of the decisions service in the middle of a stream of votes. Clients retry what got no
 * answer with the same Idempotency-Key, as a browser would. Afterwards every voter's last accepted
 * choice is stored exactly once and the counts equal the number of distinct voters.
 */
const VOTERS = 60;
let database: TestDatabase;
let tokens: TestTokens;
let bus: EventBus;
let decisions: ServiceProcess;
const natsPrefix = testNatsPrefix();

async function publish<D extends EventDefinition>(definition: D, payload: Static<D['payload']>): Promise<void> {
  await bus.ensureStream('identity');
  await publishEvent(bus, definition, payload);
}

beforeAll(async () => {
  database = await createTestDatabase('votekill');
  await migrateServices(database.url, ['decisions']);
  tokens = await TestTokens.start();
  bus = await connectBus({ url: process.env.NATS_URL!, prefix: natsPrefix, name: 'vote-kill-test' });
  decisions = await ServiceProcess.start('decisions', {
    DATABASE_URL: database.url,
    NATS_URL: process.env.NATS_URL!,
    NATS_PREFIX: natsPrefix,
    JWKS_URL: tokens.jwksUrl,
    START_MIN_VERIFIED_USERS: '2',
    START_MIN_PROPOSALS: '1',
    PHASE_PROPOSALS_SECONDS: '1',
    PHASE_EXTENSION_SECONDS: '1',
    PHASE_VOTING_SECONDS: '600',
    PHASE_TICK_MS: '100',
  });
}, 90_000);

afterAll(async () => {
  await decisions?.stop();
  await tokens?.close();
  await bus?.close();
  await deleteStreams(natsPrefix);
  await database?.drop();
});

interface Voter {
  id: string;
  authorization: string;
}

/** One vote, retried with the same Idempotency-Key until the service answers (it may be dead for a while). */
async function castWithRetries(voter: Voter, proposalId: string, vote: VoteChoice): Promise<number> {
  const key = randomUUID();
  // A restart on a loaded machine can take tens of seconds: the client gives up after a minute, as a patient browser would.
  const giveUpAt = Date.now() + 60_000;
  for (;;) {
    try {
      const answer = await fetch(`${decisions.origin}/api/proposals/${proposalId}/vote`, {
        method: 'PUT',
        headers: { authorization: voter.authorization, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({ vote }),
        signal: AbortSignal.timeout(3000),
      });
      if (answer.status < 500) return answer.status;
    } catch {
      // connection refused or reset: the service is down
    }
    if (Date.now() > giveUpAt) throw new Error('the service never came back');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test('votes survive a kill -9 of the service: each voter counted once, with their last choice', async () => {
  const voters: Voter[] = [];
  for (let index = 0; index < VOTERS; index++) {
    const id = randomUUID();
    await publish(UserRegistered, { userId: id, userName: `Voter ${index}`, registeredAt: new Date().toISOString() });
    await publish(UserVerified, { userId: id, verifiedAt: new Date().toISOString() });
    voters.push({ id, authorization: `Bearer ${await tokens.sign({ id, name: `Voter ${index}`, verified: true }, '1h')}` });
  }
  const proposal = await waitFor(async () => {
    const answer = await fetch(`${decisions.origin}/api/proposals`, {
      method: 'POST',
      headers: { authorization: voters[0]!.authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Public benches in every park', description: 'More places to sit and talk.', category: 'environment' }),
    });
    return answer.status === 201 ? ((await answer.json()) as { id: string }) : undefined;
  }, 20_000, 200);
  // The start rule is met (2 verified users, 1 proposal): the cycle moves on to the vote.
  await waitFor(async () => {
    const view = (await (await fetch(`${decisions.origin}/api/decisions/voting-on-proposals`)).json()) as { cycle: { phase: string } | null };
    return view.cycle?.phase === 'voting';
  }, 30_000, 100);

  const lastChoice = new Map<string, VoteChoice>();
  let killed = false;
  const stream = (async () => {
    for (let round = 0; round < 3; round++) {
      await Promise.all(
        voters.map(async (voter, index) => {
          const vote = voteChoices[(index + round) % voteChoices.length]!;
          const status = await castWithRetries(voter, proposal.id, vote);
          expect(status).toBe(200);
          lastChoice.set(voter.id, vote);
        }),
      );
    }
  })();
  // Kill the service while the second round is in flight, then bring it back.
  await waitFor(() => lastChoice.size === VOTERS, 30_000, 5);
  await decisions.kill();
  killed = true;
  await new Promise((resolve) => setTimeout(resolve, 300));
  await decisions.start();
  await stream;
  expect(killed).toBe(true);

  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  try {
    const rows = (await pool.query<{ user_id: string; choice: string }>('SELECT user_id, choice FROM decisions.proposal_vote WHERE proposal_id = $1', [proposal.id])).rows;
    expect(rows).toHaveLength(VOTERS);
    expect(new Set(rows.map((row) => row.user_id)).size).toBe(VOTERS);
    for (const row of rows) expect(row.choice).toBe(lastChoice.get(row.user_id));
  } finally {
    await pool.end();
  }
  const counts = ((await (await fetch(`${decisions.origin}/api/proposals/${proposal.id}`)).json()) as { counts: Record<VoteChoice, number> }).counts;
  expect(counts.for + counts.against + counts.neutral + counts.blank).toBe(VOTERS);
  const expected = Object.fromEntries(voteChoices.map((choice) => [choice, [...lastChoice.values()].filter((c) => c === choice).length]));
  expect({ for: counts.for, against: counts.against, neutral: counts.neutral, blank: counts.blank }).toEqual(expected);
}, 180_000);
