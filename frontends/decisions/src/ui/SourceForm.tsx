/** The source form: its fields depend on the type of reference, with the service's messages at each. */
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useIntl } from 'react-intl';
import { ReferenceType, validPages, validUrl, type Source, type SourceFieldProblem, type SourceInput } from '@civic/contracts';
import { ApiError } from '@civic/frontend-kit/api-client';
import { useErrorText } from './feedback.js';
import { FormActions, Refusal, type FormProps } from './FormParts.js';

const sourceTypeMessages: Record<number, { id: string }> = {
  1: { id: 'decisions.source.type.book' },
  2: { id: 'decisions.source.type.periodical' },
  3: { id: 'decisions.source.type.article' },
  4: { id: 'decisions.source.type.website' },
  5: { id: 'decisions.source.type.film' },
  6: { id: 'decisions.source.type.other' },
};
const frequencyMessages: Record<number, { id: string }> = {
  1: { id: 'decisions.source.frequency.daily' },
  2: { id: 'decisions.source.frequency.weekly' },
  3: { id: 'decisions.source.frequency.monthly' },
  4: { id: 'decisions.source.frequency.quarterly' },
  5: { id: 'decisions.source.frequency.yearly' },
};

type Field = Exclude<keyof SourceInput, 'type'>;
const fieldMessages: Record<Field, { id: string }> = {
  title: { id: 'decisions.source.field.title' },
  author: { id: 'decisions.source.field.author' },
  publisher: { id: 'decisions.source.field.publisher' },
  publicationDate: { id: 'decisions.source.field.publicationDate' },
  url: { id: 'decisions.source.field.url' },
  accessDate: { id: 'decisions.source.field.accessDate' },
  volume: { id: 'decisions.source.field.volume' },
  issue: { id: 'decisions.source.field.issue' },
  pages: { id: 'decisions.source.field.pages' },
  periodicalTitle: { id: 'decisions.source.field.periodicalTitle' },
  articleTitle: { id: 'decisions.source.field.articleTitle' },
  director: { id: 'decisions.source.field.director' },
  productionCompany: { id: 'decisions.source.field.productionCompany' },
  releaseYear: { id: 'decisions.source.field.releaseYear' },
  description: { id: 'decisions.source.field.description' },
  frequency: { id: 'decisions.source.field.frequency' },
};
const problemMessages: Record<SourceFieldProblem['message'], { id: string }> = {
  required: { id: 'decisions.form.required' },
  invalidUrl: { id: 'decisions.form.invalidUrl' },
  invalidDate: { id: 'decisions.form.invalidDate' },
  invalidNumber: { id: 'decisions.form.invalidNumber' },
  invalidType: { id: 'decisions.form.invalidType' },
  invalidPagesFormat: { id: 'decisions.form.invalidPagesFormat' },
  maxLength: { id: 'decisions.form.maxLength' },
};
const hints: Partial<Record<Field, { id: string }>> = {
  publicationDate: { id: 'decisions.source.hint.date' },
  accessDate: { id: 'decisions.source.hint.day' },
  pages: { id: 'decisions.source.hint.pages' },
};

/** The fields each type shows, in form order (the service checks what each type needs). */
export const fieldsByType: Record<number, Field[]> = {
  [ReferenceType.Book]: ['title', 'author', 'publisher', 'publicationDate', 'url', 'accessDate', 'pages'],
  [ReferenceType.Periodical]: ['title', 'publisher', 'publicationDate', 'frequency', 'url', 'accessDate'],
  [ReferenceType.Article]: ['articleTitle', 'periodicalTitle', 'author', 'publicationDate', 'volume', 'issue', 'pages', 'url', 'accessDate'],
  [ReferenceType.Website]: ['title', 'author', 'publisher', 'publicationDate', 'url', 'accessDate'],
  [ReferenceType.Film]: ['title', 'director', 'productionCompany', 'releaseYear', 'url', 'accessDate'],
  [ReferenceType.Other]: ['title', 'author', 'publisher', 'publicationDate', 'description', 'url', 'accessDate'],
};

/**
 * The problems the form finds before sending, in form order: an address or pages the service would
 * refuse (the service checks everything else, and these again).
 */
export function sourceProblems(type: number, values: Partial<Record<Field, string>>): SourceFieldProblem[] {
  const problems: SourceFieldProblem[] = [];
  for (const field of fieldsByType[type] ?? []) {
    const value = values[field]?.trim() ?? '';
    if (value === '') continue;
    if (field === 'url' && !validUrl(value)) problems.push({ field, message: 'invalidUrl' });
    if (field === 'pages' && !validPages(value)) problems.push({ field, message: 'invalidPagesFormat' });
  }
  return problems;
}

