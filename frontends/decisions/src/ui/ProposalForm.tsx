import { useId, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Limits, proposalCategories, type ProposalCategory, type ProposalInput } from '@civic/contracts';
import { categoryMessages } from '../messages.js';
import { characterCount, formMessages, lengthError, type FieldError } from '../rules.js';
import { useErrorText } from '@civic/frontend-kit/remote-feedback';

const messages = {
  title: { id: 'decisions.form.title' },
  description: { id: 'decisions.form.description' },
  category: { id: 'decisions.form.category' },
  chooseCategory: { id: 'decisions.form.chooseCategory' },
  counter: { id: 'decisions.form.counter' },
  counterLabel: { id: 'decisions.form.counterLabel' },
  sending: { id: 'decisions.form.sending' },
  cancel: { id: 'decisions.form.cancel' },
  failed: { id: 'decisions.form.failed' },
};

type Name = 'title' | 'description' | 'category';

function validate(values: Record<Name, string>): Record<Name, FieldError | null> {
  return {
    title: lengthError(values.title, Limits.proposalTitle),
    description: lengthError(values.description, Limits.proposalDescription),
    category: values.category === '' ? formMessages.required : null,
  };
}

const isCategory = (value: string): value is ProposalCategory => (proposalCategories as readonly string[]).includes(value);

/**
 * The create and edit form of a proposal: title (3-256), description (3-600) with live "count / max"
 * counters, category; each field says what is wrong once left or after a send, the first wrong field
 * gets the focus, and a refusal of the service shows translated above the button.
 */
export function ProposalForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial?: ProposalInput;
  submitLabel: string;
  onSubmit: (input: ProposalInput) => Promise<void>;
  onCancel?: () => void;
}) {
  const { formatMessage: t } = useIntl();
  const errorText = useErrorText();
  const id = useId();
  const [values, setValues] = useState<Record<Name, string>>({
    title: initial?.title ?? '',
    description: initial?.description ?? '',
    category: initial?.category ?? '',
  });
  const [touched, setTouched] = useState<Partial<Record<Name, boolean>>>({});
  const [sent, setSent] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const fields = useRef<Partial<Record<Name, HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | null>>>({});
  const errors = validate(values);
  const shown = (name: Name) => (sent || touched[name] ? errors[name] : null);

  const change = (name: Name, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setRefusal(null);
  };
  const leave = (name: Name) => setTouched((current) => ({ ...current, [name]: true }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSent(true);
    const firstWrong = (['title', 'description', 'category'] as const).find((name) => errors[name]);
    if (firstWrong) {
      fields.current[firstWrong]?.focus();
      return;
    }
    if (!isCategory(values.category)) return;
    setSubmitting(true);
    setRefusal(null);
    try {
      await onSubmit({ title: values.title.trim(), description: values.description.trim(), category: values.category });
      setValues({ title: '', description: '', category: '' });
      setTouched({});
      setSent(false);
    } catch (error) {
      setRefusal(errorText(error));
    } finally {
      setSubmitting(false);
    }
  };

  const describedBy = (name: Name, counter: boolean) =>
    [shown(name) ? `${id}-${name}-error` : null, counter ? `${id}-${name}-counter` : null].filter(Boolean).join(' ') || undefined;

  const meta = (name: Name, max?: number) => {
    const error = shown(name);
    const count = characterCount(values[name]);
    return (
      <div className="field__meta">
        {error ? (
          <p id={`${id}-${name}-error`} className="field__error">
            {t(error, error.values)}
          </p>
        ) : (
          <span />
        )}
        {max !== undefined ? (
          <span
            id={`${id}-${name}-counter`}
            className={`field__counter${count > max ? ' field__counter--over' : ''}`}
            aria-label={t(messages.counterLabel, { count, max })}
          >
            {t(messages.counter, { count, max })}
          </span>
        ) : null}
      </div>
    );
  };

  return (
    <form className="form decisions-form" noValidate onSubmit={(event) => void submit(event)}>
      <div className={`field${shown('title') ? ' field--invalid' : ''}`}>
        <label htmlFor={`${id}-title`}>{t(messages.title)}</label>
        <input
          ref={(element) => {
            fields.current.title = element;
          }}
          id={`${id}-title`}
          name="title"
          value={values.title}
          aria-required="true"
          aria-invalid={shown('title') ? true : undefined}
          aria-describedby={describedBy('title', true)}
          onChange={(event) => change('title', event.target.value)}
          onBlur={() => leave('title')}
        />
        {meta('title', Limits.proposalTitle.max)}
      </div>
      <div className={`field${shown('description') ? ' field--invalid' : ''}`}>
        <label htmlFor={`${id}-description`}>{t(messages.description)}</label>
        <textarea
          ref={(element) => {
            fields.current.description = element;
          }}
          id={`${id}-description`}
          name="description"
          rows={5}
          value={values.description}
          aria-required="true"
          aria-invalid={shown('description') ? true : undefined}
          aria-describedby={describedBy('description', true)}
          onChange={(event) => change('description', event.target.value)}
          onBlur={() => leave('description')}
        />
        {meta('description', Limits.proposalDescription.max)}
      </div>
      <div className={`field${shown('category') ? ' field--invalid' : ''}`}>
        <label htmlFor={`${id}-category`}>{t(messages.category)}</label>
        <select
          ref={(element) => {
            fields.current.category = element;
          }}
          id={`${id}-category`}
          name="category"
          value={values.category}
          aria-required="true"
          aria-invalid={shown('category') ? true : undefined}
          aria-describedby={describedBy('category', false)}
          onChange={(event) => change('category', event.target.value)}
          onBlur={() => leave('category')}
        >
          <option value="">{t(messages.chooseCategory)}</option>
          {proposalCategories.map((category) => (
            <option key={category} value={category}>
              {t(categoryMessages[category])}
            </option>
          ))}
        </select>
        {meta('category')}
      </div>
      {refusal ? (
        <div className="notice notice--error" role="alert">
          <p className="notice__title">{t(messages.failed)}</p>
          <p>{refusal}</p>
        </div>
      ) : null}
      <div className="decisions-actions">
        <button type="submit" className="submit" disabled={submitting} aria-busy={submitting || undefined}>
          {submitting ? (
            <>
              <span className="spinner" aria-hidden="true" />
              {t(messages.sending)}
            </>
          ) : (
            submitLabel
          )}
        </button>
        {onCancel ? (
          <button type="button" className="button--secondary" onClick={onCancel}>
            {t(messages.cancel)}
          </button>
        ) : null}
      </div>
    </form>
  );
}
