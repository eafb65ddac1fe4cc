/** A small text form (one field), as the law screens use it. */
import { useId, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { EDIT_REASON_MAX } from '@civic/contracts';
import { buttonClass } from '@civic/frontend-kit/design';
import { useErrorText } from './feedback.js';
import { FormActions, type FormProps } from './FormParts.js';
import { common } from '../messages.js';

/**
 * A version saved by someone else while this one was being written, shown above the field that keeps
 * the writer's words, with a button to start again from it (the form below, and the live editor when
 * a text changed outside live editing).
 */
export function TheirsPanel({ theirs, onTake }: { theirs: string; onTake: () => void }) {
  const { formatMessage: t } = useIntl();
  const id = useId();
  return (
    <section className="decisions-text-form__theirs" aria-labelledby={id} data-theirs>
      <h5 id={id}>{t({ id: 'decisions.conflict.theirs' })}</h5>
      <p className="decisions-text-form__theirs-text">{theirs}</p>
      <p className="field__hint">{t({ id: 'decisions.conflict.hint' })}</p>
      <button type="button" className={buttonClass('secondary')} onClick={onTake}>
        {t({ id: 'decisions.conflict.takeTheirs' })}
      </button>
    </section>
  );
}

/**
 * A small text form (one field) used for group names, articles and amendments, opened by a button: it
 * takes the focus when shown, and its button says Save unless told otherwise. `extra` fields go above
 * it. With `askReason` (a scribe or a moderator editing someone else's text) it also asks why, which
 * the text's history shows: required then, and given to `onSubmit` after the text. `theirs` is a
 * version saved by someone else while this one was being written: shown beside the field, which keeps
 * the writer's words, with a button to start again from it.
 */
export function TextForm({
  label,
  initial = '',
  multiline = false,
  max,
  extra,
  askReason = false,
  submitLabel,
  theirs,
  onSubmit,
  onCancel,
}: Omit<FormProps<string>, 'onSubmit' | 'submitLabel'> & {
  onSubmit: (value: string, reason?: string) => Promise<void>;
  label: string;
  initial?: string;
  multiline?: boolean;
  max: number;
  extra?: ReactNode;
  askReason?: boolean;
  submitLabel?: string;
  theirs?: string | null;
}) {
  const { formatMessage: t } = useIntl();
  const errorText = useErrorText();
  const id = useId();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
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
    setError(null);
    if (askReason) {
      const problem = reason.trim() === '' ? t({ id: 'decisions.reason.required' }) : [...reason.trim()].length > EDIT_REASON_MAX ? t({ id: 'decisions.form.maxLength' }, { max: EDIT_REASON_MAX }) : null;
      setReasonError(problem);
      if (problem) {
        document.getElementById(reasonId)?.focus();
        return;
      }
    }
    setBusy(true);
    try {
      await (askReason ? onSubmit(value.trim(), reason.trim()) : onSubmit(value.trim()));
      setValue('');
      setReason('');
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };
  const control = {
    id,
    value,
    autoFocus: true,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValue(event.target.value),
  };
  return (
    <form className="form decisions-form decisions-text-form" noValidate onSubmit={(event) => void submit(event)}>
      {extra}
      {theirs != null ? <TheirsPanel theirs={theirs} onTake={() => setValue(theirs)} /> : null}
      <div className={`field${error ? ' field--invalid' : ''}`}>
        <label htmlFor={id}>{label}</label>
        {multiline ? <textarea {...control} rows={4} /> : <input {...control} />}
        {error ? (
          <p id={`${id}-error`} className="field__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      {askReason ? (
        <div className={`field${reasonError ? ' field--invalid' : ''}`}>
          <label htmlFor={reasonId}>{t({ id: 'decisions.reason.label' })}</label>
          <input
            id={reasonId}
            value={reason}
            maxLength={EDIT_REASON_MAX}
            aria-required="true"
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? `${reasonId}-error` : `${reasonId}-hint`}
            onChange={(event) => setReason(event.target.value)}
          />
          {reasonError ? (
            <p id={`${reasonId}-error`} className="field__error" role="alert">
              {reasonError}
            </p>
          ) : (
            <p id={`${reasonId}-hint`} className="field__hint">
              {t({ id: 'decisions.reason.hint' })}
            </p>
          )}
        </div>
      ) : null}
      <FormActions busy={busy} submitLabel={submitLabel ?? t(common.save)} onCancel={onCancel} />
    </form>
  );
}
