/**
 * The authorization matrix of the chat's socket events (the chat has no mutating HTTP route: every
 * change is a socket.io event, services/chat/src/socket/payloads.ts). For each event, and for the
 * variants whose rule differs (a reply, a message signalled or not, undoing a pin or a hide), the
 * verdict the product rules give each of the six callers (docs/product.md#roles-and-permissions,
 * #chat and #suspensions, as each row's `rule` names them), written by hand, never from the answers:
 *
 * - allowed: the event passes authorization (an ok acknowledgement, or a refusal that is not 401/403
 *   and never 5xx: this is about who, not what);
 * - denied: the acknowledgement is the error shape of docs/product.md#errors, 401 Unauthorized for
 *   the visitor, 403 (Unauthorized action, or Suspension error) for a member, and nothing changed.
 *
 * Decisions where the rules leave room:
 * - suspended member: a suspension bars participation (#suspensions: no voting, proposing, drafting,
 *   posting or signalling content; the HTTP matrix: no proposing or signalling either) while reading
 *   stays open to everyone. So a suspended member reads, leaves and mutes (hiding an author for
 *   oneself is not participation), but does not post, reply, edit or signal: a signal puts work on
 *   the moderators, which a suspended member could otherwise flood (403 Suspension error, reason
 *   'suspended'). The chat's code agrees (domain/permissions.ts mayPost/mayEdit/maySignal; the chat
 *   keeps a projection of suspensions), and so does the message's `may.signal`.
 * - scribe: #roles-and-permissions gives scribes article and law edits (scribeStatus), and names the
 *   chat's editors (author, moderator when signalled) without them: in the chat a scribe is a plain
 *   member, except that slow mode does not slow them down (#chat); switching it is the moderators'.
 * - moderator: edits and deletes chat content only once it is signalled (moderationStatus 1,
 *   #signals); pins ("with permission", held by moderators as in the HTTP matrix) and hides
 *   (hideInChat, moderators' "modify any content"), and undoes both.
 * - owner: the author of every message the rows act on; muting is per member ("a logged-in user
 *   other than that author"), so the owner is refused muting themself; unmuting only edits one's own
 *   list and is every member's, themself included (nothing to protect).
 * - live co-drafting (docs/co-drafting.md#who-may): the owner is the drawn creator of the drafted law,
 *   in creation for the whole run; every `draft:*` event is a creator's, not suspended, so the plain
 *   user, the scribe and the moderator (none of them a creator) are refused (403 not-creator), the
 *   suspended member too (403 Suspension error), the visitor with 401. Scribes and moderators edit a
 *   law's texts through decisions' route with a reason, never live. The owner's rows change no text:
 *   a text of its own id, and an update that types a letter and deletes it, so nothing is written.
 *
 * Each row acts on fresh messages of the owner (`prepare`), so that a deletion, a signal or a pin by
 * one caller never decides another caller's answer. Callers run in `callers` order, the owner last.
 *
 * Rows about a message also name the flag of the message's `may` that names their action (`may`):
 * the caller reads the message first (the room's history over HTTP), and the flag must agree with the
 * acknowledgement, as the row of the message's case in the caller's table (`mayByCase`, from their
 * join) must agree with the message's own `may`.
 */
import { DRAFT_YTEXT, type ChatMessageMay } from '@civic/contracts';
import * as Y from 'yjs';
import { callers, type Caller } from './cast.js';

export type SocketVerdict = 'allowed' | 'denied';
type Member = Exclude<Caller, 'visitor'>;

/** What the rows act with: the room and ways to set up a row's messages. */
export interface ChatStage {
  room: string;
  ids: Record<Member, string>;
  /** A fresh message of the owner in the room; answers its id. */
  post(text: string): Promise<string>;
  /** Signals a message to the moderators, as the plain user (a setup step, not a checked call). */
  signal(id: string): Promise<void>;
  /** Pins or hides a message, as the moderator (a setup step). */
  pin(id: string): Promise<void>;
  hide(id: string): Promise<void>;
  /** Live co-drafting: the law the owner drafts, a text of it, and the owner opening it (a setup step answering its state). */
  draft: { lawId: string; textId: string; join(): Promise<string> };
}

/** The messages a row prepared, by role in the row. */
export type Prepared = Record<string, string>;

