import { Role, type ChatMessage } from '@civic/contracts';
import { describeRouteFuzzing } from '@civic/test-kit';
import { emit, startHarness } from './support/harness.js';

/**
 * Property-based fuzzing of every chat HTTP route in its OpenAPI document, as a visitor, an author,
 * another member and a moderator: never a 5xx, errors always in the catalogue's shape, and no data change.
 */
describeRouteFuzzing(startHarness, {
  arrange: async (h) => {
    const author = await h.member({ name: 'Author' });
    const other = await h.member({ name: 'Other' });
    const moderator = await h.member({ name: 'Moderator', role: Role.Moderator });
    const { room, cycleId } = await h.openCycle('proposals');
    const socket = await h.client(author);
    const posted = (await emit<ChatMessage>(socket, 'message:post', { room, text: 'Fuzz me' })) as { data: ChatMessage };
    return {
      app: h.a.app,
      callers: { author: author.headers, 'other member': other.headers, moderator: moderator.headers },
      knownIds: [posted.data.id, cycleId, author.id, other.id],
    };
  },
  schema: 'chat',
  openapiUrl: '/api/chat/openapi.json',
  routes: 5,
  runsPerRoute: 20,
  timeoutMs: 120_000,
});
