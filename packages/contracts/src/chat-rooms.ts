/**
 * The chat's room names and acknowledgement check: plain values the chat panel uses at run time.
 * No TypeBox here (docs/architecture.md#front-ends): a front end that imports a value from a module
 * that builds schemas would bundle typebox.
 */
import type { ChatAck } from './chat.js';
import type { ErrorBody } from './errors.js';

/** Room names: `cycle:<cycleId>:proposals|voting|final-vote` and `law:<lawId>:creation`. */
export const chatRooms = {
  proposals: (cycleId: string) => `cycle:${cycleId}:proposals`,
  voting: (cycleId: string) => `cycle:${cycleId}:voting`,
  finalVote: (cycleId: string) => `cycle:${cycleId}:final-vote`,
  creation: (lawId: string) => `law:${lawId}:creation`,
} as const;

/** How a moderator may set a room's slow mode (docs/product.md#chat). */
export const slowModeSettings = ['auto', 'on', 'off'] as const;
/** The interval a moderator may set, in seconds. */
export const slowModeIntervalLimits = { min: 5, max: 3600 } as const;

const uuid = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
/** Pattern of a valid room name. */
export const chatRoomPattern = `^(cycle:${uuid}:(proposals|voting|final-vote)|law:${uuid}:creation)$`;

/** Whether an acknowledgement is an error. */
export const isChatError = <T>(ack: ChatAck<T>): ack is ErrorBody => !('ok' in ack);