export interface SocketRow {
  /** The event as the server names it (payloads.ts). */
  event: string;
  /** The event and, when several rows share it, the case. */
  label: string;
  verdicts: Record<Caller, SocketVerdict>;
  /** The rule behind the verdicts. */
  rule: string;
  prepare?: (stage: ChatStage) => Promise<Prepared>;
  payload: (caller: Caller, prepared: Prepared, stage: ChatStage) => unknown;
  /** The flag of the target message's `may` that names the action, and which prepared message each caller acts on. */
  may?: { flag: keyof ChatMessageMay; target: (caller: Caller, prepared: Prepared) => string };
}

/** Each caller acts on the row's one prepared message. */
const theTarget = (_caller: Caller, prepared: Prepared) => prepared.target!;

const verdictsOf = (pick: (caller: Caller) => SocketVerdict) => Object.fromEntries(callers.map((caller) => [caller, pick(caller)])) as Record<Caller, SocketVerdict>;
const everyone = verdictsOf(() => 'allowed');
/** Logged in. */
const members = verdictsOf((caller) => (caller === 'visitor' ? 'denied' : 'allowed'));
/** Logged in and not suspended. */
const chatters = verdictsOf((caller) => (caller === 'visitor' || caller === 'suspended' ? 'denied' : 'allowed'));
const only = (...allowed: Caller[]) => verdictsOf((caller) => (allowed.includes(caller) ? 'allowed' : 'denied'));
/** Logged in, not suspended, and not the owner. */
const signallers = verdictsOf((caller) => (caller === 'visitor' || caller === 'suspended' || caller === 'owner' ? 'denied' : 'allowed'));
/** Logged in, but not the owner. */
const othersThanTheAuthor = verdictsOf((caller) => (caller === 'visitor' || caller === 'owner' ? 'denied' : 'allowed'));

const text = (what: string, caller: Caller) => `${what} by the ${caller}`;

interface SwitchCase {
  label: string;
  rule: string;
  /** The text of the owner's message the row acts on. */
  message: string;
}

/**
 * The two rows of a moderator's switch on a message (a pin, a hide): turning it on for a fresh message,
 * and turning it off on a message the moderator turned on first (`turnOn`, a setup step).
 */
function switchRows(event: string, field: 'pin' | 'hidden', turnOn: (stage: ChatStage, id: string) => Promise<void>, on: SwitchCase, off: SwitchCase): SocketRow[] {
  const may = { flag: field === 'pin' ? 'pin' : 'hide', target: theTarget } as const;
  return [
    {
      event,
      label: on.label,
      verdicts: only('moderator'),
      rule: on.rule,
      prepare: async (stage) => ({ target: await stage.post(on.message) }),
      payload: (_caller, prepared) => ({ id: prepared.target, [field]: true }),
      may,
    },
    {
      event,
      label: off.label,
      verdicts: only('moderator'),
      rule: off.rule,
      prepare: async (stage) => {
        const target = await stage.post(off.message);
        await turnOn(stage, target);
        return { target };
      },
      payload: (_caller, prepared) => ({ id: prepared.target, [field]: false }),
      may,
    },
  ];
}

/** An update of the text's document that types a letter and deletes it at once: valid, and the text stays as it was. */
function noChange(state: string): string {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, Buffer.from(state, 'base64'));
  const before = Y.encodeStateVector(doc);
  doc.transact(() => {
    doc.getText(DRAFT_YTEXT).insert(0, 'x');
    doc.getText(DRAFT_YTEXT).delete(0, 1);
  });
  return Buffer.from(Y.encodeStateAsUpdate(doc, before)).toString('base64');
}

const creator = only('owner');
const drafting = 'a law’s texts are typed live by its creators only, while it is in creation, not suspended (docs/co-drafting.md#who-may; #suspensions: no drafting)';

