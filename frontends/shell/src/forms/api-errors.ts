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

/**
 * The strength estimator's advice that identity sends with passwordTooCommon (`data: { warning,
 * suggestions }`, zxcvbn's keys), each worded in the catalogue as `password.feedback.<kind>.<key>`.
 */
const feedbackWarnings = new Set([
  'straightRow', 'keyPattern', 'simpleRepeat', 'extendedRepeat', 'sequences', 'recentYears', 'dates', 'topTen',
  'topHundred', 'common', 'similarToCommon', 'wordByItself', 'namesByThemselves', 'commonNames', 'userInputs', 'pwned',
]);
const feedbackSuggestions = new Set([
  'l33t', 'reverseWords', 'allUppercase', 'capitalization', 'dates', 'recentYears', 'associatedYears', 'sequences',
  'repeated', 'longerKeyboardPattern', 'anotherWord', 'useWords', 'noNeed', 'pwned',
]);

/** The catalogue ids of the advice an error's data carries (keys this shell does not know are left out). */
export function passwordFeedbackIds(data: unknown): string[] {
  if (typeof data !== 'object' || data === null) return [];
  const { warning, suggestions } = data as { warning?: unknown; suggestions?: unknown };
  const ids = typeof warning === 'string' && feedbackWarnings.has(warning) ? [`password.feedback.warning.${warning}`] : [];
  for (const suggestion of Array.isArray(suggestions) ? suggestions : []) {
    if (typeof suggestion === 'string' && feedbackSuggestions.has(suggestion)) ids.push(`password.feedback.suggestion.${suggestion}`);
  }
  return ids;
}

/** The field an API error concerns and its message (`error.<key>`, with the password advice of its data), or null when it concerns none. */
export function fieldErrorOf<Name extends string>(key: ErrorKey, fields: ErrorFields<Name>, data?: unknown): { name: Name; error: FieldError } | null {
  const name = fields[key];
  if (name === undefined) return null;
  const details = key === 'passwordTooCommon' ? passwordFeedbackIds(data) : [];
  return { name, error: { id: `error.${key}`, ...(details.length > 0 ? { details } : {}) } };
}

/** Shows the error under the field of `form` it concerns, when it concerns one of `fields`. */
export function showOnField<Name extends string>(form: Form<Name>, key: ErrorKey, fields: ErrorFields<Name>, data?: unknown): void {
  const onField = fieldErrorOf(key, fields, data);
  if (onField) form.setFieldError(onField.name, onField.error);
}
