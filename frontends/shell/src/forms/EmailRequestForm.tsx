import { useState, type ReactNode } from 'react';
import { asApiError, type ApiError } from '@civic/frontend-kit/api-client';
import { useSnackbar } from '../feedback/Snackbar.js';
import { fieldErrorOf, type ErrorFields } from './api-errors.js';
import { Outcome, SubmitButton, TextField } from './Fields.js';
import { useForm } from './useForm.js';
import { rules, type FieldError } from './validation.js';

export type EmailRequestField = 'email' | 'password';

// Module constants: useForm keeps its callbacks stable on the schema's identity.
const emailSchema = { email: rules.email, password: [] };
const emailAndPasswordSchema = { email: rules.email, password: rules.currentPassword };
const empty = { email: '', password: '' };

/** A request's answer: the address the mail went to, or the error with the field it concerns. */
export type EmailRequestResult =
  | { sentTo: string }
  | { error: ApiError; field: { name: EmailRequestField; error: FieldError } | null };

/** Sends one request with the address trimmed (the password as typed) and says what to show. */
export async function requestEmail(
  send: (email: string, password: string) => Promise<unknown>,
  values: Record<EmailRequestField, string>,
  errorFields: ErrorFields<EmailRequestField>,
): Promise<EmailRequestResult> {
  const email = values.email.trim();
  try {
    await send(email, values.password);
    return { sentTo: email };
  } catch (error) {
    const apiError = asApiError(error);
    return { error: apiError, field: fieldErrorOf(apiError.key, errorFields) };
  }
}

export interface EmailRequestFormProps {
  /** The address field's label. */
  emailLabel: string;
  /** With it, the current password is asked under the address (the request proves it is the user). */
  passwordLabel?: string;
  /** The submit button's text. */
  submitText: string;
  /** The success notice's text, for the address the mail went to. */
  sentText: (email: string) => string;
  /** Asks the service for the mail (the address trimmed); rejects with its error. */
  send: (email: string, password: string) => Promise<unknown>;
  /** API errors that show under a field too, besides the snackbar. */
  errorFields?: ErrorFields<EmailRequestField>;
  /** Shown above the form until the mail is sent. */
  children?: ReactNode;
}

/**
 * A form that asks for a mail to an address (the verification link again, a password reset, an
 * address change): the address, the password when the request needs it, then a focused notice.
 */
export function EmailRequestForm({ emailLabel, passwordLabel, submitText, sentText, send, errorFields = {}, children }: EmailRequestFormProps) {
  const snackbar = useSnackbar();
  const form = useForm(passwordLabel === undefined ? emailSchema : emailAndPasswordSchema, empty);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const submit = form.onSubmit(async (values) => {
    const result = await requestEmail(send, values, errorFields);
    if ('sentTo' in result) setSentTo(result.sentTo);
    else {
      snackbar.showError(result.error);
      if (result.field) form.setFieldError(result.field.name, result.field.error);
    }
  });
  if (sentTo) {
    return (
      <Outcome kind="success">
        <p>{sentText(sentTo)}</p>
      </Outcome>
    );
  }
  return (
    <>
      {children}
      <form className="form" noValidate onSubmit={submit} aria-busy={form.submitting || undefined}>
        <TextField {...form.field('email')} label={emailLabel} type="email" autoComplete="email" />
        {passwordLabel === undefined ? null : (
          <TextField {...form.field('password')} label={passwordLabel} type="password" autoComplete="current-password" />
        )}
        <SubmitButton submitting={form.submitting}>{submitText}</SubmitButton>
      </form>
    </>
  );
}
