import { createContext, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Limits } from '@civic/contracts';
import { asApiError, errorDate } from '@civic/frontend-kit/api-client';
import { formatDayDate } from '../i18n/dates.js';
import { useRequiredContext } from '../app/required-context.js';

export type SnackbarKind = 'info' | 'success' | 'error';

export interface SnackbarOptions {
  /** Already translated. */
  message: string;
  kind?: SnackbarKind;
  /** Milliseconds on screen; default 4000 (docs/product.md#shell-behaviour); 0 keeps it until dismissed. */
  duration?: number;
  /** Shows a close button; off by default (docs/product.md#shell-behaviour). */
  dismissible?: boolean;
}

interface Item extends Required<SnackbarOptions> {
  id: number;
}

export interface Snackbar {
  show: (options: SnackbarOptions) => number;
  dismiss: (id: number) => void;
  /** The translated message of an API error (or the generic one), with its date and time if it has one. */
  showError: (error: unknown, options?: Omit<SnackbarOptions, 'message' | 'kind'>) => number;
}

const SnackbarContext = createContext<Snackbar | null>(null);

/** Keeps the last few messages; older ones leave first. */
const maxShown = 3;

/** The message strip of the whole app (docs/product.md#shell-behaviour), announced politely to screen readers. */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const [items, setItems] = useState<Item[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    const timer = timers.current.get(id);
    if (timer) clearTimeout(timer);
    timers.current.delete(id);
    setItems((current) => current.filter((item) => item.id !== id));
  }, []);

  const show = useCallback(
    (options: SnackbarOptions) => {
      const id = nextId.current++;
      const item: Item = {
        id,
        message: options.message,
        kind: options.kind ?? 'info',
        duration: options.duration ?? Limits.snackbarDefaultMs,
        dismissible: options.dismissible ?? false,
      };
      setItems((current) => [...current, item].slice(-maxShown));
      return id;
    },
    [],
  );

  const showError = useCallback(
    (error: unknown, options: Omit<SnackbarOptions, 'message' | 'kind'> = {}) => {
      const apiError = asApiError(error);
      let message = intl.formatMessage({ id: `error.${apiError.key}` });
      const date = errorDate(apiError);
      if (date) {
        message = intl.formatMessage({ id: 'snackbar.errorWithDate' }, {
          message,
          date: formatDayDate(intl, date, { dateStyle: 'long', timeStyle: 'short' }),
        });
      }
      return show({ ...options, message, kind: 'error' });
    },
    [intl, show],
  );

  // The clock starts once a message is on screen, so a busy page that paints late does not shorten it.
  useEffect(() => {
    for (const item of items) {
      if (item.duration > 0 && !timers.current.has(item.id)) {
        timers.current.set(item.id, setTimeout(() => dismiss(item.id), item.duration));
      }
    }
  }, [items, dismiss]);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const value = useMemo(() => ({ show, dismiss, showError }), [show, dismiss, showError]);

  return (
    <SnackbarContext.Provider value={value}>
      {children}
      <div
        className="snackbar-region"
        role="status"
        aria-live="polite"
        aria-label={intl.formatMessage({ id: 'snackbar.label' })}
      >
        {items.map((item) => (
          <div key={item.id} className={`snackbar snackbar--${item.kind}`} data-snackbar={item.kind}>
            <span className="snackbar__message">{item.message}</span>
            {item.dismissible ? (
              <button
                type="button"
                className="snackbar__close"
                aria-label={intl.formatMessage({ id: 'snackbar.close' })}
                onClick={() => dismiss(item.id)}
              >
                ×
              </button>
            ) : null}
          </div>
        ))}
      </div>
    </SnackbarContext.Provider>
  );
}

export function useSnackbar(): Snackbar {
  return useRequiredContext(SnackbarContext, 'useSnackbar must be used inside <SnackbarProvider>');
}
