/** How long a chat message may be, counted as the service counts it (docs/product.md#chat). */
import { Limits } from '@civic/contracts';

/** Characters as people count them (code points), as the service does. */
export const chatLength = (text: string) => [...text].length;

export const chatMax = Limits.chatMessage.max;

/** Whether a draft can be sent: 1-250 characters, not only spaces. */
export const sendable = (text: string) => text.trim() !== '' && chatLength(text) <= chatMax;
