/**
 * A cluster rehearsed on one machine (docs/operations: "Local rehearsal"): every service runs as two
 * replicas and chat as three, behind balancers that spread connections without stickiness, as
 * Kubernetes Services do. Under a steady mixed load through the gateway, every service is rolled one
 * replica at a time, identity starts publishing a newer version of `identity.user.registered`
 * while notifications still runs a build that cannot read it, and the decisions remote is rolled to
 * a new build while a Chromium page stays open and keeps navigating.
 *
 * Asserted: no 5xx and no socket left disconnected; every vote, chat message and event applied once;
 * no 404 for a chunk in the open page; the events notifications parked are applied once after its
 * upgrade. The counts are printed for the operations notes.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../src/browser.js';
import { waitForMailLink } from '../src/mail.js';
import { startBrowserTestStack } from '../src/stacks.mjs';
import { buildRemoteVersion } from './remote-build.mjs';
import { connectChat, loop, LoadRecord, openNotificationStream, postMessage, send, type ChatClient, type Member, type NotificationStream } from './load.js';

const REPLICAS = { identity: 2, decisions: 2, elections: 2, chat: 3, notifications: 2, gateway: 2 };
const run = randomBytes(3).toString('hex');
const seenMails = new Set<string>();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const ROLE_ENV: Record<string, Record<string, string>> = {
  // notifications starts as a build that predates version 2 of identity.user.registered.
  notifications: { READ_EVENT_VERSIONS_UP_TO: '1' },
  chat: { REDIS_PREFIX: `t_${run}:chat:` },
  // Every simulated citizen comes from 127.0.0.1.
  gateway: { RATE_LIMIT_MAX: '100000' },
};

let stack: Awaited<ReturnType<typeof startBrowserTestStack>>;
let remoteDir: string;
let browser: Browser | undefined;
let db: pg.Pool;
/** The open page's failed requests and 5xx answers, printed when a navigation times out. */
const pageTrouble: string[] = [];

beforeAll(async () => {
  // The decisions remote is built into a folder of this test's own, so rolling it never touches the
  // build that other test stacks serve.
  remoteDir = await mkdtemp(path.join(tmpdir(), 'civic-rehearsal-remote-'));
  // Only the current version: a copy gives every folder a new time, and the new build then keeps the
  // newest five by time, which could remove the very version the open page runs.
  const dist = path.resolve('frontends/decisions/dist');
  const current = (await readFile(path.join(dist, 'current'), 'utf8')).trim();
  await cp(path.join(dist, current), path.join(remoteDir, current), { recursive: true });
  await cp(path.join(dist, 'current'), path.join(remoteDir, 'current'));
  stack = await startBrowserTestStack(
    `rehearsal`,
    {
      START_MIN_VERIFIED_USERS: '1',
      START_MIN_PROPOSALS: '1',
      PROPOSAL_INTERVAL_DAYS: '0',
      PHASE_PROPOSALS_SECONDS: '1',
      PHASE_EXTENSION_SECONDS: '1',
      PHASE_VOTING_SECONDS: '3600',
      PHASE_TICK_MS: '250',
      CHAT_RATE_LIMIT: '1000',
    },
    {
      build: false,
      replicas: REPLICAS,
      remoteDist: { decisions: remoteDir },
      envFor: (component: string) => ROLE_ENV[component] ?? {},
    },
  );
  db = new pg.Pool({ connectionString: stack.databaseUrl, max: 2 });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await db?.end();
  await stack?.stop();
  if (remoteDir) await rm(remoteDir, { recursive: true, force: true });
}, 120_000);

const cookieOf = (answer: Response) =>
  answer.headers
    .getSetCookie()
    .map((line) => line.split(';', 1)[0])
    .join('; ');

const jsonHeaders = (member?: Member, extra: Record<string, string> = {}) => ({
  'content-type': 'application/json',
  accept: 'application/json',
  origin: stack.baseUrl,
  ...(member ? { cookie: member.cookie } : {}),
  ...extra,
});

