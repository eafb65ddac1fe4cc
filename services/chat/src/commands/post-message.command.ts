import { AppError } from '@civic/service-kit';
import { messagePosted } from '../domain/message-events.js';
import { mayPost, mayReply, type Caller } from '../domain/permissions.js';
import { exemptFromSlowMode, nextPostAt } from '../domain/slow-mode.js';
import { textProblem } from '../domain/validation.js';
import { MessageRepository, type MessageRow } from '../store/message.repository.js';
import { facts, roomOf, type ChangedMessage } from './message-access.js';
import { slowModeNow } from './slow-mode-state.js';
import { limitRate, refused, unitOfWork, type CommandDeps } from './unit-of-work.js';

/**
 * A member posts in an open room, or replies to a message of that room. A post already stored under
 * the same client message id (a re-send whose answer was lost, even arriving on two instances at
 * once) is stored once: `replayed` then says the row is the earlier one and nothing was announced.
 */
export async function postMessage(
  deps: CommandDeps,
  caller: Caller & { name: string },
  input: { room: string; text: string; replyTo?: string | null; clientMessageId?: string | null },
): Promise<ChangedMessage & { replayed: boolean }> {
  const messages = new MessageRepository(deps.db);
  const clientMessageId = input.clientMessageId ?? null;
  const earlier = clientMessageId ? await messages.byClientMessageId(caller.id, clientMessageId) : null;
  if (earlier) return { row: earlier, room: await roomOf(deps.db, earlier.roomId), replayed: true };
  const room = await roomOf(deps.db, input.room);
  const problem = textProblem(input.text);
  if (problem) throw new AppError('badRequest', 400, { reason: problem });
  let target: MessageRow | null = null;
  if (input.replyTo) {
    target = await messages.byId(input.replyTo);
    if (!target || target.roomId !== room.id) throw new AppError('notFound', 404, { reason: 'unknown-message' });
    refused(mayReply(caller, { open: room.closedAt === null }, facts(target)));
  } else {
    refused(mayPost(caller, { open: room.closedAt === null }));
  }
  const slowMode = await slowModeNow(deps, room);
  const slowed = slowMode !== null && slowMode.active && !exemptFromSlowMode(caller);
  // Checked before the rate counts the post, then again under the poster's lock (two posts at once).
  const tooEarly = async (repository: MessageRepository) => {
    if (!slowed || !slowMode) return;
    const retryAt = nextPostAt(slowMode, false, await repository.lastPostAt(room.id, caller.id), deps.clock());
    if (retryAt) throw new AppError('slowMode', 429, { reason: 'slow-mode', retryAt: retryAt.toISOString(), intervalS: slowMode.intervalS });
  };
  await tooEarly(messages);
  await limitRate(deps.limiter, caller.id);
  return unitOfWork(deps.db, async (tx, events) => {
    const stored = new MessageRepository(tx);
    if (slowed) {
      await stored.lockPoster(room.id, caller.id);
      await tooEarly(stored);
    }
    const now = deps.clock();
    const row = await stored.insertPost({ roomId: room.id, userId: caller.id, userName: caller.name, text: input.text, replyToId: target?.id ?? null, clientMessageId, createdAt: now });
    if (!row) {
      const first = await stored.byClientMessageId(caller.id, clientMessageId!);
      if (!first) throw new Error('a post skipped as a duplicate has no earlier row');
      return { row: first, room, replayed: true };
    }
    events.push(...messagePosted(row, target, now));
    return { row, room, replayed: false };
  });
}
