/**
 * The authorization matrix of the whole platform, through the gateway of a running stack: every
 * mutating route of every service's OpenAPI document, called by a visitor, a plain member, the
 * owner of the target, a suspended member, an elected scribe and a moderator, each answer checked
 * against the verdict the product rules give (support/matrix.ts). Where the target is a proposal,
 * a law, an article, a source, a candidate, or a member suspended from a chat message of theirs, the
 * caller reads it first: the `may` flag of the action in that answer must agree with the answer the
 * action then gets.
 */
import { chatRooms, type ChatMessage, type CycleSummary } from '@civic/contracts';
import { callers, buildCast, type Cast, type Caller } from './support/cast.js';
import { isSpecError, sourceAddress, stackUrls, waitFor, type Answer } from './support/http.js';
import { matrix, type MayFlag, type Verdict } from './support/matrix.js';
import { connectChat, emit, isAckOk } from './support/socket.js';

/** Where each service serves its OpenAPI document, under its gateway prefix. */
const OPENAPI_DOCUMENTS = ['/api/auth/openapi.json', '/api/decisions/openapi.json', '/api/elections/openapi.json', '/api/chat/openapi.json', '/api/users/notifications/openapi.json'];
const MUTATING = ['post', 'put', 'patch', 'delete'];

const DENIED_MESSAGES = { 401: ['Unauthorized', 'updateKO'], 403: ['Unauthorized action', 'Suspension error', 'updateKO'] } as const;

const { baseUrl, mailUrl, moderatorEmail } = stackUrls();
let cast: Cast;

/**
 * A message of the bystander in the chat of the cycle in its proposals phase (open for the whole
 * run): what the chat offers about its author (`may.suspend`) is checked against identity's answer.
 */
async function bystanderMessage(): Promise<{ room: string; id: string }> {
  const socket = await connectChat(baseUrl, sourceAddress(16), cast.members.bystander.client);
  try {
    return await waitFor('a message of the bystander in the open chat room', async () => {
      const { cycles } = await cast.clients.visitor.ok<{ cycles: CycleSummary[] }>('GET', '/api/decisions');
      const cycle = cycles.find((candidate) => candidate.phase === 'proposals');
      if (!cycle) return undefined;
      const room = chatRooms.proposals(cycle.id);
      const ack = await emit<ChatMessage>(socket, 'message:post', { room, text: 'A message of the bystander, whom moderators may suspend' });
      return isAckOk(ack) ? { room, id: ack.data.id } : undefined;
    });
  } finally {
    socket.disconnect();
  }
}

beforeAll(async () => {
  cast = await buildCast(baseUrl, mailUrl, moderatorEmail);
  cast.bystanderMessage = await bystanderMessage();
}, 120_000);

/** Whether an answer matches a verdict (see support/matrix.ts). */
function matches(verdict: Verdict, caller: Caller, answer: Answer): boolean {
  switch (verdict) {
    case 'allowed':
      return answer.status !== 401 && answer.status !== 403 && answer.status < 500;
    case 'denied':
      return caller === 'visitor' ? answer.status === 401 && isSpecError(answer, DENIED_MESSAGES[401]) : answer.status === 403 && isSpecError(answer, DENIED_MESSAGES[403]);
    case 'hidden':
      return answer.status === 404 && isSpecError(answer, ['Not Found']);
  }
}

/** A refusal: 401, 403, or 404 for deleted or hidden content (docs/product.md#roles-and-permissions). */
const refused = (answer: Answer) => [401, 403, 404].includes(answer.status);

/**
 * How the caller's read of the target disagrees with the action's answer, or null when it agrees:
 * the flag is true exactly when the action is not refused; a target hidden from the caller (its read
 * answers 404) is refused to them.
 */
function mayDisagreement(check: MayFlag, read: Answer, answer: Answer): string | null {
  if (read.status === 404) return refused(answer) ? null : `${check.read} is hidden from the caller (404), yet the action answered ${answer.status}`;
  if (read.status !== 200) return `reading ${check.read} answered ${read.status}`;
  const target = check.pick ? check.pick(read.body) : read.body;
  const flag = (target as { may?: Record<string, unknown> } | undefined)?.may?.[check.flag];
  if (typeof flag !== 'boolean') return `${check.read} carries no may.${check.flag}`;
  return flag === refused(answer) ? `${check.read} says may.${check.flag} is ${flag}, yet the action answered ${answer.status}` : null;
}

describe('the authorization matrix', () => {
  it('lists exactly the mutating routes of the services’ OpenAPI documents', async () => {
    const documented = new Set<string>();
    for (const document of OPENAPI_DOCUMENTS) {
      const { paths } = await cast.clients.visitor.ok<{ paths: Record<string, Record<string, unknown>> }>('GET', document);
      for (const [path, operations] of Object.entries(paths)) {
        for (const method of Object.keys(operations)) if (MUTATING.includes(method)) documented.add(`${method.toUpperCase()} ${path}`);
      }
    }
    const listed = matrix.map((row) => row.route);
    expect(listed.length).toBe(new Set(listed).size); // no route twice
    expect({ missingFromTheMatrix: [...documented].filter((route) => !listed.includes(route)).sort() }).toEqual({ missingFromTheMatrix: [] });
    expect({ listedButNotDocumented: listed.filter((route) => !documented.has(route)) }).toEqual({ listedButNotDocumented: [] });
  });

  it('gives every caller of every mutating route the verdict of the spec, as the answers’ may said', async () => {
    const mismatches: string[] = [];
    let checked = 0;
    let mayChecked = 0;
    for (const row of matrix) {
      const method = row.route.split(' ')[0]!;
      for (const caller of callers) {
        const { path, json } = row.call(caller, cast);
        // The target as the caller sees it just before acting (earlier rows may have changed it).
        const check = row.may?.(caller, cast);
        const read = check ? await cast.clients[caller].request('GET', check.read, { remember: false }) : undefined;
        // Cookies set by the answer (a login, say) are not kept: each caller stays who it is.
        const answer = await cast.clients[caller].request(method, path, { ...(json === undefined ? {} : { json }), remember: false });
        checked += 1;
        const expected = row.verdicts[caller];
        if (!matches(expected, caller, answer)) mismatches.push(`${row.route} as ${caller}: expected ${expected}, got ${answer.status} ${answer.text.slice(0, 200)}`);
        if (check && read) {
          mayChecked += 1;
          const disagreement = mayDisagreement(check, read, answer);
          if (disagreement) mismatches.push(`${row.route} as ${caller}: ${disagreement}`);
        }
      }
    }
    const madeUp = matrix.filter((row) => row.madeUp).map((row) => `${row.route} (${row.madeUp})`);
    const withMay = matrix.filter((row) => row.may);
    console.log(
      `Authorization matrix: ${matrix.length} routes x ${callers.length} callers = ${checked} checks, ${mayChecked} of them against the target's may (${withMay.length} routes), ${mismatches.length} mismatches.\n` +
        `Rows with made-up ids: ${madeUp.join('; ')}`,
    );
    expect(mismatches).toEqual([]);
    expect(checked).toBe(matrix.length * callers.length);
    expect(mayChecked).toBe(withMay.length * callers.length);
  }, 240_000);

  it('checks the may of every row about a proposal, a law, an article, a source or a candidate that exists on the stack', () => {
    const aboutContent = /^(PUT|POST|DELETE) \/api\/(proposals\/\{id\}|laws\/\{id\}|sources|candidates\/votes)/;
    const unchecked = matrix.filter((row) => aboutContent.test(row.route) && !row.madeUp && !row.may).map((row) => row.route);
    expect(unchecked).toEqual([]);
  });
});
