/** What the reader may do with a law itself in the drafting editor. */
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { LawDetail, SessionUser } from '@civic/contracts';
import { lawsApi } from '../api/laws.js';
import { useRun, type Reload } from './act.js';
import { useFeedback } from './feedback.js';
import { Button, Menu, type MenuItem } from '@civic/frontend-kit/design';
import { drafting } from './drafting/messages.js';
import { TitleField } from './FormParts.js';
import { TextForm } from './TextForm.js';
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
 * What the reader may do with the law itself, as the service's answer says (`law.may`): edit its
 * title and description (its main action), and from a menu signal, pin, delete.
 * An edit or a deletion also tells the screen (`onChanged`), whose tabs list the laws by title.
 */
export function LawActions({ law, user, reload, onChanged }: { law: LawDetail; user: SessionUser | null | undefined; reload: Reload; onChanged: (change: LawChange) => void }) {
  const { formatMessage: t } = useIntl();
  const { toast } = useFeedback();
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(law.title);
  const may = law.may;
  const run = useRun(reload);
  const runThenLeave = useRun(() => onChanged('deleted'));
  if (editing) {
    return (
      <TextForm
        label={t(m.lawDescription)}
        initial={law.description}
        multiline
        autoFocus
        max={600}
        submitLabel={t(common.save)}
        // A scribe or a moderator editing someone else's law says why, in the law's history.
        askReason={Boolean(user && user.id !== law.userId)}
        onCancel={() => setEditing(false)}
        extra={<TitleField label={t(m.lawTitle)} value={title} required onChange={setTitle} />}
        onSubmit={async (description, reason) => {
          await lawsApi.editLaw(law.id, { title: title.trim(), description, reason });
          setEditing(false);
          toast(t(m.lawSaved), 'success');
          reload();
          onChanged('edited');
        }}
      />
    );
  }
  // One main action (Edit, for who may edit); the others wait in a menu, in the order they had.
  const more: MenuItem[] = [];
  if (may.signalScribe)
    more.push({ key: 'scribe', label: t(common.signalScribe), onSelect: () => run(() => lawsApi.signalLaw(law.id, 'scribe'), t(m.lawSignalScribeDone), { title: t(m.lawSignalScribeTitle), message: law.title }) });
  if (may.signalModerator)
    more.push({ key: 'moderator', label: t(common.signalModerator), onSelect: () => run(() => lawsApi.signalLaw(law.id, 'moderator'), t(m.lawSignalDone), { title: t(m.lawSignalModeratorTitle), message: law.title }) });
  if (may.pin) more.push({ key: 'pin', label: t(law.pin ? common.unpin : common.pin), onSelect: () => run(() => lawsApi.pinLaw(law.id, !law.pin), t(law.pin ? m.lawUnpinDone : m.lawPinDone)) });
  if (may.remove)
    more.push({
      key: 'delete',
      label: t(common.delete),
      danger: true,
      // The law is gone: the screen moves on to the laws left rather than reloading this one.
      onSelect: () => runThenLeave(() => lawsApi.deleteLaw(law.id), t(m.lawDeleted), { title: t(m.deleteLawTitle), message: law.title, danger: true }),
    });
  return (
    <div className="drafting-bar" role="group" aria-label={t(m.lawActions)}>
      {may.edit ? (
        <Button variant="secondary" onClick={() => setEditing(true)}>
          {t(common.edit)}
        </Button>
      ) : null}
      {more.length > 0 ? <Menu label={t(drafting.moreActions)} items={more} /> : null}
    </div>
  );
}
