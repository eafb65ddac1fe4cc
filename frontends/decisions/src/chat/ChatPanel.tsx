import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { ChatMessage } from '@civic/contracts';
import { Badge, buttonClass } from '@civic/frontend-kit/design';
import { useNow } from '@civic/frontend-kit/remote-hooks';
import { useIdentifyPath, useSession } from '@civic/frontend-kit/remote-session';
import { useFeedback } from '../ui/feedback.js';
import { ChatStyles } from './styles.js';
import { chatLength, chatMax, messagePermissions, sendable, type ChatViewer } from './rules.js';
import { useChatRoom } from './useChatRoom.js';
import { SuspensionControl } from './SuspensionControl.js';
import { SlowModeControl, SlowModeStyles } from './SlowModeControl.js';
import { secondsUntilNextPost, useSlowMode } from './slow-mode.js';
import { useBusy } from './busy.js';

const m = {
  title: { id: 'decisions.chat.title' },
  log: { id: 'decisions.chat.log' },
  connecting: { id: 'decisions.chat.connecting' },
  connectionLost: { id: 'decisions.chat.connectionLost' },
  closed: { id: 'decisions.chat.closed' },
  unavailable: { id: 'decisions.chat.unavailable' },
  empty: { id: 'decisions.chat.empty' },
  earlier: { id: 'decisions.chat.earlier' },
  pinned: { id: 'decisions.chat.pinned' },
  loginToChat: { id: 'decisions.chat.loginToChat' },
  logIn: { id: 'decisions.chat.logIn' },
  suspended: { id: 'decisions.chat.suspended' },
  label: { id: 'decisions.chat.messageLabel' },
  counter: { id: 'decisions.chat.counter' },
  send: { id: 'decisions.chat.send' },
  save: { id: 'decisions.chat.save' },
  cancel: { id: 'decisions.chat.cancel' },
  replyingTo: { id: 'decisions.chat.replyingTo' },
  editing: { id: 'decisions.chat.editing' },
  inReplyTo: { id: 'decisions.chat.inReplyTo' },
  unavailableText: { id: 'decisions.chat.replyUnavailable' },
  deleted: { id: 'decisions.chat.deleted' },
  deletedByModerator: { id: 'decisions.chat.deletedByModerator' },
  hidden: { id: 'decisions.chat.hidden' },
  hiddenBadge: { id: 'decisions.chat.hiddenBadge' },
  edited: { id: 'decisions.chat.edited' },
  editedByModerator: { id: 'decisions.chat.editedByModerator' },
  signalled: { id: 'decisions.chat.signalled' },
  pinnedBadge: { id: 'decisions.chat.pinnedBadge' },
  actions: { id: 'decisions.chat.actions' },
  reply: { id: 'decisions.chat.reply' },
  edit: { id: 'decisions.chat.edit' },
  delete: { id: 'decisions.chat.delete' },
  deleteTitle: { id: 'decisions.chat.deleteTitle' },
  deletedDone: { id: 'decisions.chat.deletedDone' },
  signal: { id: 'decisions.chat.signal' },
  signalTitle: { id: 'decisions.chat.signalTitle' },
  signalMessage: { id: 'decisions.chat.signalMessage' },
  signalDone: { id: 'decisions.chat.signalDone' },
  pin: { id: 'decisions.chat.pin' },
  unpin: { id: 'decisions.chat.unpin' },
  hide: { id: 'decisions.chat.hide' },
  show: { id: 'decisions.chat.show' },
  mute: { id: 'decisions.chat.mute' },
  muteTitle: { id: 'decisions.chat.muteTitle' },
  muteMessage: { id: 'decisions.chat.muteMessage' },
  muteDone: { id: 'decisions.chat.muteDone' },
  mutedCount: { id: 'decisions.chat.mutedCount' },
  unmuteAll: { id: 'decisions.chat.unmuteAll' },
  unmuteDone: { id: 'decisions.chat.unmuteDone' },
  slowWait: { id: 'decisions.chat.slowMode.wait' },
  slowWaitAt: { id: 'decisions.chat.slowMode.waitAt' },
  slowOn: { id: 'decisions.chat.slowMode.on' },
  slowExempt: { id: 'decisions.chat.slowMode.exempt' },
};

