import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { SidePanelLayout } from '@civic/frontend-kit/design';
import { ChatPanel } from './ChatPanel.js';

export interface PhaseChatLayoutProps {
  /**
   * The chat room beside the texts (`chatRooms.creation(lawId)`, `chatRooms.proposals(cycleId)`…
   * from @civic/contracts); null while there is none (or not yet known): then only `main` shows, in the
   * same place, so nothing typed in it is lost when the room arrives.
   */
  room: string | null;
  /** The phase's texts, forms and results. */
  main: ReactNode;
}

/**
 * A phase screen's body: its texts with the live chat beside them in a sticky side panel from
 * 1024 px, and one tap away below that (a "Chat" tab with the unread count, opening a bottom
 * sheet). The chat stays mounted in both modes, so its socket is not reconnected.
 */
export function PhaseChatLayout({ room, main }: PhaseChatLayoutProps) {
  const { formatMessage: t } = useIntl();
  const [unread, setUnread] = useState(0);
  // One layout either way: the texts stay mounted when the room becomes known (a form half filled in keeps its words).
  return (
    <SidePanelLayout
      main={main}
      aside={room ? <ChatPanel key={room} room={room} headingLevel={3} titleHidden onUnreadChange={setUnread} /> : null}
      asideLabel={t({ id: 'decisions.chat.region' })}
      asideTitle={t({ id: 'decisions.chat.title' })}
      unread={unread}
    />
  );
}
