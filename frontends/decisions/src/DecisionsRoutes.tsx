import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import type { RemoteRoutesProps } from '@civic/frontend-kit/shell-contract';
import { RemoteFrame, useShell } from './RemoteFrame.js';
import { SessionProvider } from '@civic/frontend-kit/remote-session';
import { FeedbackProvider } from '@civic/frontend-kit/remote-feedback';
import { Loading } from './ui/states.js';
import { DecisionsStyles } from './ui/styles.js';

/**
 * Each screen is its own chunk, loaded when its route is first shown: a visitor of the proposals
 * does not download the drafting editor, the final vote or the chat client of the other screens.
 */
function screen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const DecisionsOverviewScreen = screen(() => import('./screens/OverviewScreen.js'), 'DecisionsOverviewScreen');
const DecisionScreen = screen(() => import('./screens/DecisionScreen.js'), 'DecisionScreen');
const ProposalsScreen = screen(() => import('./screens/ProposalsScreen.js'), 'ProposalsScreen');
const VotingOnProposalsScreen = screen(() => import('./screens/VotingScreen.js'), 'VotingOnProposalsScreen');
const CreationsScreen = screen(() => import('./screens/CreationScreen.js'), 'CreationsScreen');
const CreatorsScreen = screen(() => import('./screens/CreatorsScreen.js'), 'CreatorsScreen');
const FinalVoteScreen = screen(() => import('./screens/FinalVoteScreen.js'), 'FinalVoteScreen');
const KanbanScreen = screen(() => import('./screens/KanbanScreen.js'), 'KanbanScreen');
const ArchiveScreen = screen(() => import('./screens/ArchiveScreens.js'), 'ArchiveScreen');
const ArchiveLawScreen = screen(() => import('./screens/ArchiveScreens.js'), 'ArchiveLawScreen');
const TrollHuntScreen = screen(() => import('./chat/TrollHuntScreen.js'), 'TrollHuntScreen');

function NotFound() {
  const { NotFound: ShellNotFound } = useShell();
  return <ShellNotFound />;
}

/**
 * Exposed as `decisions/DecisionsRoutes`: every route the decisions remote serves
 * (docs/product.md#screens-and-routes), matched on the full path.
 */
export default function DecisionsRoutes(props: RemoteRoutesProps) {
  return (
    <RemoteFrame shell={props}>
      <SessionProvider>
        <FeedbackProvider services={props.services}>
          <DecisionsStyles />
          <Suspense fallback={<Loading />}>
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
          </Suspense>
        </FeedbackProvider>
      </SessionProvider>
    </RemoteFrame>
  );
}
