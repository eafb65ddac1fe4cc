import { useId, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { EDIT_REASON_MAX, Limits, proposalCategories, type ProposalCategory, type ProposalInput } from '@civic/contracts';
import { characterCount, formMessages, lengthError, type FieldError } from '../form-rules.js';
import { useErrorText } from '@civic/frontend-kit/remote-feedback';
import { useSession } from '@civic/frontend-kit/remote-session';
import { CategoryOptions, FormActions, Refusal, type FormProps } from './FormParts.js';
import { SimilarPanel } from './search/SimilarPanel.js';
import './search/search.css';

type Name = 'title' | 'description' | 'category' | 'reason';

/** Each field's label. */
const labels: Record<Name, MessageDescriptor> = {
  title: { id: 'decisions.form.title' },
  description: { id: 'decisions.form.description' },
  category: { id: 'decisions.form.category' },
  reason: { id: 'decisions.reason.proposal' },
};

/** The bounds of the reason a moderator gives for editing someone else's proposal. */
const reasonBounds = { min: 1, max: EDIT_REASON_MAX };

function validate(values: Record<Name, string>, asksReason: boolean): Record<Name, FieldError | null> {
  return {
    title: lengthError(values.title, Limits.proposalTitle),
    description: lengthError(values.description, Limits.proposalDescription),
    category: values.category === '' ? formMessages.required : null,
    reason: asksReason ? lengthError(values.reason, reasonBounds) : null,
  };
}

const isCategory = (value: string): value is ProposalCategory => (proposalCategories as readonly string[]).includes(value);

/**
 * The create and edit form of a proposal: title (3-256), description (3-600) with live "count / max"
 * counters, category; each field says what is wrong once left or after a send, the first wrong field
 * gets the focus, and a refusal of the service shows translated above the button. Beside it, the
 * similar proposals and laws of what is being typed (docs/product.md#search). Editing someone else's
 * proposal (a moderator) asks why, sent as `reason` (docs/product.md#version-history).
 */
export function ProposalForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: FormProps<ProposalInput> & { initial?: ProposalInput & { id?: string; userId?: string } }) {
  const { formatMessage: t } = useIntl();
  const errorText = useErrorText();
  const id = useId();
  const user = useSession();
  const asksReason = Boolean(initial?.userId && user && user.id !== initial.userId);
  const [values, setValues] = useState<Record<Name, string>>({
    title: initial?.title ?? '',
    description: initial?.description ?? '',
    category: initial?.category ?? '',
    reason: '',
  });
  const [touched, setTouched] = useState<Partial<Record<Name, boolean>>>({});
  const [sent, setSent] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const errors = validate(values, asksReason);
  const shown = (name: Name) => (sent || touched[name] ? errors[name] : null);

  const change = (name: Name, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setRefusal(null);
  };
  const leave = (name: Name) => setTouched((current) => ({ ...current, [name]: true }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSent(true);
    const firstWrong = (['title', 'description', 'category', 'reason'] as const).find((name) => errors[name]);
    if (firstWrong) {
      document.getElementById(`${id}-${firstWrong}`)?.focus();
      return;
    }
    if (!isCategory(values.category)) return;
    setSubmitting(true);
    setRefusal(null);
    try {
      const input: ProposalInput & { reason?: string } = { title: values.title.trim(), description: values.description.trim(), category: values.category };
      if (asksReason) input.reason = values.reason.trim();
      await onSubmit(input);
      setValues({ title: '', description: '', category: '', reason: '' });
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

  /** The attributes every control of the form carries; a field with a counter names it too. */
  const control = (name: Name, counter: boolean) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    'aria-required': true,
    'aria-invalid': shown(name) ? true : undefined,
    'aria-describedby': describedBy(name, counter),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => change(name, event.target.value),
    onBlur: () => leave(name),
  });

  /** A labelled field: its control, then what is wrong with it (or an empty slot) and, with `max`, a "count / max" counter. */
  const field = (name: Name, input: ReactNode, max?: number, hint?: string) => {
    const error = shown(name);
    const count = characterCount(values[name]);
    return (
      <div className={`field${error ? ' field--invalid' : ''}`}>
        <label htmlFor={`${id}-${name}`}>{t(labels[name])}</label>
        {hint ? <p className="field__hint">{hint}</p> : null}
        {input}
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
              aria-label={t({ id: 'decisions.form.counterLabel' }, { count, max })}
            >
              {t({ id: 'decisions.form.counter' }, { count, max })}
            </span>
          ) : null}
        </div>
      </div>
    );
  };

  return (
    <div className="search-compose">
      <form className="form decisions-form" noValidate onSubmit={(event) => void submit(event)}>
        {field('title', <input {...control('title', true)} />, Limits.proposalTitle.max)}
        {field('description', <textarea {...control('description', true)} rows={5} />, Limits.proposalDescription.max)}
        {field(
          'category',
          <select {...control('category', false)}>
            <CategoryOptions none={t({ id: 'decisions.form.chooseCategory' })} />
          </select>,
        )}
        {asksReason ? field('reason', <textarea {...control('reason', true)} rows={2} />, EDIT_REASON_MAX, t({ id: 'decisions.reason.proposalHint' })) : null}
        <Refusal title={t({ id: 'decisions.form.failed' })} text={refusal} />
        <FormActions busy={submitting} busyLabel={t({ id: 'decisions.form.sending' })} submitLabel={submitLabel} onCancel={onCancel} />
      </form>
      <SimilarPanel title={values.title} description={values.description} excludeId={initial?.id} />
    </div>
  );
}