/** A read-only panel offers no action on messages. */
const noActions = { author: false, reply: false, edit: false, remove: false, signal: false, pin: false, hide: false, mute: false, suspend: false };

type Draft = { mode: 'new' } | { mode: 'reply'; to: ChatMessage } | { mode: 'edit'; of: ChatMessage };

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
  const intl = useIntl();
  const { formatMessage: t } = intl;
  const { confirm, toast, toastError } = useFeedback();
  const user = useSession();
  const identify = useIdentifyPath();
  const now = useNow();
  const chat = useChatRoom(room);
  const slow = useSlowMode(room, chat.room?.slowMode, chat.moderator);
  const postWait = secondsUntilNextPost(slow, now);
  const titleId = useId();
  const inputId = useId();
  const counterId = useId();
  const input = useRef<HTMLTextAreaElement>(null);
  const [draft, setDraft] = useState<Draft>({ mode: 'new' });
  const [text, setText] = useState('');
  const { busy, run } = useBusy();
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest > 0) input.current?.focus();
  }, [focusRequest]);
  const Heading = headingLevel === 3 ? 'h3' : 'h2';

  // On screen (the side panel, an open sheet) or not (a closed sheet, scrolled away): what arrives
  // out of sight counts as unread until the panel shows again.
  const panel = useRef<HTMLElement>(null);
  const { setVisible, unread } = chat;
  useEffect(() => {
    const element = panel.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setVisible(Boolean(entry?.isIntersecting) && element.checkVisibility()));
    observer.observe(element);
    return () => observer.disconnect();
  }, [setVisible]);
  useEffect(() => onUnreadChange?.(unread), [unread, onUnreadChange]);

  const suspended = Boolean(user?.suspendedUntil && new Date(user.suspendedUntil).getTime() > now);
  const viewer: ChatViewer = { userId: chat.userId ?? user?.id ?? null, moderator: chat.moderator, suspended };
  const open = chat.room?.open ?? false;
  const muted = new Set(chat.muted);
  const visible = chat.messages.filter((message) => !muted.has(message.userId));
  const pinned = (chat.room?.pinned ?? []).filter((message) => !muted.has(message.userId));

  // In a side panel that scrolls (its body), the newest message shows: at first, and as messages
  // arrive while the reader is at the bottom; someone reading back up is left where they are.
  const lastId = visible.at(-1)?.id;
  const atBottom = useRef(true);
  useEffect(() => {
    const scroller = panel.current?.closest<HTMLElement>('.ui-side-layout__body');
    if (!scroller) return;
    const follow = () => {
      atBottom.current = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 48;
    };
    scroller.addEventListener('scroll', follow, { passive: true });
    return () => scroller.removeEventListener('scroll', follow);
  }, []);
  useEffect(() => {
    const scroller = panel.current?.closest<HTMLElement>('.ui-side-layout__body');
    if (scroller && atBottom.current) scroller.scrollTop = scroller.scrollHeight;
  }, [lastId]);

  const startDraft = (next: Draft) => {
    setDraft(next);
    setText(next.mode === 'edit' ? (next.of.text ?? '') : '');
    setFocusRequest((value) => value + 1);
  };

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
      setText('');
      setDraft({ mode: 'new' });
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      submit();
    } else if (event.key === 'Escape' && draft.mode !== 'new') {
      setDraft({ mode: 'new' });
      setText('');
    }
  };

  const remove = (message: ChatMessage) =>
    void run(async () => {
      if (!(await confirm({ title: t(m.deleteTitle), message: message.text ?? undefined, danger: true }))) return;
      await chat.send('message:delete', { id: message.id });
      toast(t(m.deletedDone), 'success');
    });
  const signal = (message: ChatMessage) =>
    void run(async () => {
      if (!(await confirm({ title: t(m.signalTitle), message: t(m.signalMessage, { name: message.userName }) }))) return;
      await chat.send('message:signal', { id: message.id });
      toast(t(m.signalDone), 'success');
    });
  const mute = (message: ChatMessage) =>
    void run(async () => {
      if (!(await confirm({ title: t(m.muteTitle, { name: message.userName }), message: t(m.muteMessage) }))) return;
      await chat.send('user:mute', { userId: message.userId });
      toast(t(m.muteDone, { name: message.userName }), 'success');
    });
  const unmuteAll = () =>
    void run(async () => {
      for (const userId of chat.muted) await chat.send('user:unmute', { userId });
      await chat.reload();
      toast(t(m.unmuteDone), 'success');
    });

  const time = (iso: string) => intl.formatTime(iso, { hour: '2-digit', minute: '2-digit' });

  const renderMessage = (message: ChatMessage) => {
    const may = readOnly ? noActions : messagePermissions(message, viewer, open);
    const buttons = [
      may.reply && { key: 'reply', label: t(m.reply), onClick: () => startDraft({ mode: 'reply', to: message }) },
      may.edit && { key: 'edit', label: t(m.edit), onClick: () => startDraft({ mode: 'edit', of: message }) },
      may.remove && { key: 'delete', label: t(m.delete), onClick: () => remove(message), danger: true },
      may.signal && { key: 'signal', label: t(m.signal), onClick: () => signal(message) },
      may.pin && { key: 'pin', label: t(message.pin ? m.unpin : m.pin), onClick: () => void run(async () => void (await chat.send('message:pin', { id: message.id, pin: !message.pin }))) },
      may.hide && { key: 'hide', label: t(message.hideInChat ? m.show : m.hide), onClick: () => void run(async () => void (await chat.send('message:hide', { id: message.id, hidden: !message.hideInChat }))) },
      may.mute && { key: 'mute', label: t(m.mute), onClick: () => mute(message) },
    ].filter((button) => button !== false);
    const body = message.deleted ? t(message.deletedByModerator ? m.deletedByModerator : m.deleted) : message.text === null ? t(m.hidden) : message.text;
    return (
      <article
        className={`chat-message${message.userId === viewer.userId ? ' chat-message--own' : ''}${message.pin ? ' chat-message--pinned' : ''}${message.deleted || message.text === null ? ' chat-message--gone' : ''}`}
        data-message={message.id}
        data-author={message.userName}
        aria-label={`${message.userName}, ${time(message.createdAt)}`}
      >
        <p className="chat-message__meta">
          <strong className="chat-message__author">{message.userName}</strong> <time dateTime={message.createdAt}>{time(message.createdAt)}</time>
          {message.editedAt && !message.deleted ? <Badge>{t(message.editedByModerator ? m.editedByModerator : m.edited)}</Badge> : null}
          {message.moderationStatus === 1 && !message.deleted ? <Badge tone="warning">{t(m.signalled)}</Badge> : null}
          {message.pin ? <Badge tone="accent">{t(m.pinnedBadge)}</Badge> : null}
          {message.hideInChat && !message.deleted ? <Badge>{t(m.hiddenBadge)}</Badge> : null}
        </p>
        {message.replyTo ? (
          <blockquote className="chat-message__quote">
            {t(m.inReplyTo, { name: message.replyTo.userName })} {message.replyTo.excerpt ?? t(m.unavailableText)}
          </blockquote>
        ) : null}
        <p className="chat-message__text">{body}</p>
        {buttons.length > 0 || may.suspend ? (
          <div className="chat-message__actions" role="group" aria-label={t(m.actions, { name: message.userName })}>
            {buttons.map((button) => (
              <button key={button.key} type="button" className={buttonClass(button.danger ? 'danger' : 'quiet', 'sm')} disabled={busy} onClick={button.onClick}>
                {button.label}
              </button>
            ))}
            {may.suspend ? <SuspensionControl userId={message.userId} userName={message.userName} disabled={busy} /> : null}
          </div>
        ) : null}
      </article>
    );
  };

  let composer;
  if (!chat.room || readOnly) composer = null;
  else if (!open) composer = <p className="notice chat-closed">{t(m.closed)}</p>;
  else if (user === null) {
    composer = (
      <p className="chat-login">
        {t(m.loginToChat)} <Link to={identify}>{t(m.logIn)}</Link>
      </p>
    );
  } else if (suspended) composer = <p className="notice notice--warning">{t(m.suspended)}</p>;
  else if (user) {
    const count = chatLength(text);
    const wait = draft.mode === 'edit' ? 0 : postWait;
    const slowMode = slow.slowMode?.active ? slow.slowMode : null;
    composer = (
      <form className="chat-composer" onSubmit={submit}>
        {slowMode ? (
          <p className="chat-slow-mode" data-slow-mode={wait > 0 ? 'wait' : slow.exempt ? 'exempt' : 'on'}>
            {/* The countdown ticks for the eyes; screen readers hear the time once, when it changes. */}
            <span aria-hidden="true">{wait > 0 ? t(m.slowWait, { seconds: wait }) : t(slow.exempt ? m.slowExempt : m.slowOn, { seconds: slowMode.intervalS })}</span>
            <span className="ui-visually-hidden" role="status">
              {wait > 0 && slow.nextPostAt !== null
                ? t(m.slowWaitAt, { time: intl.formatTime(slow.nextPostAt, { hour: '2-digit', minute: '2-digit', second: '2-digit' }) })
                : t(slow.exempt ? m.slowExempt : m.slowOn, { seconds: slowMode.intervalS })}
            </span>
          </p>
        ) : null}
        {draft.mode !== 'new' ? (
          <p className="chat-composer__context">
            {draft.mode === 'reply' ? t(m.replyingTo, { name: draft.to.userName }) : t(m.editing)}{' '}
            <button type="button" className={buttonClass('quiet', 'sm')} onClick={() => startDraft({ mode: 'new' })}>
              {t(m.cancel)}
            </button>
          </p>
        ) : null}
        <label htmlFor={inputId} className="ui-visually-hidden">
          {t(m.label)}
        </label>
        <textarea
          id={inputId}
          ref={input}
          rows={2}
          value={text}
          aria-describedby={counterId}
          aria-invalid={count > chatMax || undefined}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <div className="chat-composer__row">
          <span id={counterId} className={`chat-counter${count > chatMax ? ' chat-counter--over' : ''}`}>
            {t(m.counter, { count, max: chatMax })}
          </span>
          <button type="submit" className={buttonClass('primary')} disabled={busy || !sendable(text) || chat.status !== 'connected' || wait > 0}>
            {t(draft.mode === 'edit' ? m.save : m.send)}
          </button>
        </div>
      </form>
    );
  }

  return (
    <section ref={panel} className="chat-panel" aria-labelledby={titleId} data-chat-room={room} data-chat-status={chat.status} data-chat-open={chat.room ? String(open) : undefined}>
      <ChatStyles />
      <SlowModeStyles />
      <Heading id={titleId} className={titleHidden ? 'ui-visually-hidden' : 'chat-panel__title'}>
        {t(m.title)}
      </Heading>
      {chat.status === 'reconnecting' ? (
        <p className="notice notice--error chat-connection" role="alert">
          {t(m.connectionLost)}
        </p>
      ) : null}
      {chat.failure && !chat.room ? (
        <p className="notice">{t(m.unavailable)}</p>
      ) : !chat.room ? (
        <p className="decisions-muted" role="status">
          {t(m.connecting)}
        </p>
      ) : (
        <>
          {pinned.length > 0 ? (
            <div className="chat-pinned">
              <h3 className="chat-pinned__title">{t(m.pinned)}</h3>
              <ul className="chat-list">
                {pinned.map((message) => (
                  <li key={message.id}>
                    <p className="chat-pinned__text">
                      <strong>{message.userName}</strong> {message.text ?? t(m.hidden)}
                    </p>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {chat.nextBefore ? (
            <button type="button" className={buttonClass('quiet', 'sm', 'chat-earlier')} disabled={chat.loadingEarlier} onClick={() => void chat.loadEarlier().catch(toastError)}>
              {t(m.earlier)}
            </button>
          ) : null}
          {/* The live region wraps the list: a role on the <ol> itself would take the list semantics from its items. */}
          <div className="chat-log" role="log" aria-label={t(m.log)} aria-live="polite">
            <ol className="chat-list">
              {visible.map((message) => (
                <li key={message.id}>{renderMessage(message)}</li>
              ))}
            </ol>
          </div>
          {visible.length === 0 ? <p className="decisions-muted">{t(m.empty)}</p> : null}
          {chat.muted.length > 0 ? (
            <p className="chat-muted">
              {t(m.mutedCount, { count: chat.muted.length })}{' '}
              <button type="button" className={buttonClass('quiet', 'sm')} disabled={busy} onClick={unmuteAll}>
                {t(m.unmuteAll)}
              </button>
            </p>
          ) : null}
          {chat.moderator && open && !readOnly && slow.slowMode ? <SlowModeControl slowMode={slow.slowMode} onChange={slow.change} /> : null}
          {composer}
        </>
      )}
    </section>
  );
}
