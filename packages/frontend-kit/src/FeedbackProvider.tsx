import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { asApiError } from './api-client.js';
import type { ShellServices } from './shell-contract.js';

export interface ConfirmOptions {
  title: string;
  message?: string;
  danger?: boolean;
}

export interface Feedback {
  /** The shell's confirmation modal (No / Yes): resolves true for Yes. */
  confirm: (options: ConfirmOptions) => Promise<boolean>;
  /** A message in the shell's snackbar (4000 ms). */
  toast: (message: string, kind?: 'success' | 'error' | 'info') => void;
  /** The translated message of a failed call (docs/product.md#errors), with its date and time when it carries one. */
  toastError: (error: unknown) => void;
}

const FeedbackContext = createContext<Feedback | null>(null);

/** The translated text of any failed call: the shell's `error.<key>` (its IntlProvider's messages). */
export function useErrorText(): (error: unknown) => string {
  const intl = useIntl();
  return useCallback((error: unknown) => intl.formatMessage({ id: `error.${asApiError(error).key}` }), [intl]);
}

/**
 * A remote asks for confirmation and shows messages through the shell's one modal and one snackbar
 * (`services` of the shell contract), so every screen of the product behaves alike. A shell older
 * than those services gets the browser's own confirm and the message in the console.
 */
export function FeedbackProvider({ services, children }: { services: ShellServices | undefined; children: ReactNode }) {
  const errorText = useErrorText();
  const value = useMemo<Feedback>(() => {
    if (!services) {
      return {
        confirm: async ({ title, message }) => window.confirm(message ? `${title}\n\n${message}` : title),
        toast: (message) => console.info(message),
        toastError: (error) => console.error(errorText(error)),
      };
    }
    return {
      confirm: ({ title, message, danger }) => services.confirm({ title, message, danger }),
      toast: (message, kind = 'info') => {
        services.snackbar.show({ message, kind });
      },
      toastError: (error) => {
        services.snackbar.showError(error);
      },
    };
  }, [services, errorText]);
  return <FeedbackContext.Provider value={value}>{children}</FeedbackContext.Provider>;
}

export function useFeedback(): Feedback {
  const value = useContext(FeedbackContext);
  if (!value) throw new Error('useFeedback must be used inside <FeedbackProvider>');
  return value;
}
