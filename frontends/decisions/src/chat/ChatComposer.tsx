import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { SessionUser } from '@civic/contracts';
import { formatDisplayTime } from '@civic/frontend-kit/dates';
import { buttonClass } from '@civic/frontend-kit/design';
import { useIdentifyPath } from '@civic/frontend-kit/remote-session';
import { chatLength, chatMax, sendable } from './message-length.js';
import type { ShownMessage } from './room-state.js';
import type { useBusy } from './busy.js';
import type { useChatRoom } from './useChatRoom.js';
import type { useSlowMode } from './slow-mode.js';

/** What the composer writes: a new message, a reply, or an edit of the reader's own message. */
export type Draft = { mode: 'new' } | { mode: 'reply'; to: ShownMessage } | { mode: 'edit'; of: ShownMessage };

/**
 * The composer's draft, kept by the panel: the message actions start a reply or an edit (the text
 * box then takes the focus), the composer writes and sends it.
 */
export function useChatDraft() {
  const input = useRef<HTMLTextAreaElement>(null);
  const [draft, setDraft] = useState<Draft>({ mode: 'new' });
  const [text, setText] = useState('');
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest > 0) input.current?.focus();
  }, [focusRequest]);

  const start = (next: Draft) => {
    setDraft(next);
    setText(next.mode === 'edit' ? (next.of.text ?? '') : '');
    setFocusRequest((value) => value + 1);
  };
  /** Back to an empty new message (after sending, or Escape). */
  const clear = () => {
    setText('');
    setDraft({ mode: 'new' });
  };
  return { input, draft, text, setText, start, clear };
}

export type ChatDraft = ReturnType<typeof useChatDraft>;

export interface ChatComposerProps {
  room: string;
  chat: Pick<ReturnType<typeof useChatRoom>, 'room' | 'status' | 'send'>;
  slow: ReturnType<typeof useSlowMode>;
  /** Seconds before slow mode lets the reader post again (0: now). */
  postWait: number;
  compose: ChatDraft;
  busy: ReturnType<typeof useBusy>;
  /** The visitor: null when not logged in, undefined while the session is asked for. */
  user: SessionUser | null | undefined;
  suspended: boolean;
  readOnly: boolean;
}

/**
 * The bottom of the panel: the message box with its counter and send button (Enter sends,
 * Shift+Enter breaks the line, Escape leaves a reply or an edit), the slow-mode notice, or what
 * stands in for them: the room closed, a log-in link for visitors, the suspension notice.
 */
export function ChatComposer({ room, chat, slow, postWait, compose, busy: { busy, run }, user, suspended, readOnly }: ChatComposerProps) {
  const intl = useIntl();
  const { formatMessage: t } = intl;
  const identify = useIdentifyPath();
  const inputId = useId();
  const counterId = useId();
  const open = chat.room?.open ?? false;
  const { draft, text, input } = compose;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!sendable(text) || busy || (draft.mode !== 'edit' && postWait > 0)) return;
    void run(async () => {
      try {
        if (draft.mode === 'edit') await chat.send('message:edit', { id: draft.of.id, text });
        else slow.posted((await chat.send('message:post', { room, text, ...(draft.mode === 'reply' ? { replyTo: draft.to.id } : {}) })).createdAt);
      } catch (error) {
        // Too early under slow mode: the composer says when, and the draft stays.
        if (slow.refused(error)) return;
        throw error;
      }
      compose.clear();
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      submit();
    } else if (event.key === 'Escape' && draft.mode !== 'new') {
      compose.clear();
    }
  };

  if (!chat.room || readOnly) return null;
  if (!open) return <p className="notice chat-closed">{t({ id: 'decisions.chat.closed' })}</p>;
  if (user === null) {
    return (
      <p className="chat-login">
        {t({ id: 'decisions.chat.loginToChat' })} <Link to={identify}>{t({ id: 'decisions.chat.logIn' })}</Link>
      </p>
    );
  }
  if (suspended) return <p className="notice notice--warning">{t({ id: 'decisions.chat.suspended' })}</p>;
  if (!user) return null;

  const count = chatLength(text);
  const wait = draft.mode === 'edit' ? 0 : postWait;
  const slowMode = slow.slowMode?.active ? slow.slowMode : null;
  const slowModeRule = slowMode ? t(slow.exempt ? { id: 'decisions.chat.slowMode.exempt' } : { id: 'decisions.chat.slowMode.on' }, { seconds: slowMode.intervalS }) : '';
  return (
    <form className="chat-composer" onSubmit={submit}>
      {slowMode ? (
        <p className="chat-slow-mode" data-slow-mode={wait > 0 ? 'wait' : slow.exempt ? 'exempt' : 'on'}>
          {/* The countdown ticks for the eyes; screen readers hear the time once, when it changes. */}
          <span aria-hidden="true">{wait > 0 ? t({ id: 'decisions.chat.slowMode.wait' }, { seconds: wait }) : slowModeRule}</span>
          <span className="ui-visually-hidden" role="status">
            {wait > 0 && slow.nextPostAt !== null
              ? t({ id: 'decisions.chat.slowMode.waitAt' }, { time: formatDisplayTime(slow.nextPostAt, intl.locale, { seconds: true }) })
              : slowModeRule}
          </span>
        </p>
      ) : null}
      {draft.mode !== 'new' ? (
        <p className="chat-composer__context">
          {draft.mode === 'reply' ? t({ id: 'decisions.chat.replyingTo' }, { name: draft.to.userName }) : t({ id: 'decisions.chat.editing' })}{' '}
          <button type="button" className={buttonClass('quiet', 'sm')} onClick={() => compose.start({ mode: 'new' })}>
            {t({ id: 'decisions.chat.cancel' })}
          </button>
        </p>
      ) : null}
      <label htmlFor={inputId} className="ui-visually-hidden">
        {t({ id: 'decisions.chat.messageLabel' })}
      </label>
      <textarea
        id={inputId}
        ref={input}
        rows={2}
        value={text}
        aria-describedby={counterId}
        aria-invalid={count > chatMax || undefined}
        onChange={(event) => compose.setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="chat-composer__row">
        <span id={counterId} className={`chat-counter${count > chatMax ? ' chat-counter--over' : ''}`}>
          {t({ id: 'decisions.chat.counter' }, { count, max: chatMax })}
        </span>
        <button type="submit" className={buttonClass('primary')} disabled={busy || !sendable(text) || chat.status !== 'connected' || wait > 0}>
          {t(draft.mode === 'edit' ? { id: 'decisions.chat.save' } : { id: 'decisions.chat.send' })}
        </button>
      </div>
    </form>
  );
}
