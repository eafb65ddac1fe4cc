import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Route } from 'react-router-dom';
import { AppFrame } from './components/AppFrame.js';
import { RemoteMount } from './remotes/RemoteMount.js';
import { ErrorScreen } from './screens/ErrorScreen.js';
import { HomeScreen } from './screens/HomeScreen.js';
import { AboutScreen, HelpScreen, LegalScreen } from './screens/InfoScreens.js';
import { NotFoundScreen } from './screens/NotFoundScreen.js';

/**
 * Screens off the first page's path (account forms, profile, notifications, to-do) load as separate
 * chunks on first use, which keeps the first-load JavaScript small. A chunk that fails to load goes
 * through the reload guard (FatalErrorBoundary).
 */
function lazyScreen<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const accountScreens = () => import('./screens/AccountScreens.js');
const profileScreens = () => import('./screens/ProfileScreens.js');
const LoginScreen = lazyScreen(accountScreens, 'LoginScreen');
const RegisterScreen = lazyScreen(accountScreens, 'RegisterScreen');
const VerifyAccountScreen = lazyScreen(accountScreens, 'VerifyAccountScreen');
const PasswordScreen = lazyScreen(accountScreens, 'PasswordScreen');
const ChangeEmailScreen = lazyScreen(accountScreens, 'ChangeEmailScreen');
const UndoEmailChangeScreen = lazyScreen(accountScreens, 'UndoEmailChangeScreen');
const IdentifyScreen = lazyScreen(accountScreens, 'IdentifyScreen');
const ProtectedScreen = lazyScreen(() => import('./screens/MemberScreens.js'), 'ProtectedScreen');
const NotificationsScreen = lazyScreen(() => import('./screens/NotificationsScreen.js'), 'NotificationsScreen');
const ProfileActivityScreen = lazyScreen(profileScreens, 'ProfileActivityScreen');
const ProfileSettingsScreen = lazyScreen(profileScreens, 'ProfileSettingsScreen');
const ProfileDeleteAccountScreen = lazyScreen(profileScreens, 'ProfileDeleteAccountScreen');

function ScreenLoading() {
  const { formatMessage: t } = useIntl();
  return (
    <p className="loading" role="status">
      {t({ id: 'common.loading' })}
    </p>
  );
}

function Deferred({ children }: { children: ReactNode }) {
  return <Suspense fallback={<ScreenLoading />}>{children}</Suspense>;
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
export const appRoutes = (
  <Route element={<AppFrame />}>
    <Route index element={<HomeScreen />} />
    <Route path="/about" element={<AboutScreen />} />
    <Route path="/help" element={<HelpScreen />} />
    <Route path="/legal" element={<LegalScreen />} />
    <Route path="/login" element={<Deferred><LoginScreen /></Deferred>} />
    <Route path="/register" element={<Deferred><RegisterScreen /></Deferred>} />
    <Route path="/verify-account" element={<Deferred><VerifyAccountScreen /></Deferred>} />
    <Route path="/password" element={<Deferred><PasswordScreen /></Deferred>} />
    <Route path="/change-email" element={<Deferred><ChangeEmailScreen /></Deferred>} />
    <Route path="/change-email/undo" element={<Deferred><UndoEmailChangeScreen /></Deferred>} />
    <Route path="/identify" element={<Deferred><IdentifyScreen /></Deferred>} />
    <Route path="/protected" element={<Deferred><ProtectedScreen /></Deferred>} />
    <Route path="/notifications" element={<Deferred><NotificationsScreen /></Deferred>} />
    <Route path="/users/:id/:userName/activity" element={<Deferred><ProfileActivityScreen /></Deferred>} />
    <Route path="/users/:id/:userName/settings" element={<Deferred><ProfileSettingsScreen /></Deferred>} />
    <Route path="/users/:id/:userName/delete-account" element={<Deferred><ProfileDeleteAccountScreen /></Deferred>} />
    <Route path="/error" element={<ErrorScreen />} />
    {/* Pathless parents: the remote renders its own <Routes> with absolute paths. */}
    <Route element={<RemoteMount remote="decisions" />}>
      {remotePaths.decisions.map((path) => (
        <Route key={path} path={path} />
      ))}
    </Route>
    <Route element={<RemoteMount remote="elections" />}>
      {remotePaths.elections.map((path) => (
        <Route key={path} path={path} />
      ))}
    </Route>
    <Route path="*" element={<NotFoundScreen />} />
  </Route>
);
