import type { Locale } from '@civic/contracts';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './AppRoutes.js';
import { DocumentMeta } from './app/document-meta.js';
import { AuthProvider } from './auth/AuthProvider.js';
import { PhasesProvider } from './components/Phases.js';
import { UpdatePrompt } from './components/UpdatePrompt.js';
import { ConfirmProvider } from './feedback/ConfirmModal.js';
import { SnackbarProvider } from './feedback/Snackbar.js';
import { LocaleProvider } from './i18n/LocaleProvider.js';
import type { Messages } from './i18n/messages.js';
import { NotificationsProvider } from './notifications/NotificationsProvider.js';

/** `initial`: the visit's language and its catalogue, loaded before the first render. */
export function App({ initial }: { initial: { locale: Locale; messages: Messages } }) {
  return (
    <LocaleProvider initial={initial}>
      <BrowserRouter>
        <AuthProvider>
          <SnackbarProvider>
            <NotificationsProvider>
              <ConfirmProvider>
                <PhasesProvider>
                  <AppRoutes />
                  <DocumentMeta />
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