/** The rows of live co-drafting, in the order a page emits them. */
const draftRows: SocketRow[] = [
  {
    event: 'draft:here',
    label: 'draft:here',
    verdicts: creator,
    rule: `${drafting}; presence is part of it`,
    payload: (_caller, _prepared, stage) => ({ lawId: stage.draft.lawId, editing: { kind: 'article', textId: stage.draft.textId } }),
  },
  {
    event: 'draft:join',
    label: 'draft:join',
    verdicts: creator,
    rule: `${drafting}; reading the law's texts stays open to everyone over HTTP`,
    payload: (_caller, _prepared, stage) => ({ lawId: stage.draft.lawId, kind: 'article', textId: stage.draft.textId, body: 'A text drafted live.' }),
  },
  {
    event: 'draft:update',
    label: 'draft:update',
    verdicts: creator,
    rule: drafting,
    prepare: async (stage) => ({ update: noChange(await stage.draft.join()) }),
    payload: (_caller, prepared, stage) => ({ textId: stage.draft.textId, update: prepared.update }),
  },
  {
    event: 'draft:save',
    label: 'draft:save',
    verdicts: creator,
    rule: `${drafting}; the text came back to its last version, so nothing is written`,
    payload: (_caller, _prepared, stage) => ({ textId: stage.draft.textId }),
  },
  {
    event: 'draft:leave',
    label: 'draft:leave',
    verdicts: creator,
    rule: drafting,
    payload: (_caller, _prepared, stage) => ({ textId: stage.draft.textId }),
  },
  {
    event: 'draft:away',
    label: 'draft:away',
    verdicts: creator,
    rule: drafting,
    payload: (_caller, _prepared, stage) => ({ lawId: stage.draft.lawId }),
  },
];

