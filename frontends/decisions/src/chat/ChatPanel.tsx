import { useId, useRef } from 'react';
import { useIntl } from 'react-intl';
import { buttonClass } from '@civic/frontend-kit/design';
import { useNow } from '@civic/frontend-kit/remote-hooks';
import { useSession } from '@civic/frontend-kit/remote-session';
import { useFeedback } from '../ui/feedback.js';
import './chat.css';
import './slow-mode.css';
import { shownMay } from './message-may.js';
import { useChatRoom } from './useChatRoom.js';
import { SlowModeControl } from './SlowModeControl.js';
import { secondsUntilNextPost, useSlowMode } from './slow-mode.js';
import { useBusy } from './busy.js';
import { ChatComposer, useChatDraft, type ChatComposerProps } from './ChatComposer.js';
import { ChatMessageList } from './ChatMessageList.js';
import { useChatVisibility } from './useChatVisibility.js';

export interface ChatPanelProps {
  /**
   * The room to show, by its name: `cycle:<cycleId>:proposals`, `cycle:<cycleId>:voting`,
   * `law:<lawId>:creation` or `cycle:<cycleId>:final-vote` (build it with `chatRooms` from
   * @civic/contracts). Changing it joins the new room.
   */
  room: string;
  /** Heading level of the panel's title (default 2), to fit the screen's outline. */
  headingLevel?: 2 | 3;
  /** Inside a side panel that shows the title already: the panel's own heading is for screen readers only. */
  titleHidden?: boolean;
  /** Told the number of others' messages that arrived while the panel was off screen (0 once seen). */
  onUnreadChange?: (count: number) => void;
  /** The history only (a closed room in the archive): "load earlier", no composer, no actions. */
  readOnly?: boolean;
}

/**
 * The chat panel of a decision phase: live messages, replies, pins, reporting to the moderators
 * behind the confirmation dialog, edit and delete where allowed, moderator actions (edit or delete a
 * signalled message, pin, hide, suspend the author or lift their suspension), muting an author, a closed (read-only) state, and the connection
 * problem message while socket.io reconnects by itself. Visitors read; members write.
 */
export function ChatPanel({ room, headingLevel = 2, titleHidden = false, onUnreadChange, readOnly = false }: ChatPanelProps) {
  const { formatMessage: t } = useIntl();
  const { toast, toastError } = useFeedback();
  const user = useSession();
  const chat = useChatRoom(room);
  const slow = useSlowMode(room, chat.room?.slowMode, chat.moderator);
  const titleId = useId();
  const compose = useChatDraft();
  const busy = useBusy();
  const Heading = headingLevel === 3 ? 'h3' : 'h2';

  const open = chat.room?.open ?? false;
  const muted = new Set(chat.muted);
  const visible = chat.messages.filter((message) => !muted.has(message.userId));
  const pinned = (chat.room?.pinned ?? []).filter((message) => !muted.has(message.userId));

  const panel = useRef<HTMLElement>(null);
  useChatVisibility(panel, { setVisible: chat.setVisible, unread: chat.unread, onUnreadChange, lastId: visible.at(-1)?.id });

  const unmuteAll = () =>
    void busy.run(async () => {
      for (const userId of chat.muted) await chat.send('user:unmute', { userId });
      await chat.reload();
      toast(t({ id: 'decisions.chat.unmuteDone' }), 'success');
    });

  return (
    <section ref={panel} className="chat-panel" aria-labelledby={titleId} data-chat-room={room} data-chat-status={chat.status} data-chat-open={chat.room ? String(open) : undefined}>
      <Heading id={titleId} className={titleHidden ? 'ui-visually-hidden' : 'chat-panel__title'}>
        {t({ id: 'decisions.chat.title' })}
      </Heading>
      {chat.status === 'reconnecting' ? (
        <p className="notice notice--error chat-connection" role="alert">
          {t({ id: 'decisions.chat.connectionLost' })}
        </p>
      ) : null}
      {chat.failure && !chat.room ? (
        <p className="notice">{t({ id: 'decisions.chat.unavailable' })}</p>
      ) : !chat.room ? (
        <p className="decisions-muted" role="status">
          {t({ id: 'decisions.chat.connecting' })}
        </p>
      ) : (
        <>
          <ChatMessageList
            messages={visible}
            pinned={pinned}
            viewerId={chat.userId ?? user?.id ?? null}
            permissions={(message) => shownMay(message, { mayByCase: chat.mayByCase, userId: chat.userId, open, readOnly })}
            chat={chat}
            busy={busy}
            startDraft={compose.start}
            onError={toastError}
          />
          {chat.muted.length > 0 ? (
            <p className="chat-muted">
              {t({ id: 'decisions.chat.mutedCount' }, { count: chat.muted.length })}{' '}
              <button type="button" className={buttonClass('quiet', 'sm')} disabled={busy.busy} onClick={unmuteAll}>
                {t({ id: 'decisions.chat.unmuteAll' })}
              </button>
            </p>
          ) : null}
          {chat.moderator && open && !readOnly && slow.slowMode ? <SlowModeControl slowMode={slow.slowMode} onChange={slow.change} /> : null}
          <TimedComposer room={room} chat={chat} slow={slow} compose={compose} busy={busy} user={user} readOnly={readOnly} />
        </>
      )}
    </section>
  );
}

/**
 * The composer with the clock its waits need (slow mode's seconds, a suspension's end): only this
 * part renders every second, not the panel and its messages.
 */
function TimedComposer(props: Omit<ChatComposerProps, 'postWait' | 'suspended'>) {
  const now = useNow();
  const suspendedUntil = props.user?.suspendedUntil;
  return <ChatComposer {...props} postWait={secondsUntilNextPost(props.slow, now)} suspended={Boolean(suspendedUntil && new Date(suspendedUntil).getTime() > now)} />;
}
