import { DraftConflicted } from '@civic/contracts';
import { startConsumer, type ConsumerHost, type RunningConsumer } from '@civic/service-kit';
import { conflictDraft } from '../commands/conflict-draft.command.js';

export type DraftConflict = (conflict: { textId: string; current: string }) => void;

/**
 * Live co-drafting's answers from decisions (docs/co-drafting.md#conflicts): words typed live that
 * were not written, since the text changed outside live editing. The next settle is based on the
 * text as it is now; the text's pages are told once the change committed.
 */
export function draftConsumers(common: ConsumerHost, onConflict: DraftConflict): (() => Promise<RunningConsumer>)[] {
  const conflicts = new Map<string, { textId: string; current: string }>();
  return [
    () =>
      startConsumer({
        ...common,
        name: 'chat-draft-conflicted',
        event: DraftConflicted,
        handle: async (tx, payload, envelope) => {
          if (await conflictDraft(tx, payload)) conflicts.set(envelope.id, { textId: payload.textId, current: payload.current });
        },
        beforeAck: async (envelope) => {
          const conflict = conflicts.get(envelope.id);
          conflicts.delete(envelope.id);
          if (conflict) onConflict(conflict);
        },
      }),
  ];
}
