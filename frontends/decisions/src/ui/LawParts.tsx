import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router-dom';
import { ReferenceType, voteChoices, type Article, type LawSummary, type Source, type SourceFieldProblem, type SourceInput, type VoteAnswer, type VoteChoice } from '@civic/contracts';
import { ApiError } from '@civic/frontend-kit/api-client';
import { lawsApi } from '../api/laws.js';
import { wordDiff } from '../law-rules.js';
import { categoryMessages, choiceMessages } from '../messages.js';
import { useIdentifyPath, useMembersOnly } from '@civic/frontend-kit/remote-session';
import { useFeedback, useErrorText, type ConfirmOptions } from '@civic/frontend-kit/remote-feedback';

export const lawStateMessages = {
  creation: { id: 'decisions.law.state.creation' },
  'final-vote': { id: 'decisions.law.state.finalVote' },
  adopted: { id: 'decisions.law.state.adopted' },
  rejected: { id: 'decisions.law.state.rejected' },
} as const;

const m = {
  creators: { id: 'decisions.law.creators' },
  creatorsLink: { id: 'decisions.law.creatorsLink' },
  by: { id: 'decisions.law.by' },
  sources: { id: 'decisions.source.list' },
  noSources: { id: 'decisions.source.none' },
  signalled: { id: 'decisions.proposal.signalled' },
  signalledScribe: { id: 'decisions.content.signalledScribe' },
  pinned: { id: 'decisions.proposal.pinned' },
  yourVoteOn: { id: 'decisions.vote.yourVoteOn' },
  yourVote: { id: 'decisions.vote.yourVote' },
  noVote: { id: 'decisions.vote.none' },
  takeBack: { id: 'decisions.vote.takeBack' },
  saved: { id: 'decisions.vote.saved' },
  takenBack: { id: 'decisions.vote.takenBack' },
  counts: { id: 'decisions.vote.counts' },
  removed: { id: 'decisions.finalVote.removed' },
  added: { id: 'decisions.finalVote.added' },
  changes: { id: 'decisions.finalVote.changes' },
};

/** A source as its APA reference, italics included. */
export function Apa({ source }: { source: Source }) {
  return (
    <span className="decisions-apa" data-source={source.id}>
      {source.apa.parts.map((part, index) => (part.italic ? <i key={index}>{part.text}</i> : <span key={index}>{part.text}</span>))}
    </span>
  );
}

/** Badges of a content item: pinned, signalled to the moderators or to the scribes. */
export function ContentBadges({ item }: { item: { pin: boolean; moderationStatus: 0 | 1; scribeStatus: 0 | 1 } }) {
  const { formatMessage: t } = useIntl();
  return (
    <>
      {item.pin ? <span className="decisions-badge decisions-badge--pin">{t(m.pinned)}</span> : null}
      {item.moderationStatus === 1 ? <span className="decisions-badge decisions-badge--signal">{t(m.signalled)}</span> : null}
      {item.scribeStatus === 1 ? <span className="decisions-badge decisions-badge--signal">{t(m.signalledScribe)}</span> : null}
    </>
  );
}

/** Title line of a law: category, state, author, creators. */
export function LawMeta({ law }: { law: LawSummary }) {
  const { formatMessage: t } = useIntl();
  return (
    <p className="decisions-proposal__meta">
      <span className="decisions-badge">{t(categoryMessages[law.category])}</span>
      <span className="decisions-badge decisions-badge--state" data-law-state={law.state}>
        {t(lawStateMessages[law.state])}
      </span>
      <span className="decisions-proposal__author">{t(m.by, { name: law.userName })}</span>
      <Link to={`/decisions/creators/${encodeURIComponent(law.id)}`}>{t(m.creatorsLink, { count: law.creators.length })}</Link>
    </p>
  );
}

/** What an amendment changes in its article: removed words struck through, added words underlined. */
export function Changes({ before, after }: { before: string; after: string }) {
  const { formatMessage: t } = useIntl();
  return (
    <p className="decisions-diff" aria-label={t(m.changes)}>
      {wordDiff(before, after).map((part, index) =>
        part.kind === 'same' ? (
          <span key={index}>{part.text}</span>
        ) : part.kind === 'removed' ? (
          <del key={index} title={t(m.removed)}>
            {part.text}
          </del>
        ) : (
          <ins key={index} title={t(m.added)}>
            {part.text}
          </ins>
        ),
      )}
    </p>
  );
}

/** Runs an action for a member (a visitor goes to /identify), after a Yes when asked, with errors shown. */
export function useAct() {
  const { confirm, toastError } = useFeedback();
  const membersOnly = useMembersOnly();
  const navigate = useNavigate();
  const identify = useIdentifyPath();
  return (call: () => Promise<void>, question?: ConfirmOptions) =>
    membersOnly(async () => {
      if (question && !(await confirm(question))) return;
      try {
        await call();
      } catch (error) {
        if (error instanceof ApiError && error.statusCode === 401) await navigate(identify);
        else toastError(error);
      }
    });
}