/** One option per code of a coded choice (a type, a frequency), named by its message. */
function CodeOptions({ messages }: { messages: Record<number, { id: string }> }) {
  const { formatMessage: t } = useIntl();
  return Object.entries(messages).map(([code, message]) => (
    <option key={code} value={code}>
      {t(message)}
    </option>
  ));
}

/** The source form: type-dependent fields, the service's messages shown at each field. */
export function SourceForm({ initial, onSubmit, onCancel, submitLabel }: FormProps<SourceInput> & { initial?: Source }) {
  const { formatMessage: t } = useIntl();
  const errorText = useErrorText();
  const id = useId();
  const [type, setType] = useState<number>(initial?.type ?? ReferenceType.Book);
  const [values, setValues] = useState<Partial<Record<Field, string>>>(() => {
    if (!initial) return {};
    return Object.fromEntries(Object.keys(fieldMessages).map((key) => [key, initial[key as Field] === null ? '' : String(initial[key as Field])]));
  });
  const [problems, setProblems] = useState<SourceFieldProblem[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const problemOf = (field: keyof SourceInput) => problems.find((problem) => problem.field === field);

  /** Shows the problems at their fields, then focuses the first (its message already tied to it, so that it is read out). */
  const showProblems = (found: SourceFieldProblem[]) => {
    flushSync(() => setProblems(found));
    document.getElementById(`${id}-${found[0]!.field}`)?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRefusal(null);
    const found = sourceProblems(type, values);
    if (found.length > 0) {
      showProblems(found);
      return;
    }
    setBusy(true);
    const input: SourceInput = { type };
    for (const field of fieldsByType[type] ?? []) {
      const value = values[field]?.trim() ?? '';
      if (value === '') continue;
      if (field === 'releaseYear' || field === 'frequency') input[field] = /^\d+$/.test(value) ? Number(value) : (value as unknown as number);
      else input[field] = value;
    }
    try {
      await onSubmit(input);
      setProblems([]);
      setValues({});
    } catch (error) {
      const data = error instanceof ApiError ? (error.data as { problems?: SourceFieldProblem[] } | undefined) : undefined;
      if (data?.problems?.length) showProblems(data.problems);
      else setRefusal(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const input = (field: Field) => {
    const problem = problemOf(field);
    const hint = hints[field];
    const control = {
      id: `${id}-${field}`,
      value: values[field] ?? '',
      'aria-invalid': problem ? true : undefined,
      'aria-describedby': [problem ? `${id}-${field}-error` : null, hint ? `${id}-${field}-hint` : null].filter(Boolean).join(' ') || undefined,
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => setValues((v) => ({ ...v, [field]: event.target.value })),
    };
    return (
      <div key={field} className={`field${problem ? ' field--invalid' : ''}`}>
        <label htmlFor={`${id}-${field}`}>{t(fieldMessages[field])}</label>
        {field === 'frequency' ? (
          <select {...control}>
            <option value="">{t({ id: 'decisions.source.chooseFrequency' })}</option>
            <CodeOptions messages={frequencyMessages} />
          </select>
        ) : field === 'description' ? (
          <textarea {...control} rows={3} />
        ) : (
          <input {...control} />
        )}
        {hint ? (
          <p id={`${id}-${field}-hint`} className="decisions-muted">
            {t(hint)}
          </p>
        ) : null}
        {problem ? (
          <p id={`${id}-${field}-error`} className="field__error">
            {t(problemMessages[problem.message], { max: problem.max ?? 0 })}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form className="form decisions-form decisions-source-form" noValidate onSubmit={(event) => void submit(event)}>
      <div className={`field${problemOf('type') ? ' field--invalid' : ''}`}>
        <label htmlFor={`${id}-type`}>{t({ id: 'decisions.source.field.type' })}</label>
        <select id={`${id}-type`} value={type} onChange={(event) => setType(Number(event.target.value))}>
          <CodeOptions messages={sourceTypeMessages} />
        </select>
      </div>
      {(fieldsByType[type] ?? []).map(input)}
      <Refusal title={t({ id: 'decisions.source.failed' })} text={refusal} />
      <FormActions busy={busy} submitLabel={submitLabel} onCancel={onCancel} />
    </form>
  );
}
