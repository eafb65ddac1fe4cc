import { fuzzService } from '@civic/test-kit';
import { createUser, startHarness, type Harness } from './support/harness.js';

/**
 * Property-based fuzzing of every identity route in its OpenAPI document, as a visitor, a user and a
 * moderator: never a 5xx, errors always in the catalogue's shape, and no data change on a rejected
 * request. login_failure is left out of the comparison: counting failed logins is what the login
 * rate limit is for.
 */
let h: Harness;

beforeAll(async () => {
  h = await startHarness('fuzz');
});

afterAll(async () => {
  await h.close();
});

test('every route survives generated input from every kind of caller', async () => {
  const user = await createUser(h);
  const moderator = await createUser(h);
  await h.db.user.update({ where: { id: moderator.id }, data: { moderator: true } });

  const { routes, requests, findings } = await fuzzService({
    app: h.app,
    databaseUrl: h.context.databaseUrl,
    schema: 'identity',
    openapiUrl: '/api/auth/openapi.json',
    callers: [
      { name: 'visitor', headers: {} },
      { name: 'user', headers: { cookie: user.jar.header() } },
      { name: 'moderator', headers: { cookie: moderator.jar.header() } },
    ],
    knownIds: [user.id, moderator.id],
    exclude: ['login_failure'],
    // Ending the fuzzing callers' own sessions or accounts would only turn them into visitors;
    // logout and deletion have their own tests.
    skip: ['POST /api/login/auth-user', 'DELETE /api/users/{id}'],
    runsPerRoute: 25,
  });

  expect(routes).toBeGreaterThanOrEqual(15);
  expect(requests).toBe(routes * 25);
  expect(findings).toEqual([]);
}, 180_000);
