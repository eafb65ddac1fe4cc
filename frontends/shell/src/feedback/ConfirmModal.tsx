import {
  createContext,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { useIntl } from 'react-intl';
import { Limits } from '@civic/contracts';
import { useRequiredContext } from '../app/required-context.js';

export interface ConfirmOptions {
  /** Translated texts. */
  title: string;
  message?: ReactNode;
  /** Default "Yes" / "No". */
  confirmLabel?: string;
  cancelLabel?: string;
  /** Styles the Yes button as a destructive action. */
  danger?: boolean;
}

/** Opens the confirmation modal; resolves true for Yes, false for No, Escape or a click outside. */
export type Confirm = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

interface Pending extends ConfirmOptions {
  /** Set by the buttons; read by the asking side every 100 ms (docs/product.md#shell-behaviour). */
  answer: boolean | undefined;
}

/**
 * Waits for `question.answer`, checking every `pollMs` (Limits.modalPollMs): the asking code awaits a
 * promise while the modal only records the click.
 */
export function pollForAnswer(question: { answer: boolean | undefined }, pollMs: number = Limits.modalPollMs): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const timer = setInterval(() => {
      if (question.answer === undefined) return;
      clearInterval(timer);
      resolve(question.answer);
    }, pollMs);
  });
}

const focusableSelector = 'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/** The shared No/Yes modal (docs/product.md#shell-behaviour): used before deletions and reports. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const pendingRef = useRef<Pending | null>(null);

  const confirm = useCallback<Confirm>((options) => {
    // One question at a time: a new one answers the old with No.
    if (pendingRef.current) pendingRef.current.answer = false;
    const next: Pending = { ...options, answer: undefined };
    pendingRef.current = next;
    setPending(next);
    return pollForAnswer(next);
  }, []);

  const answer = useCallback((value: boolean) => {
    const current = pendingRef.current;
    pendingRef.current = null;
    setPending(null);
    if (current) current.answer = value;
  }, []);

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {pending ? <ConfirmDialog options={pending} onAnswer={answer} /> : null}
    </ConfirmContext.Provider>
  );
}

function ConfirmDialog({ options, onAnswer }: { options: ConfirmOptions; onAnswer: (value: boolean) => void }) {
  const { formatMessage: t } = useIntl();
  const titleId = useId();
  const messageId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const noRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    // Everything behind the modal is out of reach of the keyboard and of screen readers while it is
    // open; focus starts on No (the safe answer) and goes back where it was afterwards.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = document.getElementById('root');
    root?.setAttribute('inert', '');
    noRef.current?.focus();
    return () => {
      root?.removeAttribute('inert');
      opener?.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onAnswer(false);
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = [...dialogRef.current.querySelectorAll<HTMLElement>(focusableSelector)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className="modal-backdrop" onMouseDown={(event) => event.target === event.currentTarget && onAnswer(false)}>
      <div
        ref={dialogRef}
        className="modal"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={options.message ? messageId : undefined}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="modal__title">
          {options.title}
        </h2>
        {options.message ? (
          <div id={messageId} className="modal__message">
            {options.message}
          </div>
        ) : null}
        <div className="modal__actions">
          <button ref={noRef} type="button" className="button--secondary" onClick={() => onAnswer(false)}>
            {options.cancelLabel ?? t({ id: 'confirm.no' })}
          </button>
          <button type="button" className={options.danger ? 'button--danger' : undefined} onClick={() => onAnswer(true)}>
            {options.confirmLabel ?? t({ id: 'confirm.yes' })}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}

export function useConfirm(): Confirm {
  return useRequiredContext(ConfirmContext, 'useConfirm must be used inside <ConfirmProvider>');
}
