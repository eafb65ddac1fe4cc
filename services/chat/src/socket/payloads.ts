/** Schemas of every payload a client emits (issue 7: each is validated before anything happens). */
import Type, { type Static, type TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import {
  ARTICLE_BODY_MAX,
  chatRoomPattern,
  DRAFT_UPDATE_MAX_BYTES,
  draftTextKinds,
  Limits,
  liveTopicPattern,
  maxLiveTopicsPerSocket,
  slowModeIntervalLimits,
  SlowModeSettingSchema,
  textProblem,
  type ErrorKey,
} from '@civic/contracts';

const Uuid = Type.String({ pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' });
const RoomName = Type.String({ pattern: chatRoomPattern, maxLength: 80 });
/** UTF-16 length bound (a code point takes at most two units); the 250 characters are checked in domain/validation. */
const Text = Type.String({ minLength: Limits.chatMessage.min, maxLength: Limits.chatMessage.max * 2 });
const strict = { additionalProperties: false } as const;
const TextKind = Type.Union([Type.Literal(draftTextKinds[0]), Type.Literal(draftTextKinds[1])]);
/** A Yjs update in base64: at most DRAFT_UPDATE_MAX_BYTES once decoded (4 characters per 3 bytes). */
const DraftUpdateBytes = Type.String({ minLength: 1, maxLength: Math.ceil(DRAFT_UPDATE_MAX_BYTES / 3) * 4, pattern: '^[A-Za-z0-9+/]*={0,2}$' });
const LiveTopics = Type.Array(Type.String({ pattern: liveTopicPattern, maxLength: 60 }), { minItems: 1, maxItems: maxLiveTopicsPerSocket });

export const payloadSchemas = {
  'room:join': Type.Object({ room: RoomName }, strict),
  'room:leave': Type.Object({ room: RoomName }, strict),
  /** `clientMessageId`: chosen by the client, sent again with a re-send so the post is stored once. */
  'message:post': Type.Object({ room: RoomName, text: Text, replyTo: Type.Optional(Uuid), clientMessageId: Type.Optional(Uuid) }, strict),
  'message:edit': Type.Object({ id: Uuid, text: Text }, strict),
  'message:delete': Type.Object({ id: Uuid }, strict),
  'message:signal': Type.Object({ id: Uuid }, strict),
  'message:pin': Type.Object({ id: Uuid, pin: Type.Boolean() }, strict),
  'message:hide': Type.Object({ id: Uuid, hidden: Type.Boolean() }, strict),
  'user:mute': Type.Object({ userId: Uuid }, strict),
  'user:unmute': Type.Object({ userId: Uuid }, strict),
  /** Moderators: a room's slow mode (docs/product.md#chat). */
  'room:slow-mode': Type.Object(
    { room: RoomName, mode: SlowModeSettingSchema, intervalS: Type.Integer({ minimum: slowModeIntervalLimits.min, maximum: slowModeIntervalLimits.max }) },
    strict,
  ),
  /** Live topics (docs/live.md), visitors too; at most 16 watched per socket, counted in live/live-handlers.ts. */
  'live:watch': Type.Object({ topics: LiveTopics }, strict),
  'live:unwatch': Type.Object({ topics: LiveTopics }, strict),
  /** Live co-drafting (docs/co-drafting.md, packages/contracts/src/drafting.ts): a law's creators only. */
  'draft:join': Type.Object({ lawId: Uuid, kind: TextKind, textId: Uuid, body: Type.String({ maxLength: ARTICLE_BODY_MAX }) }, strict),
  'draft:update': Type.Object({ textId: Uuid, update: DraftUpdateBytes }, strict),
  'draft:save': Type.Object({ textId: Uuid }, strict),
  'draft:leave': Type.Object({ textId: Uuid }, strict),
  'draft:here': Type.Object({ lawId: Uuid, editing: Type.Union([Type.Null(), Type.Object({ kind: TextKind, textId: Uuid }, strict)]) }, strict),
  'draft:away': Type.Object({ lawId: Uuid }, strict),
} satisfies Record<string, TSchema>;

export type ClientEvent = keyof typeof payloadSchemas;
export type Payload<E extends ClientEvent> = Static<(typeof payloadSchemas)[E]>;

export interface PayloadProblem {
  /** The catalogue message to answer with: badRequest, missingRequiredFields, forbiddenCharacters or invisibleText. */
  key: ErrorKey;
  errors: { path: string; keyword: string; message: string }[];
}

const validators = Object.fromEntries(Object.entries(payloadSchemas).map(([event, schema]) => [event, Compile(schema)])) as {
  [E in ClientEvent]: ReturnType<typeof Compile<(typeof payloadSchemas)[E]>>;
};

/** Payload fields where newlines and tabs are allowed: a message, or an article's text, may hold several lines. */
const MULTILINE_FIELDS: readonly string[] = ['text', 'body'];

/** The first field of a valid payload whose text the platform's text rule refuses (packages/contracts/src/text.ts). */
function textProblemOf(payload: object): PayloadProblem | null {
  for (const [field, value] of Object.entries(payload)) {
    if (typeof value !== 'string') continue;
    const problem = textProblem(value, { multiline: MULTILINE_FIELDS.includes(field) });
    if (problem) return { key: problem, errors: [{ path: `/${field}`, keyword: 'text', message: problem }] };
  }
  return null;
}

/** The payload fields holding a Uuid. */
const ID_FIELDS = ['id', 'replyTo', 'userId', 'clientMessageId', 'lawId', 'textId'] as const;

/**
 * Ids in lower case, as PostgreSQL writes uuids: ids are also compared and used as socket room names
 * in JavaScript, where capitals would let a member mute themself or name a room nobody else uses.
 */
function withCanonicalIds<P extends object>(payload: P): P {
  const copy = { ...payload } as Record<string, unknown>;
  for (const field of ID_FIELDS) if (typeof copy[field] === 'string') copy[field] = (copy[field] as string).toLowerCase();
  return copy as P;
}

/** The payload typed when valid and its text acceptable (its ids in lower case), else what is wrong with it. */
export function checkPayload<E extends ClientEvent>(event: E, payload: unknown): { ok: true; value: Payload<E> } | { ok: false; problem: PayloadProblem } {
  const validator = validators[event];
  if (validator.Check(payload)) {
    const problem = textProblemOf(payload as object);
    return problem ? { ok: false, problem } : { ok: true, value: withCanonicalIds(payload as Payload<E>) };
  }
  const errors = [...validator.Errors(payload)].slice(0, 10).map((error) => ({ path: error.instancePath, keyword: error.keyword, message: error.message }));
  const missing = errors.some((error) => error.keyword === 'required');
  return { ok: false, problem: { key: missing ? 'missingRequiredFields' : 'badRequest', errors } };
}

export const clientEvents = Object.keys(payloadSchemas) as ClientEvent[];
