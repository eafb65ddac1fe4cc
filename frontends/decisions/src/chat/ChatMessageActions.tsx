import { useIntl } from 'react-intl';
import type { ChatMessageMay } from '@civic/contracts';
import { buttonClass, Menu, type MenuItem } from '@civic/frontend-kit/design';
import { drafting } from '../ui/drafting/messages.js';
import { useFeedback } from '../ui/feedback.js';
import type { useBusy } from './busy.js';
import type { Draft } from './ChatComposer.js';
import { SuspensionControl } from './SuspensionControl.js';
import type { ShownMessage } from './room-state.js';
import type { useChatRoom } from './useChatRoom.js';
import { frenchOf } from '@civic/frontend-kit/french';

export interface ChatMessageActionsProps {
  message: ShownMessage;
  /** What the reader may do with this message, as the service said (message-may.ts). */
  may: ChatMessageMay;
  send: ReturnType<typeof useChatRoom>['send'];
  busy: ReturnType<typeof useBusy>;
  /** Starts a reply to the message or an edit of it in the composer. */
  startDraft: (draft: Draft) => void;
}

/**
 * The actions under a message, as the reader may use them: reply, edit and delete (confirmed) as
 * buttons; under "More actions" report to the moderators (confirmed), pin and hide for moderators,
 * mute its author (confirmed); and for moderators the suspension of its author. Nothing when there
 * is nothing to do.
 */
export function ChatMessageActions({ message, may, send, busy: { busy, run }, startDraft }: ChatMessageActionsProps) {
  const { formatMessage: t } = useIntl();
  const { confirm, toast } = useFeedback();

  const remove = () =>
    void run(async () => {
      if (!(await confirm({ title: t({ id: 'decisions.chat.deleteTitle' }), message: message.text ?? undefined, danger: true }))) return;
      await send('message:delete', { id: message.id });
      toast(t({ id: 'decisions.chat.deletedDone' }), 'success');
    });
  const signal = () =>
    void run(async () => {
      if (!(await confirm({ title: t({ id: 'decisions.chat.signalTitle' }), message: t({ id: 'decisions.chat.signalMessage' }, { name: message.userName, ofName: frenchOf(message.userName) }) }))) return;
      await send('message:signal', { id: message.id });
      toast(t({ id: 'decisions.chat.signalDone' }), 'success');
    });
  const mute = () =>
    void run(async () => {
      if (!(await confirm({ title: t({ id: 'decisions.chat.muteTitle' }, { name: message.userName }), message: t({ id: 'decisions.chat.muteMessage' }) }))) return;
      await send('user:mute', { userId: message.userId });
      toast(t({ id: 'decisions.chat.muteDone' }, { name: message.userName }), 'success');
    });

  // Answering and the author's own changes stay in sight; the rarer ones wait under "More actions".
  const buttons = [
    may.reply && { key: 'reply', label: t({ id: 'decisions.chat.reply' }), onClick: () => startDraft({ mode: 'reply', to: message }), danger: false },
    may.edit && { key: 'edit', label: t({ id: 'decisions.chat.edit' }), onClick: () => startDraft({ mode: 'edit', of: message }), danger: false },
    may.remove && { key: 'delete', label: t({ id: 'decisions.chat.delete' }), onClick: remove, danger: true },
  ].filter((button) => button !== false);
  const more: MenuItem[] = [
    may.signal && { key: 'signal', label: t({ id: 'decisions.chat.signal' }), onSelect: signal },
    may.pin && {
      key: 'pin',
      label: t(message.pin ? { id: 'decisions.chat.unpin' } : { id: 'decisions.chat.pin' }),
      onSelect: () => void run(async () => void (await send('message:pin', { id: message.id, pin: !message.pin }))),
    },
    may.hide && {
      key: 'hide',
      label: t(message.hideInChat ? { id: 'decisions.chat.show' } : { id: 'decisions.chat.hide' }),
      onSelect: () => void run(async () => void (await send('message:hide', { id: message.id, hidden: !message.hideInChat }))),
    },
    may.mute && { key: 'mute', label: t({ id: 'decisions.chat.mute' }), onSelect: mute },
  ]
    .filter((item) => item !== false)
    .map((item) => ({ ...item, disabled: busy }));
  if (buttons.length === 0 && more.length === 0 && !may.suspend) return null;
  return (
    <div className="chat-message__actions" role="group" aria-label={t({ id: 'decisions.chat.actions' }, { name: message.userName, ofName: frenchOf(message.userName) })}>
      {buttons.map((button) => (
        <button key={button.key} type="button" className={buttonClass(button.danger ? 'danger' : 'quiet', 'sm')} disabled={busy} onClick={button.onClick}>
          {button.label}
        </button>
      ))}
      {more.length > 0 ? <Menu label={t(drafting.moreActions)} items={more} /> : null}
      {may.suspend ? <SuspensionControl userId={message.userId} userName={message.userName} disabled={busy} /> : null}
    </div>
  );
}