export const socketMatrix: SocketRow[] = [
  {
    event: 'room:join',
    label: 'room:join',
    verdicts: everyone,
    rule: 'visitors can read (#roles-and-permissions); joining a room is reading it, a suspension blocks voting, not reading (#suspensions)',
    payload: (_caller, _prepared, stage) => ({ room: stage.room }),
  },
  {
    event: 'message:post',
    label: 'message:post',
    verdicts: chatters,
    rule: 'login needed to chat (#roles-and-permissions); not while suspended (see the decisions above)',
    payload: (caller, _prepared, stage) => ({ room: stage.room, text: text('A message', caller) }),
  },
  {
    event: 'message:post',
    label: 'message:post (reply)',
    verdicts: chatters,
    rule: 'reply to chat: any logged-in user (#roles-and-permissions); not while suspended',
    prepare: async (stage) => ({ target: await stage.post('A message to reply to') }),
    payload: (caller, prepared, stage) => ({ room: stage.room, text: text('A reply', caller), replyTo: prepared.target }),
    may: { flag: 'reply', target: theTarget },
  },
  {
    event: 'message:edit',
    label: 'message:edit (own, not signalled)',
    verdicts: only('owner'),
    rule: 'edit chat content: the author, or a moderator when moderationStatus is 1 (#roles-and-permissions); it is 0',
    prepare: async (stage) => ({ target: await stage.post('A message to edit') }),
    payload: (caller, prepared) => ({ id: prepared.target, text: text('Edited', caller) }),
    may: { flag: 'edit', target: theTarget },
  },
  {
    event: 'message:edit',
    label: 'message:edit (signalled)',
    verdicts: only('moderator', 'owner'),
    rule: 'edit chat content: the author, or a moderator when moderationStatus is 1 (#signals, #roles-and-permissions); signalled first by the user',
    prepare: async (stage) => {
      const target = await stage.post('A signalled message to edit');
      await stage.signal(target);
      return { target };
    },
    payload: (caller, prepared) => ({ id: prepared.target, text: text('Edited once signalled', caller) }),
    may: { flag: 'edit', target: theTarget },
  },
  {
    event: 'message:delete',
    label: 'message:delete (not signalled)',
    verdicts: only('owner'),
    rule: 'delete chat: the author, or a moderator when moderationStatus is 1 (#roles-and-permissions); it is 0, and the owner deletes last',
    prepare: async (stage) => ({ target: await stage.post('A message to delete') }),
    payload: (_caller, prepared) => ({ id: prepared.target }),
    may: { flag: 'remove', target: theTarget },
  },
  {
    event: 'message:delete',
    label: 'message:delete (signalled)',
    verdicts: only('moderator', 'owner'),
    rule: 'delete chat: the author, or a moderator when moderationStatus is 1 (#signals, #roles-and-permissions); the moderator deletes one signalled message, everyone else the owner’s other one',
    prepare: async (stage) => {
      const [forModerator, forOwner] = [await stage.post('A signalled message the moderator deletes'), await stage.post('A signalled message its author deletes')];
      await stage.signal(forModerator);
      await stage.signal(forOwner);
      return { forModerator, forOwner };
    },
    payload: (caller, prepared) => ({ id: caller === 'moderator' ? prepared.forModerator : prepared.forOwner }),
    may: { flag: 'remove', target: (caller, prepared) => (caller === 'moderator' ? prepared.forModerator! : prepared.forOwner!) },
  },
  {
    event: 'message:signal',
    label: 'message:signal',
    verdicts: signallers,
    rule: 'signal to moderator: any logged-in user other than the author, when moderationStatus is 0 (#roles-and-permissions), not while suspended (#suspensions: Suspension error, reason suspended); each member but the owner signals a message of its own (the suspended member’s stays unsignalled, so only the suspension refuses it), the visitor and the owner a spare one',
    prepare: async (stage) => {
      const prepared: Prepared = {};
      for (const who of ['user', 'suspended', 'scribe', 'moderator', 'spare']) prepared[who] = await stage.post(`A message to signal (${who})`);
      return prepared;
    },
    payload: (caller, prepared) => ({ id: prepared[caller] ?? prepared.spare }),
    may: { flag: 'signal', target: (caller, prepared) => prepared[caller] ?? prepared.spare! },
  },
  ...switchRows(
    'message:pin',
    'pin',
    (stage, id) => stage.pin(id),
    {
      label: 'message:pin (pin)',
      rule: 'pin: with the permission (#roles-and-permissions), which moderators hold, as for proposals, laws, articles and sources',
      message: 'A message to pin',
    },
    {
      label: 'message:pin (unpin)',
      rule: 'unpinning needs the same permission as pinning (#roles-and-permissions); pinned first by the moderator',
      message: 'A message to unpin',
    },
  ),
  ...switchRows(
    'message:hide',
    'hidden',
    (stage, id) => stage.hide(id),
    {
      label: 'message:hide (hide)',
      rule: 'hideInChat marks content a moderator hid (#chat); moderators modify any content (#roles-and-permissions)',
      message: 'A message to hide',
    },
    {
      label: 'message:hide (show)',
      rule: 'showing a hidden message again is the moderators’ too (#roles-and-permissions); hidden first by the moderator',
      message: 'A message to show again',
    },
  ),
  {
    event: 'user:mute',
    label: 'user:mute',
    verdicts: othersThanTheAuthor,
    rule: 'mute a chat author: a logged-in user other than that author (#roles-and-permissions); the author is the owner, a suspended member may still choose what to read',
    prepare: async (stage) => ({ target: await stage.post('A message whose author is muted') }),
    payload: (_caller, _prepared, stage) => ({ userId: stage.ids.owner }),
    may: { flag: 'mute', target: theTarget },
  },
  {
    event: 'user:unmute',
    label: 'user:unmute',
    verdicts: members,
    rule: 'unmuting edits the caller’s own mutes: any logged-in user (#chat: login needed to chat), the owner unmuting themself changes nothing',
    payload: (_caller, _prepared, stage) => ({ userId: stage.ids.owner }),
  },
  {
    event: 'room:slow-mode',
    label: 'room:slow-mode',
    verdicts: only('moderator'),
    rule: 'slow mode is switched by moderators (#chat); a scribe is exempt from it but does not switch it. The row sets it automatic, as rooms start, so the other rows post as before',
    payload: (_caller, _prepared, stage) => ({ room: stage.room, mode: 'auto', intervalS: 30 }),
  },
  {
    event: 'live:watch',
    label: 'live:watch',
    verdicts: everyone,
    rule: 'live topics carry public figures only (docs/live.md): following them is reading, open to anyone as reading is (#roles-and-permissions)',
    payload: () => ({ topics: ['phases'] }),
  },
  {
    event: 'live:unwatch',
    label: 'live:unwatch',
    verdicts: everyone,
    rule: 'no longer following a live topic only stops one’s own reading: anyone',
    payload: () => ({ topics: ['phases'] }),
  },
  ...draftRows,
  {
    event: 'room:leave',
    label: 'room:leave',
    verdicts: everyone,
    rule: 'leaving a room only stops one’s own reading: anyone',
    payload: (_caller, _prepared, stage) => ({ room: stage.room }),
  },
];
