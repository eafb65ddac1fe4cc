import { describeRouteFuzzing } from '@civic/test-kit';
import { createUser, startHarness } from './support/harness.js';

/**
 * Property-based fuzzing of every identity route in its OpenAPI document, as a visitor, a user and a
 * moderator: never a 5xx, errors always in the catalogue's shape, and no data change on a rejected
 * request. login_failure is left out of the comparison: counting failed logins is what the login
 * rate limit is for.
 */
describeRouteFuzzing(() => startHarness('fuzz'), {
  arrange: async (h) => {
    const user = await createUser(h);
    const moderator = await createUser(h);
    await h.db.user.update({ where: { id: moderator.id }, data: { moderator: true } });
    return {
      app: h.app,
      callers: { user: { cookie: user.jar.header() }, moderator: { cookie: moderator.jar.header() } },
      knownIds: [user.id, moderator.id],
      exclude: ['login_failure'],
      // Ending the fuzzing callers' own sessions or accounts would only turn them into visitors;
      // logout and deletion have their own tests.
      skip: ['POST /api/login/auth-user', 'DELETE /api/users/{id}'],
    };
  },
  schema: 'identity',
  openapiUrl: '/api/auth/openapi.json',
  routes: { atLeast: 15 },
  runsPerRoute: 25,
  timeoutMs: 180_000,
});
