import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { ServiceApp } from '@civic/service-kit';

export type LaterWork = (log: FastifyBaseLogger) => Promise<void>;

/**
 * Work a route leaves for after its answer has gone, for calls whose answer must take the same time
 * whatever the work is (a mail for a known address, nothing for an unknown one). The work starts once
 * the answer is sent; closing the app waits for the work under way, so a shutdown loses none; a
 * failure is logged with the request's logger.
 */
export interface AfterAnswer {
  later(request: FastifyRequest, work: LaterWork): void;
}

/** Installs the hooks in the plugin's scope (its routes' answers, its close). */
export function installAfterAnswer(app: ServiceApp): AfterAnswer {
  const scheduled = new WeakMap<FastifyRequest, LaterWork[]>();
  const running = new Set<Promise<void>>();

  app.addHook('onResponse', async (request) => {
    for (const work of scheduled.get(request) ?? []) {
      const run = work(request.log)
        .catch((error: unknown) => request.log.error({ err: error }, 'work after the answer failed'))
        .finally(() => running.delete(run));
      running.add(run);
    }
    scheduled.delete(request);
  });
  app.addHook('onClose', async () => {
    while (running.size > 0) await Promise.all(running);
  });

  return {
    later(request, work) {
      scheduled.set(request, [...(scheduled.get(request) ?? []), work]);
    },
  };
}
