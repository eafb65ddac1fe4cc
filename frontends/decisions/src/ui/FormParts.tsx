/** What the decisions forms share: their props, the submit and cancel buttons, a refusal, the category options, a button that opens a form, a title field. */
import { useId, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { proposalCategories } from '@civic/contracts';
import { categoryMessages } from '../messages.js';
import { buttonClass } from '@civic/frontend-kit/design';

/** What every form of the decisions screens is given: its button's text, the call it makes, and (where it can close) Cancel. */
export interface FormProps<T> {
  submitLabel: string;
  onSubmit: (value: T) => Promise<void>;
  onCancel?: () => void;
}

/**
 * A form's submit button (busy while its call runs) and, where the form can be closed, Cancel. With
 * `busyLabel` the button says so, beside a spinner, while busy.
 */
export function FormActions({ busy, busyLabel, submitLabel, onCancel }: { busy: boolean; busyLabel?: string } & Pick<FormProps<unknown>, 'submitLabel' | 'onCancel'>) {
  const { formatMessage: t } = useIntl();
  return (
    <div className="decisions-actions">
      <button type="submit" className={buttonClass('primary')} disabled={busy} aria-busy={busy || undefined}>
        {busy && busyLabel !== undefined ? (
          <>
            <span className="ui-button__spinner" aria-hidden="true" />
            {busyLabel}
          </>
        ) : (
          submitLabel
        )}
      </button>
      {onCancel ? (
        <button type="button" className={buttonClass('secondary')} onClick={onCancel}>
          {t({ id: 'decisions.form.cancel' })}
        </button>
      ) : null}
    </div>
  );
}

/** The service's refusal of a form, translated, above its buttons. */
export function Refusal({ title, text }: { title: string; text: string | null }) {
  if (!text) return null;
  return (
    <div className="notice notice--error" role="alert">
      <p className="notice__title">{title}</p>
      <p>{text}</p>
    </div>
  );
}

/** The options of a category choice: first `none` (no category), then every category by its name. */
export function CategoryOptions({ none }: { none: string }) {
  const { formatMessage: t } = useIntl();
  return (
    <>
      <option value="">{none}</option>
      {proposalCategories.map((category) => (
        <option key={category} value={category}>
          {t(categoryMessages[category])}
        </option>
      ))}
    </>
  );
}

/** A small button that opens a form in its place; the form is given `close`, to call once sent or cancelled. */
export function FormOpener({ label, form }: { label: string; form: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  if (open) return form(() => setOpen(false));
  return (
    <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => setOpen(true)}>
      {label}
    </button>
  );
}

/** A labelled one-line text field (at most 256 characters) shown above a form's main field, e.g. a title. */
export function TitleField({ label, value, required = false, onChange }: { label: string; value: string; required?: boolean; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} value={value} required={required} maxLength={256} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}