/** The four choices on one article or amendment, the reader's ballot and a way to take it back. */
export function BallotControls({ lawId, text, label, onVoted }: { lawId: string; text: Article; label: string; onVoted: (answer: VoteAnswer) => void }) {
  const { formatMessage: t } = useIntl();
  const { toast } = useFeedback();
  const act = useAct();
  const name = useId();
  const [pending, setPending] = useState<VoteChoice | null>(null);
  const send = (choice: VoteChoice | null) => {
    setPending(choice);
    void act(async () => {
      const answer = choice ? await lawsApi.vote(lawId, text.id, choice) : await lawsApi.deleteVote(lawId, text.id);
      onVoted(answer);
      toast(choice ? t(m.saved, { choice: t(choiceMessages[choice]) }) : t(m.takenBack), 'success');
    }).finally(() => setPending(null));
  };
  const shown = pending ?? text.myVote;
  return (
    <div className="decisions-vote">
      <fieldset className="decisions-vote__choices" aria-busy={pending ? true : undefined}>
        <legend>{t(m.yourVoteOn, { title: label })}</legend>
        {voteChoices.map((choice) => (
          <label key={choice} className="decisions-vote__choice">
            <input type="radio" name={name} value={choice} checked={shown === choice} onChange={() => send(choice)} />
            {t(choiceMessages[choice])}
          </label>
        ))}
      </fieldset>
      <p className="decisions-vote__mine" data-my-vote={text.myVote ?? ''}>
        <span>{text.myVote ? t(m.yourVote, { choice: t(choiceMessages[text.myVote]) }) : t(m.noVote)}</span>
        {text.myVote ? (
          <button type="button" className="button--small button--secondary" onClick={() => send(null)}>
            {t(m.takeBack)}
          </button>
        ) : null}
      </p>
    </div>
  );
}

/** The four counts of a text (no score: the final vote compares "for" votes). */
export function BallotCounts({ text }: { text: Article }) {
  const { formatMessage: t } = useIntl();
  return (
    <ul className="decisions-counts" aria-label={t(m.counts)}>
      {voteChoices.map((choice) => (
        <li key={choice} data-count={choice}>
          {t(choiceMessages[choice])} <strong>{text.counts[choice]}</strong>
        </li>
      ))}
    </ul>
  );
}

// --- sources ---

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

const sm = {
  type: { id: 'decisions.source.field.type' },
  add: { id: 'decisions.source.add' },
  save: { id: 'decisions.proposal.save' },
  cancel: { id: 'decisions.form.cancel' },
  chooseFrequency: { id: 'decisions.source.chooseFrequency' },
  failed: { id: 'decisions.source.failed' },
  added: { id: 'decisions.source.added' },
  edit: { id: 'decisions.proposal.edit' },
  delete: { id: 'decisions.proposal.delete' },
  deleteTitle: { id: 'decisions.source.deleteTitle' },
  deleted: { id: 'decisions.source.deleted' },
  saved: { id: 'decisions.source.saved' },
};

