/** What the reader may do with a law itself in the drafting editor. */
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { LawDetail, SessionUser } from '@civic/contracts';
import { lawsApi } from '../api/laws.js';
import { useRun, type Reload } from './act.js';
import { useFeedback } from './feedback.js';
import type { MenuItem } from '@civic/frontend-kit/design';
import { TitleField } from './FormParts.js';
import { TextForm } from './TextForm.js';
import { common } from '../messages.js';
import { ActionBar } from './drafting/ActionBar.js';

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
        label={t({ id: 'decisions.form.description' })}
        initial={law.description}
        multiline
        max={600}
        // A scribe or a moderator editing someone else's law says why, in the law's history.
        askReason={Boolean(user && user.id !== law.userId)}
        onCancel={() => setEditing(false)}
        extra={<TitleField label={t({ id: 'decisions.form.title' })} value={title} required onChange={setTitle} />}
        onSubmit={async (description, reason) => {
          await lawsApi.editLaw(law.id, { title: title.trim(), description, reason });
          setEditing(false);
          toast(t({ id: 'decisions.law.saved' }), 'success');
          reload();
          onChanged('edited');
        }}
      />
    );
  }
  // One main action (Edit, for who may edit); the others wait in a menu, in the order they had.
  const signal = (to: 'scribe' | 'moderator') => () =>
    run(() => lawsApi.signalLaw(law.id, to), t(to === 'scribe' ? { id: 'decisions.law.signalScribeDone' } : { id: 'decisions.law.signalDone' }), {
      title: t(to === 'scribe' ? { id: 'decisions.law.signalScribeTitle' } : { id: 'decisions.law.signalModeratorTitle' }),
      message: law.title,
    });
  const more: MenuItem[] = [];
  if (may.signalScribe) more.push({ key: 'scribe', label: t(common.signalScribe), onSelect: signal('scribe') });
  if (may.signalModerator) more.push({ key: 'moderator', label: t(common.signalModerator), onSelect: signal('moderator') });
  if (may.pin) {
    const done = law.pin ? { id: 'decisions.law.unpinDone' } : { id: 'decisions.law.pinDone' };
    more.push({ key: 'pin', label: t(law.pin ? common.unpin : common.pin), onSelect: () => run(() => lawsApi.pinLaw(law.id, !law.pin), t(done)) });
  }
  if (may.remove)
    more.push({
      key: 'delete',
      label: t(common.delete),
      danger: true,
      // The law is gone: the screen moves on to the laws left rather than reloading this one.
      onSelect: () =>
        runThenLeave(() => lawsApi.deleteLaw(law.id), t({ id: 'decisions.law.deleted' }), { title: t({ id: 'decisions.law.deleteTitle' }), message: law.title, danger: true }),
    });
  return (
    <ActionBar label={t({ id: 'decisions.law.actions' })} main={may.edit ? { text: t(common.edit), onClick: () => setEditing(true) } : null} more={more} />
  );
}
