import { Role, type ChatMessage } from '@civic/contracts';
import { fuzzService } from '@civic/test-kit';
import { emit, startHarness, type Harness } from './support/harness.js';

/**
 * Property-based fuzzing of every chat HTTP route in its OpenAPI document, as a visitor, an author,
 * another member and a moderator: never a 5xx, errors always in the catalogue's shape, and no data change.
 */
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h.close();
});

test('every route survives generated input from every kind of caller', async () => {
  const author = await h.member({ name: 'Author' });
  const other = await h.member({ name: 'Other' });
  const moderator = await h.member({ name: 'Moderator', role: Role.Moderator });
  const { room, cycleId } = await h.openCycle('proposals');
  const socket = await h.client(author);
  const posted = (await emit<ChatMessage>(socket, 'message:post', { room, text: 'Fuzz me' })) as { data: ChatMessage };

  const { routes, requests, findings } = await fuzzService({
    app: h.a.app,
    databaseUrl: h.context.databaseUrl,
    schema: 'chat',
    openapiUrl: '/api/chat/openapi.json',
    callers: [
      { name: 'visitor', headers: {} },
      { name: 'author', headers: author.headers },
      { name: 'other member', headers: other.headers },
      { name: 'moderator', headers: moderator.headers },
    ],
    knownIds: [posted.data.id, cycleId, author.id, other.id],
    runsPerRoute: 20,
  });

  expect(routes).toBe(5);
  expect(requests).toBe(routes * 20);
  expect(findings).toEqual([]);
}, 120_000);
