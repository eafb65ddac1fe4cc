/** The chat's HTTP reads (ChatApi of packages/contracts/src/chat.ts). */
import type { ChatHistory, ChatMessage, ChatRoom, MutedUser, TrollHunt } from '@civic/contracts';
import { apiRequest } from '@civic/frontend-kit/api-client';

const part = (value: string) => encodeURIComponent(value);

export const chatApi = {
  room: (room: string, signal?: AbortSignal) => apiRequest<ChatRoom>('GET', `/api/chat/rooms/${part(room)}`, { signal }),
  history: (room: string, before?: string | null, signal?: AbortSignal) =>
    apiRequest<ChatHistory>('GET', `/api/chat/rooms/${part(room)}/messages${before ? `?before=${part(before)}` : ''}`, { signal }),
  mutes: (signal?: AbortSignal) => apiRequest<{ muted: MutedUser[] }>('GET', '/api/chat/mutes', { signal }),
  trollHunt: (signal?: AbortSignal) => apiRequest<TrollHunt>('GET', '/api/chat/troll-hunt', { signal }),
  signalled: (signal?: AbortSignal) => apiRequest<{ messages: ChatMessage[] }>('GET', '/api/chat/signalled', { signal }),
};
