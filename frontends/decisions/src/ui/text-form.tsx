/** A small text form (one field), as the law screens use it. */
import { useId, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useErrorText } from './feedback.js';
import { FormActions, type FormProps } from './form-parts.js';

/** A small text form (one field) used for group names, articles and amendments; `extra` fields go above it. */
export function TextForm({
  label,
  initial = '',
  multiline = false,
  max,
  extra,
  autoFocus = false,
  submitLabel,
  onSubmit,
  onCancel,
}: FormProps<string> & {
  label: string;
  initial?: string;
  multiline?: boolean;
  max: number;
  extra?: ReactNode;
  /** Takes the focus when shown (a form opened by a button). */
  autoFocus?: boolean;
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
  const control = {
    id,
    value,
    autoFocus,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValue(event.target.value),
  };
  return (
    <form className="form decisions-form decisions-text-form" noValidate onSubmit={(event) => void submit(event)}>
      {extra}
      <div className={`field${error ? ' field--invalid' : ''}`}>
        <label htmlFor={id}>{label}</label>
        {multiline ? <textarea {...control} rows={4} /> : <input {...control} />}
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
