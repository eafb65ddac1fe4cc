import { useIntl } from 'react-intl';
import { chatRooms } from '@civic/contracts';
import { PhaseChatLayout } from '../chat/PhaseChatLayout.js';
import { useShell } from '../RemoteFrame.js';
import { useSession } from '@civic/frontend-kit/remote-session';
import { Countdown } from '../ui/CycleParts.js';
import { LawDocument } from '../ui/drafting/LawDocument.js';
import { LiveMessages } from '../ui/live-draft/LiveMessages.js';
import { type LawChange } from '../ui/LawActions.js';
import { LawTabs, useLawsInPhase } from '../ui/LawTabs.js';
import { EmptyPhase, Pending } from '../ui/States.js';

/**
 * /decisions/creations: the laws in creation as tabs (at first the one the member was drawn to write),
 * the chosen one as the document its creators are writing, with its live chat beside it from
 * 1024 px (one tap away on phones).
 */
export function CreationsScreen() {
  const { formatMessage: t } = useIntl();
  const { layouts, NotFound } = useShell();
  const user = useSession();
  const { cycles, cycle, list, laws, chosen, detail, notFound, choose, onCountdownElapsed } = useLawsInPhase('creation', user?.id ?? null);
  // The tabs follow a law's new title at once; a deleted law's tab goes, and the default law left shows.
  const lawChanged = (change: LawChange) => {
    if (change === 'deleted') choose(null);
    list.reload();
  };

  if (notFound) return <NotFound />;

  let body;
  if (!list.data) body = <Pending resource={list} />;
  else if (laws.length === 0) body = <EmptyPhase phase="creation" />;
  else {
    body = (
      <>
        {cycle ? <Countdown label={t({ id: 'decisions.creations.endsIn' })} times={cycle} receivedAt={cycles.receivedAt} target={cycle.phaseEndsAt} onElapsed={onCountdownElapsed} /> : null}
        <LawTabs laws={laws} chosen={chosen} onChoose={choose} />
        {!detail.data ? <Pending resource={detail} /> : (
          <LiveMessages>
            <LawDocument law={detail.data} user={user} reload={detail.reload} onLawChanged={lawChanged} />
          </LiveMessages>
        )}
      </>
    );
  }
  // The chat room follows the chosen law once the list knows it (a ?law= naming no law gets no chat),
  // before its detail is read, so the document is not remounted when the chat arrives.
  const room = chosen && laws.some((law) => law.id === chosen) ? chatRooms.creation(chosen) : null;
  return (
    <layouts.list title={t({ id: 'decisions.creations.title' })} intro={t({ id: 'decisions.creations.intro' })}>
      <PhaseChatLayout room={room} main={body} />
    </layouts.list>
  );
}
