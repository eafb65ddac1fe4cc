import { ChatDraftSettled } from '@civic/contracts';
import { startConsumer, type ConsumerHost, type OutboxRelay, type RunningConsumer } from '@civic/service-kit';
import { saveLiveDraft, type LiveSaveResult } from '../commands/save-live-draft.command.js';

export interface DraftConsumerDeps {
  relay: OutboxRelay;
  clock: () => Date;
  /** A written version changed the law's drafting: its live topic (docs/live.md#decisions-topics), as the routes mark it. */
  lawChanged(lawId: string): void;
}

/**
 * Words typed live by a law's creators (docs/co-drafting.md), handed over by the chat service after a
 * pause or a save: written as one version of the text through saveLiveDraft, in the transaction of the
 * event's inbox row. A save that can never apply is logged and acknowledged, not retried; what was
 * written or refused as a conflict is published at once, and a written version marks the law changed.
 */
export function draftConsumers(common: ConsumerHost, deps: DraftConsumerDeps): (() => Promise<RunningConsumer>)[] {
  const results = new Map<string, LiveSaveResult>();
  return [
    () =>
      startConsumer({
        ...common,
        name: 'decisions-chat-draft-settled',
        event: ChatDraftSettled,
        handle: async (tx, payload, envelope) => {
          const result = await saveLiveDraft(tx, payload, deps.clock());
          results.set(envelope.id, result);
          if (result.outcome === 'refused') {
            common.log.warn({ eventId: envelope.id, lawId: payload.lawId, textId: payload.textId, savedBy: payload.savedBy, reason: result.reason }, 'live draft not saved');
          }
        },
        // After the commit: a redelivered event (already in the inbox) finds no result and announces nothing.
        beforeAck: async (envelope) => {
          const result = results.get(envelope.id);
          results.delete(envelope.id);
          if (result?.outcome === 'written' || result?.outcome === 'conflicted') deps.relay.wake();
          if (result?.outcome === 'written') deps.lawChanged(result.lawId);
        },
      }),
  ];
}
