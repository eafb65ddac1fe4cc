import { Role } from '@civic/contracts';
import { fuzzService } from '@civic/test-kit';
import { startHarness, type Harness } from './support/harness.js';

/**
 * Property-based fuzzing of every notifications route in its OpenAPI document, as a visitor, the
 * owner of alerts, another member, a moderator and another service: never a 5xx, errors always in
 * the catalogue's shape, and no data change on a rejected request. The live stream is left out: it stays
 * open by design (its own test covers it).
 */
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h.close();
});

test('every route survives generated input from every kind of caller', async () => {
  const owner = await h.member({ name: 'Owner' });
  const other = await h.member({ name: 'Other' });
  const moderator = await h.member({ name: 'Moderator', role: Role.Moderator });
  const ids = await h.db.$queryRawUnsafe<{ id: bigint }[]>(
    `INSERT INTO notifications.alert (user_id, message_key, params) SELECT $1::uuid, 'notice', '{}'::jsonb FROM generate_series(1, 5) RETURNING id`,
    owner.id,
  );

  const { routes, requests, findings } = await fuzzService({
    app: h.app,
    databaseUrl: h.context.databaseUrl,
    schema: 'notifications',
    openapiUrl: '/api/users/notifications/openapi.json',
    callers: [
      { name: 'visitor', headers: {} },
      { name: 'owner', headers: owner.headers },
      { name: 'other member', headers: other.headers },
      { name: 'moderator', headers: moderator.headers },
      { name: 'service', headers: { 'x-service-token': 'test-service-token' } },
      { name: 'wrong service token', headers: { 'x-service-token': 'nope' } },
    ],
    knownIds: [owner.id, other.id, moderator.id, ...ids.map((row) => String(row.id))],
    skip: ['GET /api/users/notifications/stream'],
    runsPerRoute: 30,
  });

  expect(routes).toBe(6);
  expect(requests).toBe(routes * 30);
  expect(findings).toEqual([]);
}, 180_000);
