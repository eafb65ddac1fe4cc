import { UserRegistered, type StreamOwner } from '@civic/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { startConsumer, type RunningConsumer } from './consumer.js';
import type { EventBus } from './nats.js';
import { quoteIdent, type SqlClient } from './prisma.js';

/**
 * Several services keep the same projection of identity's users (name, role) in a `member` table
 * of their own schema, so they can show and check users without calling identity.
 */
export function consumeMembers(service: StreamOwner, db: SqlClient, bus: EventBus, log: FastifyBaseLogger): Promise<RunningConsumer> {
  const table = `${quoteIdent(service)}."member"`;
  return startConsumer({
    bus,
    db,
    schema: service,
    name: `${service}-user-registered`,
    event: UserRegistered,
    log,
    handle: async (tx, payload) => {
      await tx.$executeRawUnsafe(
        `INSERT INTO ${table} (user_id, user_name, registered_at) VALUES ($1::uuid, $2, $3::timestamptz)
         ON CONFLICT (user_id) DO UPDATE SET user_name = EXCLUDED.user_name`,
        payload.userId,
        payload.userName,
        payload.registeredAt,
      );
    },
  });
}

/** Starts the consumers when the app is ready and stops them when it closes. */
export function runConsumersWithApp(
  app: { addHook(name: 'onReady' | 'onClose', hook: () => Promise<void>): unknown },
  starters: (() => Promise<RunningConsumer>)[],
): void {
  const running: RunningConsumer[] = [];
  app.addHook('onReady', async () => {
    for (const start of starters) running.push(await start());
  });
  app.addHook('onClose', async () => {
    await Promise.all(running.splice(0).map((consumer) => consumer.stop()));
  });
}
