import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { ChatMessageMay } from '@civic/contracts';
import { formatDisplayTime } from '@civic/frontend-kit/dates';
import { Badge, buttonClass } from '@civic/frontend-kit/design';
import type { useBusy } from './busy.js';
import type { Draft } from './ChatComposer.js';
import { ChatMessageActions } from './ChatMessageActions.js';
import type { ShownMessage } from './room-state.js';
import type { useChatRoom } from './useChatRoom.js';

export interface ChatMessageListProps {
  /** The messages shown, oldest first (muted authors' already left out). */
  messages: ShownMessage[];
  /** The pinned messages, shown above the conversation. */
  pinned: ShownMessage[];
  /** The reader's own messages are marked as theirs. */
  viewerId: string | null;
  /** What the reader may do with a message (message-may.ts). */
  permissions: (message: ShownMessage) => ChatMessageMay;
  chat: Pick<ReturnType<typeof useChatRoom>, 'nextBefore' | 'loadingEarlier' | 'loadEarlier' | 'send'>;
  busy: ReturnType<typeof useBusy>;
  startDraft: (draft: Draft) => void;
  /** Shows a failed load of earlier messages. */
  onError: (error: unknown) => void;
}

/**
 * The conversation: the pinned messages, "load earlier", then the messages in a polite live region,
 * each with its author, time, badges (edited, reported, pinned, hidden), the message it answers and
 * its actions; a line when there is none yet.
 */
export function ChatMessageList({ messages, pinned, viewerId, permissions, chat, busy, startDraft, onError }: ChatMessageListProps) {
  const { formatMessage: t } = useIntl();
  return (
    <>
      {pinned.length > 0 ? (
        <div className="chat-pinned">
          <h3 className="chat-pinned__title">{t({ id: 'decisions.chat.pinned' })}</h3>
          <ul className="chat-list">
            {pinned.map((message) => (
              <li key={message.id}>
                <p className="chat-pinned__text">
                  <strong>{message.userName}</strong> {message.text ?? t({ id: 'decisions.chat.hidden' })}
                </p>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {chat.nextBefore ? (
        <button type="button" className={buttonClass('quiet', 'sm', 'chat-earlier')} disabled={chat.loadingEarlier} onClick={() => void chat.loadEarlier().catch(onError)}>
          {t({ id: 'decisions.chat.earlier' })}
        </button>
      ) : null}
      {/* The live region wraps the list: a role on the <ol> itself would take the list semantics from its items. */}
      <div className="chat-log" role="log" aria-label={t({ id: 'decisions.chat.log' })} aria-live="polite">
        <ol className="chat-list">
          {messages.map((message) => (
            <li key={message.id}>
              <ChatMessageView message={message} own={message.userId === viewerId}>
                <ChatMessageActions message={message} may={permissions(message)} send={chat.send} busy={busy} startDraft={startDraft} />
              </ChatMessageView>
            </li>
          ))}
        </ol>
      </div>
      {messages.length === 0 ? <p className="decisions-muted">{t({ id: 'decisions.chat.empty' })}</p> : null}
    </>
  );
}

/** One message: author and time, its badges, the message it answers, its text (or why it is gone), then `children` (its actions). */
function ChatMessageView({ message, own, children }: { message: ShownMessage; own: boolean; children: ReactNode }) {
  const intl = useIntl();
  const { formatMessage: t } = intl;
  const time = formatDisplayTime(message.createdAt, intl.locale);
  const body = message.deleted
    ? t(message.deletedByModerator ? { id: 'decisions.chat.deletedByModerator' } : { id: 'decisions.chat.deleted' })
    : message.text === null
      ? t({ id: 'decisions.chat.hidden' })
      : message.text;
  return (
    <article
      className={`chat-message${own ? ' chat-message--own' : ''}${message.pin ? ' chat-message--pinned' : ''}${message.deleted || message.text === null ? ' chat-message--gone' : ''}`}
      data-message={message.id}
      data-author={message.userName}
      aria-label={`${message.userName}, ${time}`}
    >
      <p className="chat-message__meta">
        <strong className="chat-message__author">{message.userName}</strong> <time dateTime={message.createdAt}>{time}</time>
        {message.editedAt && !message.deleted ? <Badge>{t(message.editedByModerator ? { id: 'decisions.chat.editedByModerator' } : { id: 'decisions.chat.edited' })}</Badge> : null}
        {message.moderationStatus === 1 && !message.deleted ? <Badge tone="warning">{t({ id: 'decisions.chat.signalled' })}</Badge> : null}
        {message.pin ? <Badge tone="accent">{t({ id: 'decisions.chat.pinnedBadge' })}</Badge> : null}
        {message.hideInChat && !message.deleted ? <Badge>{t({ id: 'decisions.chat.hiddenBadge' })}</Badge> : null}
      </p>
      {message.replyTo ? (
        <blockquote className="chat-message__quote">
          {t({ id: 'decisions.chat.inReplyTo' }, { name: message.replyTo.userName })} {message.replyTo.excerpt ?? t({ id: 'decisions.chat.replyUnavailable' })}
        </blockquote>
      ) : null}
      <p className="chat-message__text">{body}</p>
      {children}
    </article>
  );
}
