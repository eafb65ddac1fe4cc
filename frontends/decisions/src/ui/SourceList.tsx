/** The sources of a law or an article: APA references, pinned first, each with the actions its answer allows (`source.may`). */
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import type { Source } from '@civic/contracts';
import { lawsApi } from '../api/laws.js';
import { useRun } from './act.js';
import { useFeedback } from './feedback.js';
import { buttonClass, Menu, type MenuItem } from '@civic/frontend-kit/design';
import { drafting } from './drafting/messages.js';
import { FormOpener } from './FormParts.js';
import { SourceForm } from './SourceForm.js';
import { common } from '../messages.js';

/** A source as its APA reference, italics included. */
export function Apa({ source }: { source: Source }) {
  return (
    <span className="decisions-apa" data-source={source.id}>
      {source.apa.parts.map((part, index) => (part.italic ? <i key={index}>{part.text}</i> : <span key={index}>{part.text}</span>))}
    </span>
  );
}
/**
 * The sources of an item, quietly under its text: each with its one main action (Edit, where its
 * `may` allows) and the others (pin, delete) in a menu, and the form to add one (`canAdd`: the
 * item's own `may.addSource`). Given `onAddingChange`, the form opens from outside (an article's
 * menu) and the list shows nothing while it is empty; without it, an "Add a source" button opens
 * the form.
 */
export function SourceList({
  sources,
  target,
  canAdd,
  onChanged,
  adding,
  onAddingChange,
}: {
  sources: Source[];
  target: { kind: 'law' | 'article'; id: string };
  canAdd: boolean;
  onChanged: () => void;
  /** Whether the add form is open, when the caller opens it (with `onAddingChange`). */
  adding?: boolean;
  onAddingChange?: (open: boolean) => void;
}) {
  const intl = useIntl();
  const { formatMessage: t } = intl;
  const { toast } = useFeedback();
  const run = useRun(onChanged);
  const [editing, setEditing] = useState<string | null>(null);
  const headingId = useId();
  const controlled = onAddingChange !== undefined;
  const addOpen = controlled && Boolean(adding) && canAdd;
  if (sources.length === 0 && (controlled ? !addOpen : !canAdd)) return null;

  const addForm = (close: () => void) => (
    <SourceForm
      submitLabel={t({ id: 'decisions.source.add' })}
      onCancel={close}
      onSubmit={async (input) => {
        await lawsApi.addSource(target, input, intl.locale);
        close();
        toast(t({ id: 'decisions.source.added' }), 'success');
        onChanged();
      }}
    />
  );

  const more = (source: Source): MenuItem[] => [
    ...(source.may.pin
      ? [
          {
            key: 'pin',
            label: t(source.pin ? { id: 'decisions.source.unpin' } : { id: 'decisions.source.pin' }),
            onSelect: () => run(() => lawsApi.pinSource(source.id, !source.pin, intl.locale), t(source.pin ? { id: 'decisions.source.unpinDone' } : { id: 'decisions.source.pinDone' })),
          },
        ]
      : []),
    ...(source.may.remove
      ? [
          {
            key: 'delete',
            label: t(common.delete),
            danger: true,
            onSelect: () =>
              run(() => lawsApi.deleteSource(source.id), t({ id: 'decisions.source.deleted' }), { title: t({ id: 'decisions.source.deleteTitle' }), message: source.apa.text, danger: true }),
          },
        ]
      : []),
  ];

  return (
    <section className="decisions-sources drafting-sources" aria-labelledby={headingId}>
      <h4 id={headingId} className="decisions-sources__title">
        {t(common.sources)}
      </h4>
      {sources.length === 0 && !controlled ? <p className="decisions-muted">{t({ id: 'decisions.source.none' })}</p> : null}
      {sources.length > 0 ? (
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
                    toast(t({ id: 'decisions.source.saved' }), 'success');
                    onChanged();
                  }}
                />
              ) : (
                <span className="drafting-source">
                  <Apa source={source} />
                  {source.pin ? <span className="decisions-badge decisions-badge--pin">{t(common.pinned)}</span> : null}
                  {source.may.edit || source.may.remove || source.may.pin ? (
                    <span className="decisions-actions--inline drafting-source__tools" role="group" aria-label={t({ id: 'decisions.drafting.sourceActions' })}>
                      {source.may.edit ? (
                        <button type="button" className={buttonClass('quiet')} onClick={() => setEditing(source.id)}>
                          {t(common.edit)}
                        </button>
                      ) : null}
                      {source.may.remove || source.may.pin ? <Menu label={t(drafting.moreActions)} items={more(source)} /> : null}
                    </span>
                  ) : null}
                </span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {controlled ? (addOpen ? addForm(() => onAddingChange(false)) : null) : canAdd ? <FormOpener label={t({ id: 'decisions.source.add' })} form={addForm} /> : null}
    </section>
  );
}
