import { lazy, type ComponentType } from 'react';
import { matchPath, Route } from 'react-router-dom';
import type { RemoteRoutesProps } from '@civic/frontend-kit/shell-contract';
import { ignoreFailure, type PageAddress } from './first-reads.js';
import { RemoteRoutes } from './RemoteFrame.js';
import { Loading } from './ui/States.js';
import './ui/decisions.css';

interface Screen {
  Component: ComponentType;
  /** Starts downloading the screen's chunk (once), then the screen's first reads (first-reads.ts). */
  preload: (page: PageAddress) => void;
}

type ScreenModule<K extends string> = Record<K, ComponentType> & { firstReads?: (page: PageAddress) => void };

/**
 * Each screen is its own chunk, loaded when its route is first shown: a visitor of the proposals
 * does not download the drafting editor, the final vote or the chat client of the other screens.
 */
function screen<K extends string>(load: () => Promise<ScreenModule<K>>, name: K): Screen {
  let loading: Promise<ScreenModule<K>> | undefined;
  const start = () => (loading ??= load());
  return {
    Component: lazy(async (): Promise<{ default: ComponentType }> => ({ default: (await start())[name] })),
    preload: (page) => void start().then((module) => module.firstReads?.(page), ignoreFailure),
  };
}

/** The remote's routes and the screen of each. */
const routes: [path: string, screen: Screen][] = [
  ['/decisions', screen(() => import('./screens/OverviewScreen.js'), 'DecisionsOverviewScreen')],
  ['/decisions/creations', screen(() => import('./screens/CreationsScreen.js'), 'CreationsScreen')],
  ['/decisions/creators/:id', screen(() => import('./screens/CreatorsScreen.js'), 'CreatorsScreen')],
  ['/decisions/final-vote', screen(() => import('./screens/FinalVoteScreen.js'), 'FinalVoteScreen')],
  ['/decisions/proposals', screen(() => import('./screens/ProposalsScreen.js'), 'ProposalsScreen')],
  ['/decisions/voting-on-proposals', screen(() => import('./screens/VotingScreen.js'), 'VotingOnProposalsScreen')],
  ['/decisions/troll-hunt', screen(() => import('./chat/TrollHuntScreen.js'), 'TrollHuntScreen')],
  ['/decisions/history/:kind/:id', screen(() => import('./screens/HistoryScreen.js'), 'HistoryScreen')],
  ['/decisions/:id', screen(() => import('./screens/DecisionScreen.js'), 'DecisionScreen')],
  ['/kanban/:type', screen(() => import('./screens/KanbanScreen.js'), 'KanbanScreen')],
  ['/archive', screen(() => import('./screens/ArchiveScreens.js'), 'ArchiveScreen')],
  ['/archive/:id', screen(() => import('./screens/ArchiveScreens.js'), 'ArchiveLawScreen')],
];

/**
 * The shell loads this module while its own code starts (before React renders): the first page's
 * screen chunk and then its first reads start now, instead of after the shell's and this remote's
 * first render. The list is in order from the most specific path (/decisions/final-vote before
 * /decisions/:id); the page's language is the one the shell has set on <html>.
 */
function startFirstPage(): void {
  for (const [path, screen] of routes) {
    const match = matchPath(path, window.location.pathname);
    if (!match) continue;
    screen.preload({ params: match.params, search: new URLSearchParams(window.location.search), lang: document.documentElement.lang });
    return;
  }
}
startFirstPage();

/**
 * Exposed as `decisions/DecisionsRoutes`: every route the decisions remote serves
 * (docs/product.md#screens-and-routes), matched on the full path.
 */
export default function DecisionsRoutes(props: RemoteRoutesProps) {
  return (
    <RemoteRoutes shell={props} fallback={<Loading />}>
      {routes.map(([path, { Component }]) => (
        <Route key={path} path={path} element={<Component />} />
      ))}
    </RemoteRoutes>
  );
}
