/**
 * The authorization matrix of the whole platform, through the gateway of a running stack: every
 * mutating route of every service's OpenAPI document, called by a visitor, a plain member, the
 * owner of the target, a suspended member, an elected scribe and a moderator, each answer checked
 * against the verdict the product rules give (support/matrix.ts).
 */
import { callers, buildCast, type Cast, type Caller } from './support/cast.js';
import { isSpecError, stackUrls, type Answer } from './support/http.js';
import { matrix, type Verdict } from './support/matrix.js';

/** Where each service serves its OpenAPI document, under its gateway prefix. */
const OPENAPI_DOCUMENTS = ['/api/auth/openapi.json', '/api/decisions/openapi.json', '/api/elections/openapi.json', '/api/chat/openapi.json', '/api/users/notifications/openapi.json'];
const MUTATING = ['post', 'put', 'patch', 'delete'];

const DENIED_MESSAGES = { 401: ['Unauthorized', 'updateKO'], 403: ['Unauthorized action', 'Suspension error', 'updateKO'] } as const;

const { baseUrl, mailUrl, moderatorEmail } = stackUrls();
let cast: Cast;

beforeAll(async () => {
  cast = await buildCast(baseUrl, mailUrl, moderatorEmail);
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

  it('gives every caller of every mutating route the verdict of the spec', async () => {
    const mismatches: string[] = [];
    let checked = 0;
    for (const row of matrix) {
      const method = row.route.split(' ')[0]!;
      for (const caller of callers) {
        const { path, json } = row.call(caller, cast);
        // Cookies set by the answer (a login, say) are not kept: each caller stays who it is.
        const answer = await cast.clients[caller].request(method, path, { ...(json === undefined ? {} : { json }), remember: false });
        checked += 1;
        const expected = row.verdicts[caller];
        if (!matches(expected, caller, answer)) mismatches.push(`${row.route} as ${caller}: expected ${expected}, got ${answer.status} ${answer.text.slice(0, 200)}`);
      }
    }
    const madeUp = matrix.filter((row) => row.madeUp).map((row) => `${row.route} (${row.madeUp})`);
    console.log(
      `Authorization matrix: ${matrix.length} routes x ${callers.length} callers = ${checked} checks, ${mismatches.length} mismatches.\n` +
        `Rows with made-up ids: ${madeUp.join('; ')}`,
    );
    expect(mismatches).toEqual([]);
    expect(checked).toBe(matrix.length * callers.length);
  }, 120_000);
});
