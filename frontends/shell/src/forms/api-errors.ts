/**
 * API errors that concern one field of a form ('Incorrect password', 'This password is too common')
 * show under that field too, not only in the snackbar.
 */
import type { ErrorKey } from '@civic/contracts';
import type { Form } from './useForm.js';
import type { FieldError } from './validation.js';

/** For one form: the field each error it may answer concerns. */
export type ErrorFields<Name extends string> = Partial<Record<ErrorKey, Name>>;

/** The errors that refuse a new password (identity's password rules), all about that field. */
export function newPasswordErrors<Name extends string>(field: Name): ErrorFields<Name> {
  return { passwordTooCommon: field, passwordMatchesAccount: field };
}

/** The field an API error concerns and its message (`error.<key>`), or null when it concerns none. */
export function fieldErrorOf<Name extends string>(key: ErrorKey, fields: ErrorFields<Name>): { name: Name; error: FieldError } | null {
  const name = fields[key];
  return name === undefined ? null : { name, error: { id: `error.${key}` } };
}

/** Shows the error under the field of `form` it concerns, when it concerns one of `fields`. */
export function showOnField<Name extends string>(form: Form<Name>, key: ErrorKey, fields: ErrorFields<Name>): void {
  const onField = fieldErrorOf(key, fields);
  if (onField) form.setFieldError(onField.name, onField.error);
}
