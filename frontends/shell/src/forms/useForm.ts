import { useCallback, useRef, useState, type FormEvent } from 'react';
import { validateField, validateForm, type Errors, type FieldError, type Schema } from './validation.js';

export interface FieldProps {
  name: string;
  value: string;
  error: FieldError | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
}

export interface Form<Name extends string> {
  values: Record<Name, string>;
  errors: Errors<Name>;
  submitting: boolean;
  field: (name: Name) => FieldProps;
  setValue: (name: Name, value: string) => void;
  /** Shows a message under a field, e.g. an API error that concerns it ('Incorrect password'). */
  setFieldError: (name: Name, error: FieldError) => void;
  reset: (values?: Record<Name, string>) => void;
  /** The form's onSubmit: validates every field (focusing the first invalid one) or runs `action`. */
  onSubmit: (action: (values: Record<Name, string>) => Promise<void>) => (event: FormEvent<HTMLFormElement>) => void;
}

/**
 * A small controlled form: values as strings, the form rules (docs/product.md#form-rules) of `schema`, a field checked
 * when it loses focus and, once it shows an error (or after a submit), at every change.
 */
export function useForm<Name extends string>(schema: Schema<Name>, initial: Record<Name, string>): Form<Name> {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors<Name>>({});
  const [submitting, setSubmitting] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  // The latest values for the handlers (only setValue and reset change them).
  const valuesRef = useRef(values);
  const busy = useRef(false);

  const check = useCallback(
    (name: Name, nextValues: Record<Name, string>) => {
      const error = validateField(schema[name], nextValues[name], nextValues);
      setErrors((current) => {
        const next = { ...current };
        if (error) next[name] = error;
        else delete next[name];
        return next;
      });
    },
    [schema],
  );

  const setValue = useCallback(
    (name: Name, value: string) => {
      const next = { ...valuesRef.current, [name]: value };
      valuesRef.current = next;
      setValues(next);
      setErrors((current) => {
        if (!submitted && !current[name]) return current;
        const updated = { ...current };
        // Re-check this field and any field whose rule reads it (a confirmation).
        for (const other of Object.keys(schema) as Name[]) {
          if (other !== name && !current[other]) continue;
          const error = validateField(schema[other], next[other], next);
          if (error) updated[other] = error;
          else delete updated[other];
        }
        return updated;
      });
    },
    [schema, submitted],
  );

  const field = (name: Name): FieldProps => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (value) => setValue(name, value),
    onBlur: () => {
      if (valuesRef.current[name] !== '' || submitted) check(name, valuesRef.current);
    },
  });

  const setFieldError = useCallback((name: Name, error: FieldError) => {
    setErrors((current) => ({ ...current, [name]: error }));
  }, []);

  const reset = useCallback(
    (next?: Record<Name, string>) => {
      const value = next ?? initial;
      valuesRef.current = value;
      setValues(value);
      setErrors({});
      setSubmitted(false);
    },
    [initial],
  );

  const onSubmit =
    (action: (values: Record<Name, string>) => Promise<void>) =>
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (busy.current) return;
      setSubmitted(true);
      const current = valuesRef.current;
      const found = validateForm(schema, current);
      setErrors(found);
      const invalid = (Object.keys(schema) as Name[]).filter((name) => found[name]);
      if (invalid.length > 0) {
        const form = event.currentTarget;
        form.querySelector<HTMLElement>(`[name="${invalid[0]}"]`)?.focus();
        return;
      }
      busy.current = true;
      setSubmitting(true);
      void action(current)
        .catch((error: unknown) => console.error('Form action failed', error))
        .finally(() => {
          busy.current = false;
          setSubmitting(false);
        });
    };

  return { values, errors, submitting, field, setValue, setFieldError, reset, onSubmit };
}