/** The source form: type-dependent fields, the service's messages shown at each field. */
export function SourceForm({ initial, onSubmit, onCancel, submitLabel }: { initial?: Source; onSubmit: (input: SourceInput) => Promise<void>; onCancel?: () => void; submitLabel: string }) {
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

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setRefusal(null);
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
      if (data?.problems?.length) {
        setProblems(data.problems);
        document.getElementById(`${id}-${data.problems[0]!.field}`)?.focus();
      } else setRefusal(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const input = (field: Field) => {
    const problem = problemOf(field);
    const hint = hints[field];
    const described = [problem ? `${id}-${field}-error` : null, hint ? `${id}-${field}-hint` : null].filter(Boolean).join(' ') || undefined;
    return (
      <div key={field} className={`field${problem ? ' field--invalid' : ''}`}>
        <label htmlFor={`${id}-${field}`}>{t(fieldMessages[field])}</label>
        {field === 'frequency' ? (
          <select id={`${id}-${field}`} value={values[field] ?? ''} aria-invalid={problem ? true : undefined} aria-describedby={described} onChange={(event) => setValues((v) => ({ ...v, [field]: event.target.value }))}>
            <option value="">{t(sm.chooseFrequency)}</option>
            {Object.entries(frequencyMessages).map(([code, message]) => (
              <option key={code} value={code}>
                {t(message)}
              </option>
            ))}
          </select>
        ) : field === 'description' ? (
          <textarea id={`${id}-${field}`} rows={3} value={values[field] ?? ''} aria-invalid={problem ? true : undefined} aria-describedby={described} onChange={(event) => setValues((v) => ({ ...v, [field]: event.target.value }))} />
        ) : (
          <input id={`${id}-${field}`} value={values[field] ?? ''} aria-invalid={problem ? true : undefined} aria-describedby={described} onChange={(event) => setValues((v) => ({ ...v, [field]: event.target.value }))} />
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
        <label htmlFor={`${id}-type`}>{t(sm.type)}</label>
        <select id={`${id}-type`} value={type} onChange={(event) => setType(Number(event.target.value))}>
          {Object.entries(sourceTypeMessages).map(([code, message]) => (
            <option key={code} value={code}>
              {t(message)}
            </option>
          ))}
        </select>
      </div>
      {(fieldsByType[type] ?? []).map(input)}
      {refusal ? (
        <div className="notice notice--error" role="alert">
          <p className="notice__title">{t(sm.failed)}</p>
          <p>{refusal}</p>
        </div>
      ) : null}
      <div className="decisions-actions">
        <button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="button--secondary" onClick={onCancel}>
            {t(sm.cancel)}
          </button>
        ) : null}
      </div>
    </form>
  );
}

/** The sources of an item, each with edit and delete where allowed, and the form to add one. */
export function SourceList({
  sources,
  target,
  canAdd,
  canChange,
  onChanged,
}: {
  sources: Source[];
  target: { kind: 'law' | 'article'; id: string };
  canAdd: boolean;
  canChange: boolean;
  onChanged: () => void;
}) {
  const intl = useIntl();
  const { formatMessage: t } = intl;
  const { toast } = useFeedback();
  const act = useAct();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const headingId = useId();
  if (sources.length === 0 && !canAdd) return null;
  return (
    <section className="decisions-sources" aria-labelledby={headingId}>
      <h4 id={headingId} className="decisions-sources__title">
        {t(m.sources)}
      </h4>
      {sources.length === 0 ? <p className="decisions-muted">{t(m.noSources)}</p> : null}
      <ul className="decisions-sources__list">
        {sources.map((source) => (
          <li key={source.id}>
            {editing === source.id ? (
              <SourceForm
                initial={source}
                submitLabel={t(sm.save)}
                onCancel={() => setEditing(null)}
                onSubmit={async (input) => {
                  await lawsApi.editSource(source.id, input, intl.locale);
                  setEditing(null);
                  toast(t(sm.saved), 'success');
                  onChanged();
                }}
              />
            ) : (
              <>
                <Apa source={source} />
                {canChange ? (
                  <span className="decisions-actions decisions-actions--inline">
                    <button type="button" className="button--small button--secondary" onClick={() => setEditing(source.id)}>
                      {t(sm.edit)}
                    </button>
                    <button
                      type="button"
                      className="button--small button--danger"
                      onClick={() =>
                        void act(
                          async () => {
                            await lawsApi.deleteSource(source.id);
                            toast(t(sm.deleted), 'success');
                            onChanged();
                          },
                          { title: t(sm.deleteTitle), message: source.apa.text, danger: true },
                        )
                      }
                    >
                      {t(sm.delete)}
                    </button>
                  </span>
                ) : null}
              </>
            )}
          </li>
        ))}
      </ul>
      {canAdd ? (
        adding ? (
          <SourceForm
            submitLabel={t(sm.add)}
            onCancel={() => setAdding(false)}
            onSubmit={async (input) => {
              await lawsApi.addSource(target, input, intl.locale);
              setAdding(false);
              toast(t(sm.added), 'success');
              onChanged();
            }}
          />
        ) : (
          <button type="button" className="button--small button--secondary" onClick={() => setAdding(true)}>
            {t(sm.add)}
          </button>
        )
      ) : null}
    </section>
  );
}

/** A small text form (one field) used for group names, articles and amendments. */
export function TextForm({
  label,
  initial = '',
  multiline = false,
  max,
  extra,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  label: string;
  initial?: string;
  multiline?: boolean;
  max: number;
  extra?: ReactNode;
  submitLabel: string;
  onSubmit: (value: string) => Promise<void>;
  onCancel?: () => void;
}) {
  const { formatMessage: t } = useIntl();
  const errorText = useErrorText();
  const id = useId();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (value.trim() === '') {
      setError(t({ id: 'decisions.form.required' }));
      document.getElementById(id)?.focus();
      return;
    }
    if ([...value].length > max) {
      setError(t({ id: 'decisions.form.maxLength' }, { max }));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSubmit(value.trim());
      setValue('');
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="form decisions-form decisions-text-form" noValidate onSubmit={(event) => void submit(event)}>
      {extra}
      <div className={`field${error ? ' field--invalid' : ''}`}>
        <label htmlFor={id}>{label}</label>
        {multiline ? (
          <textarea id={id} rows={4} value={value} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} onChange={(event) => setValue(event.target.value)} />
        ) : (
          <input id={id} value={value} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} onChange={(event) => setValue(event.target.value)} />
        )}
        {error ? (
          <p id={`${id}-error`} className="field__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <div className="decisions-actions">
        <button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="button--secondary" onClick={onCancel}>
            {t(sm.cancel)}
          </button>
        ) : null}
      </div>
    </form>
  );
}
