import type { FastifyBaseLogger } from 'fastify';
import { TickedJob, type OutboxRelay } from '@civic/service-kit';
import { composeDigests, type ComposeDigestsDeps, type ComposedDigest } from '../commands/compose-digests.command.js';

export interface DigestSchedulerOptions extends ComposeDigestsDeps {
  /** DIGEST_CHECK_MS. */
  tickMs: number;
  log: FastifyBaseLogger;
  relay?: OutboxRelay;
}

/** Looks for due digests every DIGEST_CHECK_MS (one transaction per tick, safe with several replicas), then wakes the outbox relay. */
export class DigestScheduler extends TickedJob<ComposedDigest> {
  constructor(options: DigestSchedulerOptions) {
    super({
      ...options,
      name: 'digest tick',
      work: () => composeDigests(options),
      report: (log, digest) => log.info({ digest: { ...digest } }, 'digest composed'),
    });
  }
}
