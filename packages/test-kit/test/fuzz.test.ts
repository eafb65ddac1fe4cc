import Fastify from 'fastify';
import { createServiceApp } from '@civic/service-kit';
import { fuzzRoutes, type OpenApiDocument } from '@civic/test-kit';

/**
 * The fuzzer must catch what it is for: a 5xx, an error outside the catalogue's shape, an answer without
 * its request id, text with control characters accepted, a write before a rejection.
 */
async function appWith(handler: (body: { name?: unknown }, state: string[]) => { status: number; body: unknown }, { requestIds = true } = {}) {
  const state: string[] = [];
  const app = Fastify();
  if (requestIds) {
    app.addHook('onSend', async (request, reply) => {
      reply.header('x-request-id', request.id);
    });
  }
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

  it('reports answers without a request id', async () => {
    const { app, state } = await appWith(() => ok, { requestIds: false });
    const result = await fuzzRoutes({ app, openapi, callers: [{ name: 'visitor', headers: {} }], fingerprint: async () => state.join(), runsPerRoute: 10, seed: 7 });
    expect(result.findings.map((finding) => finding.problem)).toContain('answered 201 without a request id');
  });

  it('reports a route that accepts text with control characters', async () => {
    const { app, state } = await appWith((body) => (typeof body.name === 'string' && body.name.length <= 5 ? ok : rejected));
    const result = await fuzzRoutes({ app, openapi, callers: [{ name: 'visitor', headers: {} }], fingerprint: async () => state.join(), runsPerRoute: 100, seed: 7 });
    const problems = result.findings.map((finding) => finding.problem);
    expect(problems).toContain('accepted text with control characters (answered 201)');
    expect(result.findings.find((finding) => finding.problem.startsWith('accepted text'))!.request.payload).toMatch(/\\u00(00|07|1b)/);
  });

  it('finds nothing on a route that validates before writing', async () => {
    const { app, state } = await appWith((body, data) => {
      // eslint-disable-next-line no-control-regex
      if (typeof body.name !== 'string' || body.name.length > 5 || /[\u0000-\u001f]/.test(body.name)) return rejected;
      data.push(body.name);
      return ok;
    });
    const result = await fuzzRoutes({ app, openapi, callers: [{ name: 'visitor', headers: {} }], fingerprint: async () => state.join(), runsPerRoute: 60, seed: 7 });
    expect(result).toMatchObject({ routes: 1, requests: 60, findings: [] });
    expect(state.length).toBeGreaterThan(0);
  });

  describe('with bodies past the JSON shape limits', () => {
    /** Counts the values of a body the naive way: recursion, which a deep enough body overflows. */
    const countValues = (value: unknown): number =>
      typeof value === 'object' && value !== null ? 1 + Object.values(value).reduce<number>((sum, item) => sum + countValues(item), 0) : 1;

    it('reports a route that walks a deep body into a 500, and one that does not refuse them with their message', async () => {
      const { app, state } = await appWith((body) => (countValues(body) > 0 ? ok : rejected));
      const result = await fuzzRoutes({ app, openapi, callers: [{ name: 'visitor', headers: {} }], fingerprint: async () => state.join(), runsPerRoute: 20, seed: 7, bodyShapes: true });
      const problems = result.findings.map((finding) => finding.problem);
      expect(problems.some((problem) => problem.startsWith('a deep body answered 500'))).toBe(true);
      expect(problems.some((problem) => problem.startsWith('a wide body answered 201'))).toBe(true);
      // Long payloads are shown by their start.
      expect(result.findings.every((finding) => (finding.request.payload ?? '').length < 400)).toBe(true);
    });

    it('finds nothing on a service app, which refuses them before any route sees them', async () => {
      const app = await createServiceApp({ name: 'fuzzed', logger: false });
      const state: string[] = [];
      app.post('/things', async (request) => {
        if (countValues(request.body) < 0) state.push('never');
        return { ok: true };
      });
      await app.ready();
      try {
        const result = await fuzzRoutes({ app, openapi, callers: [{ name: 'visitor', headers: {} }], fingerprint: async () => state.join(), runsPerRoute: 40, seed: 7, bodyShapes: true });
        expect(result).toMatchObject({ routes: 1, requests: 40, findings: [] });
      } finally {
        await app.close();
      }
    });
  });
});
