import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './AppRoutes.js';
import { AuthProvider } from './auth/AuthProvider.js';
import { PhasesProvider } from './components/Phases.js';
import { UpdatePrompt } from './components/UpdatePrompt.js';
import { ConfirmProvider } from './feedback/ConfirmModal.js';
import { SnackbarProvider } from './feedback/Snackbar.js';
import { LocaleProvider } from './i18n/LocaleProvider.js';
import { NotificationsProvider } from './notifications/NotificationsProvider.js';

export function App() {
  return (
    <LocaleProvider>
      <BrowserRouter>
        <AuthProvider>
          <SnackbarProvider>
            <NotificationsProvider>
              <ConfirmProvider>
                <PhasesProvider>
                  <AppRoutes />
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