/** Registers an account through the gateway; answers its email and the registration's status. */
async function register(record: LoadRecord, name: string): Promise<{ email: string; status: number }> {
  const email = `${name}-${run}@example.org`;
  const answer = await send(record, 'register', `${stack.baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: jsonHeaders(),
    body: JSON.stringify({ email, userName: `${name} ${run}`, password: `${name}-rolls-2026`, locale: 'fr' }),
  });
  return { email, status: answer.status };
}

/** A verified, logged-in member: registered, and its mailed verification link followed. */
async function member(record: LoadRecord, name: string): Promise<Member> {
  const { email, status } = await register(record, name);
  if (status !== 201) throw new Error(`registering ${name} answered ${status}`);
  const { link } = await waitForMailLink(stack.mailUrl, email, '/verify-account', { seen: seenMails });
  const answer = await send(record, 'verify', `${stack.baseUrl}/api/auth/verify-account`, {
    method: 'POST',
    headers: jsonHeaders(),
    body: JSON.stringify({ token: link.searchParams.get('token') }),
  });
  if (answer.status !== 200) throw new Error(`verifying ${name} answered ${answer.status}`);
  const { id } = (await answer.json()) as { id: string };
  return { id, email, cookie: cookieOf(answer) };
}

async function votingCycle(): Promise<{ id: string; phase: string } | undefined> {
  const answer = await fetch(`${stack.baseUrl}/api/decisions/voting-on-proposals`);
  const view = (await answer.json()) as { cycle: { id: string; phase: string } | null };
  return view.cycle?.phase === 'voting' ? view.cycle : undefined;
}

async function waitFor<T>(probe: () => Promise<T | undefined | false>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await pause(250);
  }
}

/** The open page: navigates inside the single-page app (no reload), noting every 404 under /remotes/. */
async function openPage(author: Member): Promise<{ page: Page; missing: string[]; errors: string[] }> {
  browser = await launchBrowser();
  const context = await browser.newContext({ locale: 'en-US' });
  await context.addCookies(
    author.cookie.split('; ').map((pair) => {
      const [cookieName, ...rest] = pair.split('=');
      return { name: cookieName!, value: rest.join('='), url: stack.baseUrl };
    }),
  );
  const page = await context.newPage();
  const missing: string[] = [];
  const errors: string[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/remotes/') && response.status() >= 400) missing.push(`${response.status()} ${response.url()}`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('requestfailed', (request) => pageTrouble.push(`failed ${request.url()}: ${request.failure()?.errorText}`));
  page.on('response', (response) => {
    if (response.status() >= 500) pageTrouble.push(`${response.status()} ${response.url()}`);
  });
  await page.goto(`${stack.baseUrl}/decisions/voting-on-proposals`);
  await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 30_000 });
  return { page, missing, errors };
}

/**
 * In-app navigation, as a click on a link does: the remote's lazy chunks load from its own version.
 * Given as long as the first load: on a loaded machine, a pod starting beside the load and the page
 * share two cores.
 */
async function navigate(page: Page, to: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, to);
  await page
    .getByRole('heading', { level: 1 })
    .first()
    .waitFor({ timeout: 30_000 })
    .catch(async (error: Error) => {
      // Say what the page showed instead, so that a failure on a loaded machine can be read.
      const shown = (await page.locator('main').innerText().catch(() => '(no main)')).slice(0, 400);
      throw new Error(`${error.message}\nat ${page.url()}, the page showed: ${shown}\nits failed requests: ${pageTrouble.join('; ') || 'none'}`);
    });
}

async function deadLetteredTotal(component: string): Promise<number> {
  let total = 0;
  for (const pod of stack.deployments[component]!.pods()) {
    const text = await (await fetch(`http://127.0.0.1:${pod.port}/metrics`)).text();
    for (const line of text.split('\n')) if (line.startsWith('events_dead_lettered_total{')) total += Number(line.split(' ').pop());
  }
  return total;
}

