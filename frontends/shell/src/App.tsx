import { BrowserRouter, Routes } from 'react-router-dom';
import { AuthProvider } from './auth/AuthProvider.js';
import { ConfirmProvider } from './components/ConfirmModal.js';
import { SnackbarProvider } from './components/Snackbar.js';
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
                <Routes>{appRoutes}</Routes>
              </ConfirmProvider>
            </NotificationsProvider>
          </SnackbarProvider>
        </AuthProvider>
      </BrowserRouter>
    </LocaleProvider>
  );
}
