/** The chat's HTTP reads (ChatApi of packages/contracts/src/chat.ts). */
import type { ChatHistory, ChatMessage, ChatRoom, MutedUser, TrollHunt } from '@civic/contracts';
import { api } from '@civic/frontend-kit/api-client';

const part = (value: string) => encodeURIComponent(value);

export const chatApi = {
  room: (room: string, signal?: AbortSignal) => api<ChatRoom>('GET', `/api/chat/rooms/${part(room)}`, undefined, signal),
  history: (room: string, before?: string | null, signal?: AbortSignal) =>
    api<ChatHistory>('GET', `/api/chat/rooms/${part(room)}/messages${before ? `?before=${part(before)}` : ''}`, undefined, signal),
  mutes: (signal?: AbortSignal) => api<{ muted: MutedUser[] }>('GET', '/api/chat/mutes', undefined, signal),
  trollHunt: (signal?: AbortSignal) => api<TrollHunt>('GET', '/api/chat/troll-hunt', undefined, signal),
  signalled: (signal?: AbortSignal) => api<{ messages: ChatMessage[] }>('GET', '/api/chat/signalled', undefined, signal),
};
