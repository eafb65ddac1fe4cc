/**
 * `live:watch` and `live:unwatch` (docs/live.md): a socket, a visitor's too, joins the room of each
 * topic it watches; the relay (live-relay.ts) hands each topic's updates to that room. Payloads are
 * checked in socket/payloads.ts first.
 */
import { maxLiveTopicsPerSocket } from '@civic/contracts';
import { AppError } from '@civic/service-kit';
import type { ChatSocket } from '../socket/handshake.js';
import { isLiveRoom, liveRoom } from './live-rooms.js';

/** Acknowledgements of the live events: the topics the socket watches after the change. */
export interface LiveAckData {
  'live:watch': { topics: string[] };
  'live:unwatch': { topics: string[] };
}

const watchedTopics = (socket: ChatSocket) => [...socket.rooms].filter(isLiveRoom).map((room) => room.slice('live:'.length));

/** Ids in lower case, as the services publish them (PostgreSQL's spelling): a room name is compared exactly. */
const canonical = (topics: string[]) => [...new Set(topics.map((topic) => topic.toLowerCase()))];

export function liveHandlers() {
  return {
    async 'live:watch'(socket: ChatSocket, { topics }: { topics: string[] }): Promise<LiveAckData['live:watch']> {
      const wanted = new Set([...watchedTopics(socket), ...canonical(topics)]);
      if (wanted.size > maxLiveTopicsPerSocket) throw new AppError('badRequest', 400, { reason: 'too-many-topics', max: maxLiveTopicsPerSocket });
      await socket.join(canonical(topics).map(liveRoom));
      return { topics: watchedTopics(socket) };
    },

    async 'live:unwatch'(socket: ChatSocket, { topics }: { topics: string[] }): Promise<LiveAckData['live:unwatch']> {
      for (const topic of canonical(topics)) await socket.leave(liveRoom(topic));
      return { topics: watchedTopics(socket) };
    },
  };
}
