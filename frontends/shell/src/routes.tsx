import { Route } from 'react-router-dom';
import { AppFrame } from './components/AppFrame.js';
import { RemoteMount } from './remotes/RemoteMount.js';
import { ChangeEmailScreen, IdentifyScreen, LoginScreen, PasswordScreen, RegisterScreen, VerifyAccountScreen } from './screens/AccountScreens.js';
import { ErrorScreen } from './screens/ErrorScreen.js';
import { HomeScreen } from './screens/HomeScreen.js';
import { AboutScreen, HelpScreen, LegalScreen } from './screens/InfoScreens.js';
import { ProtectedScreen } from './screens/MemberScreens.js';
import { NotificationsScreen } from './screens/NotificationsScreen.js';
import { NotFoundScreen } from './screens/NotFoundScreen.js';
import { ProfileActivityScreen, ProfileDeleteAccountScreen, ProfileSettingsScreen } from './screens/ProfileScreens.js';

/**
 * Path prefixes served by each remote (SPEC section 2, ARCHITECTURE sections 6 and 8). The remote
 * matches the full path itself, including its own 404 for unknown sub-paths.
 */
export const remotePaths = {
  decisions: ['/decisions/*', '/kanban/*', '/archive/*'],
  elections: ['/elections/*'],
} as const;

/** Every route of SPEC section 2, inside the common frame (header, main, footer). */
export const appRoutes = (
  <Route element={<AppFrame />}>
    <Route index element={<HomeScreen />} />
    <Route path="/about" element={<AboutScreen />} />
    <Route path="/help" element={<HelpScreen />} />
    <Route path="/legal" element={<LegalScreen />} />
    <Route path="/login" element={<LoginScreen />} />
    <Route path="/register" element={<RegisterScreen />} />
    <Route path="/verify-account" element={<VerifyAccountScreen />} />
    <Route path="/password" element={<PasswordScreen />} />
    <Route path="/change-email" element={<ChangeEmailScreen />} />
    <Route path="/identify" element={<IdentifyScreen />} />
    <Route path="/protected" element={<ProtectedScreen />} />
    <Route path="/notifications" element={<NotificationsScreen />} />
    <Route path="/users/:id/:userName/activity" element={<ProfileActivityScreen />} />
    <Route path="/users/:id/:userName/settings" element={<ProfileSettingsScreen />} />
    <Route path="/users/:id/:userName/delete-account" element={<ProfileDeleteAccountScreen />} />
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
