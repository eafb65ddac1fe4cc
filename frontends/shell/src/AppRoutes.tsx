import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Loading } from './auth/Guards.js';
import { AppFrame } from './components/AppFrame.js';
import type { RemoteName } from './remotes/config.js';
import { RemoteMount } from './remotes/RemoteMount.js';
import { ErrorScreen } from './screens/ErrorScreen.js';
import { HomeScreen } from './screens/HomeScreen.js';
import { AboutScreen, HelpScreen, LegalScreen } from './screens/InfoScreens.js';
import { NotFoundScreen } from './screens/NotFoundScreen.js';

/**
 * Screens off the first page's path (account forms, profile, notifications, to-do) load as separate
 * chunks on first use, which keeps the first-load JavaScript small. A chunk that fails to load goes
 * through the reload guard (FatalErrorBoundary). `screens` maps each path to the name the chunk
 * exports its screen under.
 */
function deferredRoutes<M extends Record<string, unknown>>(load: () => Promise<M>, screens: Record<string, keyof M & string>) {
  return Object.entries(screens).map(([path, name]) => {
    const Screen = lazy(async () => ({ default: (await load())[name] as ComponentType }));
    return (
      <Route
        key={path}
        path={path}
        element={
          <Suspense fallback={<Loading />}>
            <Screen />
          </Suspense>
        }
      />
    );
  });
}

/**
 * Path prefixes served by each remote (docs/product.md#screens-and-routes, docs/architecture.md#front-ends). The remote
 * matches the full path itself, including its own 404 for unknown sub-paths.
 */
export const remotePaths = {
  decisions: ['/decisions/*', '/kanban/*', '/archive/*'],
  elections: ['/elections/*'],
} as const;

/** Every route of docs/product.md#screens-and-routes, inside the common frame (header, main, footer). */
const appRoutes = (
  <Route element={<AppFrame />}>
    <Route index element={<HomeScreen />} />
    <Route path="/about" element={<AboutScreen />} />
    <Route path="/help" element={<HelpScreen />} />
    <Route path="/legal" element={<LegalScreen />} />
    {deferredRoutes(() => import('./screens/AccountScreens.js'), {
      '/login': 'LoginScreen',
      '/register': 'RegisterScreen',
      '/verify-account': 'VerifyAccountScreen',
      '/password': 'PasswordScreen',
      '/change-email': 'ChangeEmailScreen',
      '/change-email/undo': 'UndoEmailChangeScreen',
      '/identify': 'IdentifyScreen',
    })}
    {deferredRoutes(() => import('./screens/MemberScreens.js'), { '/protected': 'ProtectedScreen' })}
    {deferredRoutes(() => import('./screens/NotificationsScreen.js'), { '/notifications': 'NotificationsScreen' })}
    {deferredRoutes(() => import('./screens/UnsubscribeScreen.js'), { '/unsubscribe': 'UnsubscribeScreen' })}
    {deferredRoutes(() => import('./screens/ProfileScreens.js'), {
      '/users/:id/:userName/activity': 'ProfileActivityScreen',
      '/users/:id/:userName/settings': 'ProfileSettingsScreen',
      '/users/:id/:userName/delete-account': 'ProfileDeleteAccountScreen',
    })}
    <Route path="/error" element={<ErrorScreen />} />
    {/* Pathless parents: the remote renders its own <Routes> with absolute paths. */}
    {(Object.keys(remotePaths) as RemoteName[]).map((remote) => (
      <Route key={remote} element={<RemoteMount remote={remote} />}>
        {remotePaths[remote].map((path) => (
          <Route key={path} path={path} />
        ))}
      </Route>
    ))}
    <Route path="*" element={<NotFoundScreen />} />
  </Route>
);

/** The shell's router outlet: the route table above. */
export function AppRoutes() {
  return <Routes>{appRoutes}</Routes>;
}
