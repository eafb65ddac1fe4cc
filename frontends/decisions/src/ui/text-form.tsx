/** A small text form (one field) and the submit and cancel buttons every form of the law screens ends with. */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useErrorText } from './feedback.js';

/** A form's submit button (busy while its call runs) and, where the form can be closed, Cancel. */
export function FormActions({ busy, submitLabel, onCancel }: { busy: boolean; submitLabel: string; onCancel?: () => void }) {
  const { formatMessage: t } = useIntl();
  return (
    <div className="decisions-actions">
      <button type="submit" disabled={busy} aria-busy={busy || undefined}>
        {submitLabel}
      </button>
      {onCancel ? (
        <button type="button" className="button--secondary" onClick={onCancel}>
          {t({ id: 'decisions.form.cancel' })}
        </button>
      ) : null}
    </div>
  );
}

/** A small text form (one field) used for group names, articles and amendments. */
export function TextForm({
  label,
  initial = '',
  multiline = false,
  max,
  extra,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  label: string;
  initial?: string;
  multiline?: boolean;
  max: number;
  extra?: ReactNode;
  submitLabel: string;
  onSubmit: (value: string) => Promise<void>;
  onCancel?: () => void;
}) {
  const { formatMessage: t } = useIntl();
  const errorText = useErrorText();
  const id = useId();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (value.trim() === '') {
      setError(t({ id: 'decisions.form.required' }));
      document.getElementById(id)?.focus();
      return;
    }
    if ([...value].length > max) {
      setError(t({ id: 'decisions.form.maxLength' }, { max }));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSubmit(value.trim());
      setValue('');
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="form decisions-form decisions-text-form" noValidate onSubmit={(event) => void submit(event)}>
      {extra}
      <div className={`field${error ? ' field--invalid' : ''}`}>
        <label htmlFor={id}>{label}</label>
        {multiline ? (
          <textarea id={id} rows={4} value={value} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} onChange={(event) => setValue(event.target.value)} />
        ) : (
          <input id={id} value={value} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} onChange={(event) => setValue(event.target.value)} />
        )}
        {error ? (
          <p id={`${id}-error`} className="field__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <FormActions busy={busy} submitLabel={submitLabel} onCancel={onCancel} />
    </form>
  );
}