test('every service rolls one replica at a time under load, with nothing lost, doubled or broken', async () => {
  const record = new LoadRecord();
  const members: Member[] = [];
  for (let index = 0; index < 6; index++) members.push(await member(record, `citizen${index}`));

  const proposal = (await (
    await send(record, 'propose', `${stack.baseUrl}/api/proposals`, {
      method: 'POST',
      headers: jsonHeaders(members[0]),
      body: JSON.stringify({ title: 'Shade trees on every school yard', description: 'Cooler yards in summer, for every pupil.', category: 'environment' }),
    })
  ).json()) as { id: string };
  const cycle = await waitFor(votingCycle, 30_000, 'the vote on proposals to open');
  const room = `cycle:${cycle.id}:voting`;

  const chatters: ChatClient[] = await Promise.all(members.slice(0, 4).map((m) => connectChat(stack.baseUrl, m, room)));
  const streams: NotificationStream[] = members.map((m) => openNotificationStream(stack.baseUrl, m));
  const open = await openPage(members[5]!);

  let stopping = false;
  const stop = () => stopping;
  const lastVote = new Map<string, string>();
  const registered: string[] = [];
  let posted = 0;
  const choices = ['for', 'against', 'neutral', 'blank'];
  const load = Promise.all([
    ...members.map((voter, index) =>
      loop(stop, 100, async (round) => {
        const vote = choices[(index + round) % choices.length]!;
        const answer = await send(record, 'vote', `${stack.baseUrl}/api/proposals/${proposal.id}/vote`, {
          method: 'PUT',
          headers: jsonHeaders(voter, { 'idempotency-key': randomUUID() }),
          body: JSON.stringify({ vote }),
        });
        if (answer.status === 200) lastVote.set(voter.id, vote);
      }),
    ),
    loop(stop, 300, async (round) => {
      const { email, status } = await register(record, `newcomer${round}`);
      if (status === 201) registered.push(email);
    }),
    ...chatters.map((client, index) =>
      loop(stop, 400, async (round) => {
        if ((await postMessage(client, room, `Message ${round} from chatter ${index}`)) === 'acknowledged') posted++;
      }),
    ),
  ]);

  const rolled: string[] = [];
  /** When each roll began and ended, to set beside the time of any failed answer. */
  const rollTimes: string[] = [];
  const roll = async (component: string, env?: Record<string, string | undefined>) => {
    const began = new Date().toISOString();
    await stack.deployments[component]!.roll(env);
    rolled.push(component);
    rollTimes.push(`${component} ${began} to ${new Date().toISOString()}`);
  };
  let parkedBeforeUpgrade = 0;
  let loadEnded: PromiseSettledResult<unknown>;
  try {
    await pause(2_000);
    // identity's new build publishes version 2 of identity.user.registered; notifications cannot read it yet.
    await roll('identity', { PUBLISH_EVENT_VERSIONS: 'identity.user.registered=2' });
    for (const component of ['decisions', 'elections', 'chat', 'gateway']) {
      await roll(component);
      await navigate(open.page, component === 'chat' ? '/kanban/proposals' : '/decisions/proposals');
    }
    // The decisions remote's new build, while the page stays open and keeps navigating.
    await buildRemoteVersion('decisions', `rehearsal-${run}`, remoteDir);
    for (const screen of ['/decisions', '/kanban/laws', '/decisions/voting-on-proposals', '/archive']) await navigate(open.page, screen);
    parkedBeforeUpgrade = await waitFor(async () => (await deadLetteredTotal('notifications')) || undefined, 60_000, 'notifications to park version 2 events');
    await roll('notifications', { READ_EVENT_VERSIONS_UP_TO: undefined });
    await pause(2_000);
  } finally {
    // Also when a step fails: the load must not outlive the stack, or its errors hide the first one.
    stopping = true;
    [loadEnded] = await Promise.allSettled([load]);
  }
  if (loadEnded.status === 'rejected') throw loadEnded.reason;

  // Every client is connected again and every stream open.
  await waitFor(async () => chatters.every((client) => client.socket.connected) && streams.every((stream) => stream.open), 60_000, 'every socket to be connected');

  // Chat: every acknowledged message stored once and shown once by every client of the room.
  const acknowledged = chatters.flatMap((client) => client.acknowledged);
  const missingFor = () => chatters.map((client) => acknowledged.filter((id) => !client.received.includes(id)).length);
  await waitFor(async () => missingFor().every((missing) => missing === 0), 60_000, 'every message to reach every client').catch((error: Error) => {
    throw new Error(`${error.message}: missing per client ${JSON.stringify(missingFor())}, reconnects ${JSON.stringify(chatters.map((c) => [c.disconnects, c.historyReads]))}`);
  });
  const stored = (await db.query<{ id: string }>('SELECT id FROM chat.message WHERE room_id = $1', [room])).rows.map((row) => row.id);
  expect(new Set(acknowledged).size).toBe(acknowledged.length);
  expect(stored.sort()).toEqual([...acknowledged].sort());

  // Votes: one row per voter, holding their last accepted choice.
  const votes = (await db.query<{ user_id: string; choice: string }>('SELECT user_id, choice FROM decisions.proposal_vote WHERE proposal_id = $1', [proposal.id])).rows;
  expect(votes).toHaveLength(members.length);
  for (const vote of votes) expect(vote.choice).toBe(lastVote.get(vote.user_id));

  // Events: every registration reached every consumer once, including those notifications parked.
  const users = (await db.query<{ id: string }>('SELECT id FROM identity.users WHERE email = ANY($1)', [[...registered, ...members.map((m) => m.email)]])).rows.map((row) => row.id);
  expect(users).toHaveLength(registered.length + members.length);
  for (const table of ['decisions.citizen', 'chat.member', 'elections.member', 'notifications.member']) {
    await waitFor(async () => Number((await db.query(`SELECT count(*) FROM ${table} WHERE user_id = ANY($1::uuid[])`, [users])).rows[0].count) === users.length, 60_000, `${table} to hold every new user`);
  }
  const applied = await db.query<{ consumer: string; events: string; distinct_events: string }>(
    "SELECT consumer, count(*) AS events, count(DISTINCT event_id) AS distinct_events FROM notifications.inbox_event WHERE subject = 'identity.user.registered' GROUP BY consumer",
  );
  for (const row of applied.rows) expect(row.events).toBe(row.distinct_events);
  expect(parkedBeforeUpgrade).toBeGreaterThan(0);

  // The open page: never a 404 for a chunk, no script error, and it still works.
  expect(open.missing).toEqual([]);
  expect(open.errors).toEqual([]);
  await navigate(open.page, '/decisions/proposals');

  // No client error a rolling update should hide.
  const failures = record.failures();
  const counts = {
    requests: record.requests,
    failures: Object.values(failures).reduce((sum, byStatus) => sum + Object.values(byStatus).reduce((all, n) => all + n, 0), 0),
    networkErrors: record.networkErrors.length,
    votes: record.statuses.get('vote')?.length ?? 0,
    registrations: registered.length,
    chatMessages: posted,
    chatDuplicates: acknowledged.length - new Set(stored).size,
    socketReconnects: chatters.reduce((sum, client) => sum + client.disconnects, 0),
    socketHistoryReads: chatters.reduce((sum, client) => sum + client.historyReads, 0),
    socketLiveDuplicates: chatters.reduce((sum, client) => sum + client.liveDuplicates, 0),
    streamReopens: streams.reduce((sum, stream) => sum + stream.reopened, 0),
    eventsParkedThenApplied: parkedBeforeUpgrade,
    rolled,
    ...(Object.keys(failures).length > 0 ? { rollTimes } : {}),
  };
  console.log(`rehearsal: ${JSON.stringify(counts)}`);
  expect({ failures, said: record.serverErrors }).toEqual({ failures: {}, said: [] });
  expect(record.networkErrors).toEqual([]);
  for (const stream of streams) stream.close();
  for (const client of chatters) client.socket.close();
}, 600_000);
