import Fastify from 'fastify';
import { fuzzRoutes, type OpenApiDocument } from '@civic/test-kit';

/** The fuzzer must catch what it is for: a 5xx, an error outside the spec's shape, a write before a rejection. */
async function appWith(handler: (body: { name?: unknown }, state: string[]) => { status: number; body: unknown }) {
  const state: string[] = [];
  const app = Fastify();
  app.post('/things', async (request, reply) => {
    const answer = handler((request.body ?? {}) as { name?: unknown }, state);
    return reply.status(answer.status).send(answer.body);
  });
  await app.ready();
  return { app, state };
}

const openapi: OpenApiDocument = {
  paths: { '/things': { post: { requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { name: { type: 'string', maxLength: 5 } } } } } } } } },
};
const ok = { status: 201, body: { ok: true } };
const rejected = { status: 400, body: { statusCode: 400, statusMessage: 'Bad Request' } };

describe('fuzzRoutes', () => {
  it('reports a route that answers 5xx on some input', async () => {
    const { app, state } = await appWith((body) => (typeof body.name === 'string' && body.name.length > 5 ? { status: 500, body: {} } : ok));
    const result = await fuzzRoutes({ app, openapi, callers: [{ name: 'visitor', headers: {} }], fingerprint: async () => state.join(), runsPerRoute: 60, seed: 7 });
    expect(result.findings.some((finding) => finding.problem.startsWith('answered 500'))).toBe(true);
  });

  it('reports data written by a request that is then rejected, and errors outside the spec shape', async () => {
    const { app, state } = await appWith((body, data) => {
      if (typeof body.name === 'string') return ok;
      data.push('half-written');
      return { status: 422, body: 'nope' };
    });
    const result = await fuzzRoutes({ app, openapi, callers: [{ name: 'visitor', headers: {} }], fingerprint: async () => state.join(), runsPerRoute: 60, seed: 7 });
    const problems = result.findings.map((finding) => finding.problem);
    expect(problems).toContain('rejected with 422 but data changed');
    expect(problems.some((problem) => problem.startsWith('error not in the spec shape'))).toBe(true);
  });

  it('finds nothing on a route that validates before writing', async () => {
    const { app, state } = await appWith((body, data) => {
      if (typeof body.name !== 'string' || body.name.length > 5) return rejected;
      data.push(body.name);
      return ok;
    });
    const result = await fuzzRoutes({ app, openapi, callers: [{ name: 'visitor', headers: {} }], fingerprint: async () => state.join(), runsPerRoute: 60, seed: 7 });
    expect(result).toMatchObject({ routes: 1, requests: 60, findings: [] });
    expect(state.length).toBeGreaterThan(0);
  });
});
