/** The form rules of the decision screens (unit-tested): required fields and lengths, as the service counts them. */

export interface FieldError {
  id: string;
  values?: Record<string, number>;
}

export const formMessages = {
  required: { id: 'decisions.form.required' },
  minLength: { id: 'decisions.form.minLength' },
  maxLength: { id: 'decisions.form.maxLength' },
};

/** Characters as people count them (code points), as the service does. */
export const characterCount = (value: string) => [...value].length;

/**
 * The form rules (docs/product.md#form-rules): required, then the minimum (leading and
 * trailing spaces do not count), then the maximum.
 */
export function lengthError(value: string, bounds: { min: number; max: number }): FieldError | null {
  const trimmed = characterCount(value.trim());
  if (trimmed === 0) return formMessages.required;
  if (trimmed < bounds.min) return { ...formMessages.minLength, values: { min: bounds.min } };
  if (characterCount(value) > bounds.max) return { ...formMessages.maxLength, values: { max: bounds.max } };
  return null;
}
