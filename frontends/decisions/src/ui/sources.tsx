/** The sources of a law or an article: APA references, pinned first, with the actions allowed. */
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import type { Source } from '@civic/contracts';
import { lawsApi } from '../api/laws.js';
import { useRun } from './act.js';
import { useFeedback } from './feedback.js';
import { FormOpener } from './form-parts.js';
import { SourceForm } from './source-form.js';
import { common } from '../messages.js';

const m = {
  noSources: { id: 'decisions.source.none' },
  add: { id: 'decisions.source.add' },
  added: { id: 'decisions.source.added' },
  deleteTitle: { id: 'decisions.source.deleteTitle' },
  deleted: { id: 'decisions.source.deleted' },
  saved: { id: 'decisions.source.saved' },
  pin: { id: 'decisions.source.pin' },
  unpin: { id: 'decisions.source.unpin' },
  pinDone: { id: 'decisions.source.pinDone' },
  unpinDone: { id: 'decisions.source.unpinDone' },
};

/** A source as its APA reference, italics included. */
export function Apa({ source }: { source: Source }) {
  return (
    <span className="decisions-apa" data-source={source.id}>
      {source.apa.parts.map((part, index) => (part.italic ? <i key={index}>{part.text}</i> : <span key={index}>{part.text}</span>))}
    </span>
  );
}
/** The sources of an item, each with edit and delete where allowed, and the form to add one. */
export function SourceList({
  sources,
  target,
  canAdd,
  canChange,
  canPin = false,
  onChanged,
}: {
  sources: Source[];
  target: { kind: 'law' | 'article'; id: string };
  canAdd: boolean;
  canChange: boolean;
  /** Moderators pin a source to the top of its list. */
  canPin?: boolean;
  onChanged: () => void;
}) {
  const intl = useIntl();
  const { formatMessage: t } = intl;
  const { toast } = useFeedback();
  const run = useRun(onChanged);
  const [editing, setEditing] = useState<string | null>(null);
  const headingId = useId();
  if (sources.length === 0 && !canAdd) return null;
  return (
    <section className="decisions-sources" aria-labelledby={headingId}>
      <h4 id={headingId} className="decisions-sources__title">
        {t(common.sources)}
      </h4>
      {sources.length === 0 ? <p className="decisions-muted">{t(m.noSources)}</p> : null}
      <ul className="decisions-sources__list">
        {sources.map((source) => (
          <li key={source.id}>
            {editing === source.id ? (
              <SourceForm
                initial={source}
                submitLabel={t(common.save)}
                onCancel={() => setEditing(null)}
                onSubmit={async (input) => {
                  await lawsApi.editSource(source.id, input, intl.locale);
                  setEditing(null);
                  toast(t(m.saved), 'success');
                  onChanged();
                }}
              />
            ) : (
              <>
                <Apa source={source} />
                {source.pin ? <span className="decisions-badge decisions-badge--pin">{t(common.pinned)}</span> : null}
                {canChange || canPin ? (
                  <span className="decisions-actions decisions-actions--inline">
                    {canPin ? (
                      <button
                        type="button"
                        className="button--small button--secondary"
                        aria-pressed={source.pin}
                        onClick={() => run(() => lawsApi.pinSource(source.id, !source.pin, intl.locale), t(source.pin ? m.unpinDone : m.pinDone))}
                      >
                        {t(source.pin ? m.unpin : m.pin)}
                      </button>
                    ) : null}
                    {canChange ? (
                      <>
                        <button type="button" className="button--small button--secondary" onClick={() => setEditing(source.id)}>
                          {t(common.edit)}
                        </button>
                        <button
                          type="button"
                          className="button--small button--danger"
                          onClick={() => run(() => lawsApi.deleteSource(source.id), t(m.deleted), { title: t(m.deleteTitle), message: source.apa.text, danger: true })}
                        >
                          {t(common.delete)}
                        </button>
                      </>
                    ) : null}
                  </span>
                ) : null}
              </>
            )}
          </li>
        ))}
      </ul>
      {canAdd ? (
        <FormOpener
          label={t(m.add)}
          form={(close) => (
            <SourceForm
              submitLabel={t(m.add)}
              onCancel={close}
              onSubmit={async (input) => {
                await lawsApi.addSource(target, input, intl.locale);
                close();
                toast(t(m.added), 'success');
                onChanged();
              }}
            />
          )}
        />
      ) : null}
    </section>
  );
}
