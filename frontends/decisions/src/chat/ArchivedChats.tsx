import { useState } from 'react';
import { useIntl } from 'react-intl';
import { chatRooms } from '@civic/contracts';
import { ChatPanel } from './ChatPanel.js';
import './archived-chats.css';

/**
 * The closed chat rooms of an archived decision, read-only (docs/product.md#chat): the cycle's
 * proposals, voting and final-vote rooms and the law's creation room, each folded under its name and
 * read only once opened, so the archive page does not load four histories nobody asked for. Without a
 * law (the archived cycle's own page, whose laws each have theirs), the cycle's three rooms.
 */
export function ArchivedChats({ cycleId, lawId }: { cycleId: string; lawId?: string }) {
  const { formatMessage: t } = useIntl();
  const rooms = [
    { key: 'proposals', name: t({ id: 'decisions.chat.archive.proposals' }), room: chatRooms.proposals(cycleId) },
    { key: 'voting', name: t({ id: 'decisions.chat.archive.voting' }), room: chatRooms.voting(cycleId) },
    ...(lawId ? [{ key: 'creation', name: t({ id: 'decisions.chat.archive.creation' }), room: chatRooms.creation(lawId) }] : []),
    { key: 'final-vote', name: t({ id: 'decisions.chat.archive.finalVote' }), room: chatRooms.finalVote(cycleId) },
  ];
  return (
    <section className="chat-archive" aria-labelledby="archived-chats" data-archived-chats>
      <h2 id="archived-chats">{t({ id: 'decisions.chat.archive.title' })}</h2>
      <p className="decisions-muted">{t({ id: 'decisions.chat.archive.intro' })}</p>
      {rooms.map((room) => (
        <ArchivedRoom key={room.key} name={room.name} room={room.room} />
      ))}
    </section>
  );
}

function ArchivedRoom({ name, room }: { name: string; room: string }) {
  const [opened, setOpened] = useState(false);
  return (
    <details className="chat-archive__room" data-archived-room={room} onToggle={(event) => setOpened(event.currentTarget.open)}>
      <summary>{name}</summary>
      {/* Mounted while open: joining the room and reading its history wait for the reader. */}
      {opened ? <ChatPanel room={room} headingLevel={3} titleHidden readOnly /> : null}
    </details>
  );
}
