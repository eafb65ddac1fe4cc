import { CyclePhaseChanged, LawCreatorsDrawn } from '@civic/contracts';
import { startConsumer, type EventBus, type RunningConsumer } from '@civic/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import { cycleRoomOf, phaseIndex, stillOpen } from '../domain/rooms.js';
import { SCHEMA, type ChatPrisma } from '../store/prisma.js';
import { RoomRepository } from '../store/room.repository.js';

export type RoomsClosed = (rooms: { room: string; closedAt: string }[]) => void;

/**
 * Rooms from decisions' events: entering a phase opens its room and closes the one left; the
 * creators draw opens a law's creation room, closed when its cycle leaves creation. Rooms that closed
 * are announced to their sockets once the change committed.
 */
export function roomConsumers(db: ChatPrisma, bus: EventBus, log: FastifyBaseLogger, onClosed: RoomsClosed): (() => Promise<RunningConsumer>)[] {
  const common = { bus, db, schema: SCHEMA, log };
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
          const reached = await RoomRepository.recordPhase(tx, payload.cycleId, phaseIndex(payload.to), payload.at);
          const entered = cycleRoomOf(payload.cycleId, payload.to);
          if (entered) {
            await RoomRepository.ensure(tx, { ...entered, cycleId: payload.cycleId, at: payload.at, closedAt: stillOpen(entered.kind, reached) ? null : payload.at });
          }
          const closed: string[] = [];
          const left = cycleRoomOf(payload.cycleId, payload.from);
          if (left) {
            closed.push(...(await RoomRepository.close(tx, { ids: [left.id] }, payload.at)));
            await RoomRepository.ensure(tx, { ...left, cycleId: payload.cycleId, at: payload.at, closedAt: payload.at });
          }
          // Every room of an earlier phase is closed (also when an event in between was missed).
          for (const kind of ['proposals', 'voting', 'creation', 'final-vote'] as const) {
            if (!stillOpen(kind, reached)) closed.push(...(await RoomRepository.close(tx, { cycleId: payload.cycleId, kind }, payload.at)));
          }
          closedBy.set(envelope.id, [...new Set(closed)].map((room) => ({ room, closedAt: payload.at })));
        },
        beforeAck: announce,
      }),
    () =>
      startConsumer({
        ...common,
        name: 'chat-law-creators-drawn',
        event: LawCreatorsDrawn,
        handle: async (tx, payload, envelope) => {
          const reached = await RoomRepository.reachedPhase(tx, payload.cycleId);
          const at = envelope.occurredAt;
          await RoomRepository.ensure(tx, {
            id: `law:${payload.lawId}:creation`,
            kind: 'creation',
            cycleId: payload.cycleId,
            lawId: payload.lawId,
            title: payload.title,
            at,
            closedAt: stillOpen('creation', reached) ? null : at,
          });
        },
      }),
  ];
}
