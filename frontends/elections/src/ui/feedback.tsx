import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useIntl } from 'react-intl';
import { asApiError } from '@civic/frontend-kit/api-client';

/**
 * The remote's own small confirmation dialog (No / Yes, focus kept inside, Escape = No) and message
 * strip (a polite `role="status"` region), in the shell's look: a remote cannot use the shell's.
 */
export interface ConfirmOptions {
  title: string;
  message?: string;
  danger?: boolean;
}

interface Feedback {
  confirm: (options: ConfirmOptions) => Promise<boolean>;
  toast: (message: string, kind?: 'success' | 'error' | 'info') => void;
  /** The translated message of a failed call (SPEC section 8), as an error toast. */
  toastError: (error: unknown) => void;
}

const FeedbackContext = createContext<Feedback | null>(null);

const messages = {
  yes: { id: 'elections.confirm.yes' },
  no: { id: 'elections.confirm.no' },
  region: { id: 'elections.messages.label' },
};

const toastMs = 4000;

interface Toast {
  key: number;
  message: string;
  kind: 'success' | 'error' | 'info';
}

interface Question extends ConfirmOptions {
  answer: (value: boolean) => void;
}

/** The translated text of any failed call: the shell's `error.<key>` (its IntlProvider's messages). */
export function useErrorText(): (error: unknown) => string {
  const intl = useIntl();
  return useCallback((error: unknown) => intl.formatMessage({ id: `error.${asApiError(error).key}` }), [intl]);
}

export function FeedbackProvider({ children }: { children: ReactNode }) {
  const { formatMessage: t } = useIntl();
  const errorText = useErrorText();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [question, setQuestion] = useState<Question | null>(null);
  const nextKey = useRef(1);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  const toast = useCallback((message: string, kind: Toast['kind'] = 'info') => {
    const key = nextKey.current++;
    setToasts((current) => [...current, { key, message, kind }].slice(-3));
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setToasts((current) => current.filter((item) => item.key !== key));
    }, toastMs);
    timers.current.add(timer);
  }, []);

  const toastError = useCallback((error: unknown) => toast(errorText(error), 'error'), [toast, errorText]);

  const asked = useRef<Question | null>(null);
  const confirm = useCallback(
    (options: ConfirmOptions) =>
      new Promise<boolean>((resolve) => {
        asked.current?.answer(false); // one question at a time: a new one answers the old with No
        const next: Question = {
          ...options,
          answer: (value) => {
            if (asked.current === next) {
              asked.current = null;
              setQuestion(null);
            }
            resolve(value);
          },
        };
        asked.current = next;
        setQuestion(next);
      }),
    [],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const value = useMemo(() => ({ confirm, toast, toastError }), [confirm, toast, toastError]);
  return (
    <FeedbackContext.Provider value={value}>
      {children}
      {question ? <ConfirmDialog question={question} /> : null}
      <div className="snackbar-region" role="status" aria-live="polite" aria-label={t(messages.region)}>
        {toasts.map((item) => (
          <div key={item.key} className={`snackbar snackbar--${item.kind}`} data-snackbar={item.kind}>
            <span className="snackbar__message">{item.message}</span>
          </div>
        ))}
      </div>
    </FeedbackContext.Provider>
  );
}

const focusable = 'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

function ConfirmDialog({ question }: { question: Question }) {
  const { formatMessage: t } = useIntl();
  const titleId = useId();
  const messageId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const no = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    // The page behind is out of reach while the dialog is open; focus starts on No and goes back after.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = document.getElementById('root');
    root?.setAttribute('inert', '');
    no.current?.focus();
    return () => {
      root?.removeAttribute('inert');
      opener?.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      question.answer(false);
      return;
    }
    if (event.key !== 'Tab' || !dialog.current) return;
    const items = [...dialog.current.querySelectorAll<HTMLElement>(focusable)];
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  return createPortal(
    <div className="modal-backdrop" onMouseDown={(event) => event.target === event.currentTarget && question.answer(false)}>
      <div
        ref={dialog}
        className="modal"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={question.message ? messageId : undefined}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="modal__title">
          {question.title}
        </h2>
        {question.message ? (
          <p id={messageId} className="modal__message">
            {question.message}
          </p>
        ) : null}
        <div className="modal__actions">
          <button ref={no} type="button" className="button--secondary" onClick={() => question.answer(false)}>
            {t(messages.no)}
          </button>
          <button type="button" className={question.danger ? 'button--danger' : undefined} onClick={() => question.answer(true)}>
            {t(messages.yes)}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}

export function useFeedback(): Feedback {
  const value = useContext(FeedbackContext);
  if (!value) throw new Error('useFeedback must be used inside <FeedbackProvider>');
  return value;
}
