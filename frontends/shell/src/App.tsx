import { BrowserRouter, Routes } from 'react-router-dom';
import { AuthProvider } from './auth/AuthProvider.js';
import { ConfirmProvider } from './components/ConfirmModal.js';
import { PhasesProvider } from './components/Phases.js';
import { SnackbarProvider } from './components/Snackbar.js';
import { UpdatePrompt } from './components/UpdatePrompt.js';
import { LocaleProvider } from './i18n/LocaleProvider.js';
import { NotificationsProvider } from './notifications/NotificationsProvider.js';
import { appRoutes } from './routes.js';

export function App() {
  return (
    <LocaleProvider>
      <BrowserRouter>
        <AuthProvider>
          <SnackbarProvider>
            <NotificationsProvider>
              <ConfirmProvider>
                <PhasesProvider>
                  <Routes>{appRoutes}</Routes>
                  <UpdatePrompt />
                </PhasesProvider>
              </ConfirmProvider>
            </NotificationsProvider>
          </SnackbarProvider>
        </AuthProvider>
      </BrowserRouter>
    </LocaleProvider>
  );
}
