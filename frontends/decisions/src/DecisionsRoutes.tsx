import { Route, Routes } from 'react-router-dom';
import type { RemoteRoutesProps } from '@civic/frontend-kit/shell-contract';
import { RemoteFrame, useShell } from './RemoteFrame.js';
import { ArchiveLawScreen, ArchiveScreen } from './screens/ArchiveScreens.js';
import { DecisionScreen } from './screens/DecisionScreen.js';
import { CreationsScreen, CreatorsScreen, FinalVoteScreen } from './screens/DecisionScreens.js';
import { KanbanScreen } from './screens/KanbanScreen.js';
import { DecisionsOverviewScreen } from './screens/OverviewScreen.js';
import { TrollHuntScreen } from './chat/TrollHuntScreen.js';
import { ProposalsScreen } from './screens/ProposalsScreen.js';
import { VotingOnProposalsScreen } from './screens/VotingScreen.js';
import { SessionProvider } from './session.js';
import { FeedbackProvider } from './ui/feedback.js';
import { DecisionsStyles } from './ui/styles.js';

function NotFound() {
  const { NotFound: ShellNotFound } = useShell();
  return <ShellNotFound />;
}

/**
 * Exposed as `decisions/DecisionsRoutes`: every route the decisions remote serves (SPEC section 2,
 * ARCHITECTURE section 8), matched on the full path.
 */
export default function DecisionsRoutes(props: RemoteRoutesProps) {
  return (
    <RemoteFrame shell={props}>
      <SessionProvider>
        <FeedbackProvider>
          <DecisionsStyles />
          <Routes>
            <Route path="/decisions" element={<DecisionsOverviewScreen />} />
            <Route path="/decisions/creations" element={<CreationsScreen />} />
            <Route path="/decisions/creators/:id" element={<CreatorsScreen />} />
            <Route path="/decisions/final-vote" element={<FinalVoteScreen />} />
            <Route path="/decisions/proposals" element={<ProposalsScreen />} />
            <Route path="/decisions/voting-on-proposals" element={<VotingOnProposalsScreen />} />
            <Route path="/decisions/troll-hunt" element={<TrollHuntScreen />} />
            <Route path="/decisions/:id" element={<DecisionScreen />} />
            <Route path="/kanban/:type" element={<KanbanScreen />} />
            <Route path="/archive" element={<ArchiveScreen />} />
            <Route path="/archive/:id" element={<ArchiveLawScreen />} />
            <Route path="*" element={<NotFound />} />
          </Routes>
        </FeedbackProvider>
      </SessionProvider>
    </RemoteFrame>
  );
}
