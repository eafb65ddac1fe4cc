import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Limits } from '@civic/contracts';
import type { FieldProps } from './useForm.js';
import { characterCount } from './validation.js';

export interface TextFieldProps extends FieldProps {
  label: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  /** Shows the "count / max" counter (docs/product.md#form-rules). */
  maxLength?: number;
  hint?: string;
  required?: boolean;
}

/** A labelled input with its hint, its error under it and, with maxLength, a live character counter. */
export function TextField({
  name,
  value,
  error,
  onChange,
  onBlur,
  label,
  type = 'text',
  autoComplete,
  maxLength,
  hint,
  required = true,
}: TextFieldProps) {
  const { formatMessage: t } = useIntl();
  const id = useId();
  const hintId = `${id}-hint`;
  const counterId = `${id}-counter`;
  const errorId = `${id}-error`;
  const count = characterCount(value);
  const over = maxLength !== undefined && count > maxLength;
  const describedBy = [error ? errorId : null, hint ? hintId : null, maxLength !== undefined ? counterId : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        name={name}
        type={type}
        value={value}
        autoComplete={autoComplete}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        spellCheck={type === 'text' ? undefined : false}
      />
      <div className="field__meta">
        {error ? (
          <p id={errorId} className="field__error">
            {t({ id: error.id }, error.values)}
            {error.details ? ` ${error.details.map((detail) => t({ id: detail })).join(' ')}` : null}
          </p>
        ) : (
          <span />
        )}
        {maxLength !== undefined ? (
          <span
            id={counterId}
            className={`field__counter${over ? ' field__counter--over' : ''}`}
            aria-label={t({ id: 'form.counterLabel' }, { count, max: maxLength })}
          >
            {t({ id: 'form.counter' }, { count, max: maxLength })}
          </span>
        ) : null}
      </div>
    </div>
  );
}

/** The user name, with its length rule as its hint and a counter. */
export function UserNameField(field: FieldProps) {
  const { formatMessage: t } = useIntl();
  return (
    <TextField
      {...field}
      label={t({ id: 'form.userName' })}
      hint={t({ id: 'form.userNameHint' }, { min: Limits.userName.min, max: Limits.userName.max })}
      autoComplete="nickname"
      maxLength={Limits.userName.max}
    />
  );
}

/** A new password, with the password rules as its hint, then its confirmation. */
export function NewPasswordFields({ password, confirmation, label }: { password: FieldProps; confirmation: FieldProps; label: string }) {
  const { formatMessage: t } = useIntl();
  return (
    <>
      <TextField
        {...password}
        label={label}
        hint={t({ id: 'form.passwordHint' }, { min: Limits.password.min, max: Limits.password.max })}
        type="password"
        autoComplete="new-password"
      />
      <TextField {...confirmation} label={t({ id: 'form.passwordConfirmation' })} type="password" autoComplete="new-password" />
    </>
  );
}

/** The submit button: disabled with a spinner and "Sending…" while the call runs. */
export function SubmitButton({ submitting, children }: { submitting: boolean; children: ReactNode }) {
  const { formatMessage: t } = useIntl();
  return (
    <button type="submit" className="submit" disabled={submitting} aria-busy={submitting || undefined}>
      {submitting ? (
        <>
          <span className="spinner" aria-hidden="true" />
          {t({ id: 'form.sending' })}
        </>
      ) : (
        children
      )}
    </button>
  );
}

/** A notice with the outcome of an action, focused so it is read at once. */
export function Outcome({ kind, title, children }: { kind: 'success' | 'error'; title?: string; children?: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div ref={ref} className={`notice notice--${kind}`} role={kind === 'error' ? 'alert' : 'status'} tabIndex={-1}>
      {title ? <p className="notice__title">{title}</p> : null}
      {children}
    </div>
  );
}
