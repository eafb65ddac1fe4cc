/** What the reader may do with a law itself in the drafting editor. */
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { LawDetail, SessionUser } from '@civic/contracts';
import { lawsApi } from '../api/laws.js';
import { contentPermissions } from '../law-rules.js';
import { useRun, type Reload } from './act.js';
import { useFeedback } from './feedback.js';
import { TitleField } from './form-parts.js';
import { TextForm } from './text-form.js';
import { common } from '../messages.js';

const m = {
  lawActions: { id: 'decisions.law.actions' },
  lawTitle: { id: 'decisions.form.title' },
  lawDescription: { id: 'decisions.form.description' },
  deleteLawTitle: { id: 'decisions.law.deleteTitle' },
  lawSaved: { id: 'decisions.law.saved' },
  lawDeleted: { id: 'decisions.law.deleted' },
  lawSignalModeratorTitle: { id: 'decisions.law.signalModeratorTitle' },
  lawSignalScribeTitle: { id: 'decisions.law.signalScribeTitle' },
  lawSignalDone: { id: 'decisions.law.signalDone' },
  lawSignalScribeDone: { id: 'decisions.law.signalScribeDone' },
  lawPinDone: { id: 'decisions.law.pinDone' },
  lawUnpinDone: { id: 'decisions.law.unpinDone' },
};

/** A change to the law itself that the list of laws must follow (its tab's title, or the law gone). */
export type LawChange = 'edited' | 'deleted';

/**
 * What the reader may do with the law itself: edit its title and description, signal, pin, delete.
 * An edit or a deletion also tells the screen (`onChanged`), whose tabs list the laws by title.
 */
export function LawActions({ law, user, reload, onChanged }: { law: LawDetail; user: SessionUser | null | undefined; reload: Reload; onChanged: (change: LawChange) => void }) {
  const { formatMessage: t } = useIntl();
  const { toast } = useFeedback();
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(law.title);
  const may = contentPermissions(law, law, user);
  const run = useRun(reload);
  const runThenLeave = useRun(() => onChanged('deleted'));
  if (editing) {
    return (
      <TextForm
        label={t(m.lawDescription)}
        initial={law.description}
        multiline
        max={600}
        submitLabel={t(common.save)}
        onCancel={() => setEditing(false)}
        extra={<TitleField label={t(m.lawTitle)} value={title} required onChange={setTitle} />}
        onSubmit={async (description) => {
          await lawsApi.editLaw(law.id, { title: title.trim(), description });
          setEditing(false);
          toast(t(m.lawSaved), 'success');
          reload();
          onChanged('edited');
        }}
      />
    );
  }
  return (
    <div className="decisions-actions" role="group" aria-label={t(m.lawActions)}>
      {may.edit ? (
        <button type="button" className="button--small" onClick={() => setEditing(true)}>
          {t(common.edit)}
        </button>
      ) : null}
      {may.signalScribe && user ? (
        <button type="button" className="button--small button--secondary" onClick={() => run(() => lawsApi.signalLaw(law.id, 'scribe'), t(m.lawSignalScribeDone), { title: t(m.lawSignalScribeTitle), message: law.title })}>
          {t(common.signalScribe)}
        </button>
      ) : null}
      {may.signalModerator ? (
        <button type="button" className="button--small button--secondary" onClick={() => run(() => lawsApi.signalLaw(law.id, 'moderator'), t(m.lawSignalDone), { title: t(m.lawSignalModeratorTitle), message: law.title })}>
          {t(common.signalModerator)}
        </button>
      ) : null}
      {may.pin ? (
        <button type="button" className="button--small button--secondary" onClick={() => run(() => lawsApi.pinLaw(law.id, !law.pin), t(law.pin ? m.lawUnpinDone : m.lawPinDone))}>
          {t(law.pin ? common.unpin : common.pin)}
        </button>
      ) : null}
      {may.remove ? (
        <button
          type="button"
          className="button--small button--danger"
          // The law is gone: the screen moves on to the laws left rather than reloading this one.
          onClick={() => runThenLeave(() => lawsApi.deleteLaw(law.id), t(m.lawDeleted), { title: t(m.deleteLawTitle), message: law.title, danger: true })}
        >
          {t(common.delete)}
        </button>
      ) : null}
    </div>
  );
}
