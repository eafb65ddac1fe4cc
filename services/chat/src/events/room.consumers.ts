import { CyclePhaseChanged, LawCreatorsDrawn } from '@civic/contracts';
import { startConsumer, type ConsumerHost, type RunningConsumer } from '@civic/service-kit';
import { changeCyclePhase } from '../commands/change-cycle-phase.command.js';
import { openCreationRoom } from '../commands/open-creation-room.command.js';

export type RoomsClosed = (rooms: { room: string; closedAt: string }[]) => void;

/**
 * Rooms from decisions' events: entering a phase opens its room and closes the one left; the
 * creators draw opens a law's creation room, closed when its cycle leaves creation. Rooms that closed
 * are announced to their sockets once the change committed.
 */
export function roomConsumers(common: ConsumerHost, onClosed: RoomsClosed): (() => Promise<RunningConsumer>)[] {
  const closedBy = new Map<string, { room: string; closedAt: string }[]>();
  const announce = async (envelope: { id: string }) => {
    const closed = closedBy.get(envelope.id);
    closedBy.delete(envelope.id);
    if (closed?.length) onClosed(closed);
  };
  return [
    () =>
      startConsumer({
        ...common,
        name: 'chat-cycle-phase-changed',
        event: CyclePhaseChanged,
        handle: async (tx, payload, envelope) => {
          const closed = await changeCyclePhase(tx, payload);
          closedBy.set(envelope.id, closed.map((room) => ({ room, closedAt: payload.at })));
        },
        beforeAck: announce,
      }),
    () =>
      startConsumer({
        ...common,
        name: 'chat-law-creators-drawn',
        event: LawCreatorsDrawn,
        // The room and the law's creators (who may draft live) in the one transaction.
        handle: (tx, payload, envelope) => openCreationRoom(tx, { ...payload, at: envelope.occurredAt }),
      }),
  ];
}
