/**
 * The page's one socket to the chat service (docs/live.md): the chat panel's rooms and every live
 * figure a screen keeps current travel over it, so a page holds one connection whatever it shows.
 *
 * - One per page: the shell and each remote bundle this module separately, so the socket is kept in
 *   a registry on `globalThis` under a global symbol, and every bundle finds the same one.
 * - Created on first use; socket.io-client is loaded then, not with the shell's first paint.
 * - Batched frames: a room's events of one server tick arrive as one `batch` frame,
 *   `[[event, payload], ...]` in order; each is handed to the socket's own listeners of that event,
 *   so `socket.on('message:new', ...)` hears an event whether it came alone or in a batch.
 * - Closed by the server (session ended, claims changed): reconnected once the token is renewed.
 * - Live topics (`watchTopic`): the server's `live:update` events of a topic the page watches.
 *   A topic is watched again on every reconnection and its watchers are told to read their data
 *   once more (`onResync`), so an update missed while disconnected is caught up.
 */
import type { Socket } from 'socket.io-client';
import type { LiveTopic, LiveUpdate } from '@civic/contracts';
import { restoreSession } from './api-client.js';
import { chatSocketOptions } from './socket-options.js';

export type { LiveTopic, LiveUpdate } from '@civic/contracts';

interface Watcher {
  onUpdate: (update: LiveUpdate) => void;
  /** Called after a reconnection: read the data again, an update may have been missed. */
  onResync?: () => void;
  /**
   * Called once, when the server first confirms the topic: from then on no update is missed. A
   * watcher that started after its read can check whether something changed in between.
   */
  onWatching?: () => void;
}

interface Registry {
  socket: Promise<Socket> | null;
  watchers: Map<string, Set<Watcher>>;
}

const registryKey = Symbol.for('civic.page-socket');

function registry(): Registry {
  const scope = globalThis as typeof globalThis & { [registryKey]?: Registry };
  scope[registryKey] ??= { socket: null, watchers: new Map() };
  return scope[registryKey];
}

/**
 * Sends a topic change with an acknowledgement: the chat service ignores an event sent without one
 * (services/chat/src/socket/connection.ts). A refusal changes nothing on the page (its topics are
 * checked before they are sent).
 */
function sendTopics(socket: Socket, event: 'live:watch' | 'live:unwatch', topics: string[], onAccepted: () => void = () => undefined): void {
  socket.emit(event, { topics }, (answer: { ok?: boolean } | undefined) => answer?.ok === true && onAccepted());
}

/** The watchers already told that the server follows their topic. */
const confirmed = new WeakSet<Watcher>();

/** Tells each watcher of `topics` not told yet that the server now follows its topic. */
function confirmWatching(state: Registry, topics: string[]): void {
  for (const topic of topics) {
    for (const watcher of state.watchers.get(topic) ?? []) {
      if (confirmed.has(watcher)) continue;
      confirmed.add(watcher);
      watcher.onWatching?.();
    }
  }
}


/** A batch frame: the events of one room since the server's last tick, in order. */
type BatchFrame = [event: string, payload: unknown][];

async function connect(state: Registry): Promise<Socket> {
  const { io } = await import('socket.io-client');
  const socket = io({ ...chatSocketOptions });
  socket.on('batch', (frame: BatchFrame) => {
    if (!Array.isArray(frame)) return;
    for (const [event, payload] of frame) for (const listener of socket.listeners(event)) listener(payload);
  });
  socket.on('live:update', (update: LiveUpdate) => {
    for (const watcher of state.watchers.get(update.topic) ?? []) watcher.onUpdate(update);
  });
  socket.on('disconnect', (reason) => {
    // The server closes a socket whose session ended or whose claims changed (docs/sessions.md), and
    // socket.io does not reconnect after that by itself: renew the token, then reconnect, as the member
    // if the session lives on, else as a visitor. Here, not in a screen: a page without a chat still
    // watches topics.
    if (reason === 'io server disconnect') void restoreSession().catch(() => null).finally(() => !socket.active && socket.connect());
  });
  let connectedBefore = false;
  socket.on('connect', () => {
    const topics = [...state.watchers.keys()];
    if (topics.length) sendTopics(socket, 'live:watch', topics, () => confirmWatching(state, topics));
    // The first connection needs no catch-up: the screens read their data as they opened.
    if (connectedBefore) for (const set of state.watchers.values()) for (const watcher of set) watcher.onResync?.();
    connectedBefore = true;
  });
  return socket;
}

/** The page's socket, connected on first use. */
export function pageSocket(): Promise<Socket> {
  const state = registry();
  state.socket ??= connect(state);
  return state.socket;
}

/**
 * Follows one live topic until the returned function is called. The first watcher of a topic asks
 * the server to join it; the last one to leave asks to leave.
 */
export function watchTopic(topic: LiveTopic, watcher: Watcher): () => void {
  const state = registry();
  let set = state.watchers.get(topic);
  const first = !set;
  if (!set) state.watchers.set(topic, (set = new Set()));
  set.add(watcher);
  void pageSocket().then((socket) => {
    if (first && socket.connected && state.watchers.get(topic)?.has(watcher)) sendTopics(socket, 'live:watch', [topic], () => confirmWatching(state, [topic]));
    // A later watcher of a topic already followed: the server follows it now.
    else if (!first && socket.connected) confirmWatching(state, [topic]);
  });
  return () => {
    const current = state.watchers.get(topic);
    if (!current?.delete(watcher) || current.size > 0) return;
    state.watchers.delete(topic);
    void pageSocket().then((socket) => {
      if (socket.connected && !state.watchers.has(topic)) sendTopics(socket, 'live:unwatch', [topic]);
    });
  };
}
