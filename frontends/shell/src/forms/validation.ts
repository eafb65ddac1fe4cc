/**
 * Form rules (docs/product.md#form-rules), pure so they are unit-tested: each rule answers the message to show
 * (an id of the shell's catalogue with its values) or null. Lengths count characters (code points),
 * as the services do.
 */
import { Limits } from '@civic/contracts';

export interface FieldError {
  id: string;
  values?: Record<string, number>;
  /** Message ids of further sentences shown after it (a refused password's weaknesses). */
  details?: readonly string[];
}

export type Values = Record<string, string>;
export type Rule = (value: string, values: Values) => FieldError | null;

export const formMessages = {
  required: 'form.error.required',
  minLength: 'form.error.minLength',
  maxLength: 'form.error.maxLength',
  email: 'form.error.email',
  confirmation: 'form.error.confirmation',
} as const;

/** Characters as a person counts them: an emoji or an accented letter made of two code units is one. */
export function characterCount(value: string): number {
  let count = 0;
  for (const _char of value) count += 1;
  return count;
}

export const required = (): Rule => (value) => (value.trim() === '' ? { id: formMessages.required } : null);

/** Skipped on an empty value: `required` says that. Leading and trailing spaces do not count. */
export const minLength =
  (min: number): Rule =>
  (value) => {
    const count = characterCount(value.trim());
    return count > 0 && count < min ? { id: formMessages.minLength, values: { min } } : null;
  };

export const maxLength =
  (max: number): Rule =>
  (value) =>
    characterCount(value) > max ? { id: formMessages.maxLength, values: { max } } : null;

/** One @, something before it, a dotted domain after it, no spaces. */
const emailPattern = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export const email = (): Rule => (value) => {
  const trimmed = value.trim();
  return trimmed !== '' && !emailPattern.test(trimmed) ? { id: formMessages.email } : null;
};

/** The confirmation field equals `field`. */
export const sameAs =
  (field: string): Rule =>
  (value, values) =>
    value !== '' && value !== (values[field] ?? '') ? { id: formMessages.confirmation } : null;

/** The first failing rule's message. */
export function validateField(rules: readonly Rule[], value: string, values: Values): FieldError | null {
  for (const rule of rules) {
    const error = rule(value, values);
    if (error) return error;
  }
  return null;
}

export type Schema<Name extends string> = Record<Name, readonly Rule[]>;
export type Errors<Name extends string> = Partial<Record<Name, FieldError>>;

/** Every failing field with its message; an empty object when the form is valid. */
export function validateForm<Name extends string>(schema: Schema<Name>, values: Record<Name, string>): Errors<Name> {
  const errors: Errors<Name> = {};
  for (const name of Object.keys(schema) as Name[]) {
    const error = validateField(schema[name], values[name] ?? '', values);
    if (error) errors[name] = error;
  }
  return errors;
}

/** The rules of the identity forms. */
export const rules = {
  email: [required(), email(), maxLength(254)],
  userName: [required(), minLength(Limits.userName.min), maxLength(Limits.userName.max)],
  /** A new password. */
  password: [required(), minLength(Limits.password.min), maxLength(Limits.password.max)],
  /** The password of a login or a confirmation of identity: only required. */
  currentPassword: [required()],
  confirmation: (field: string) => [required(), sameAs(field)],
} as const;

/** The `?next=` path kept across login and registration: only a path of this site, else home. */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  return next;
}
