import { useIntl } from 'react-intl';
import { useShell } from '../RemoteFrame.js';

const archive = { title: { id: 'decisions.archive.title' }, intro: { id: 'decisions.archive.intro' } };

/** /archive: the adopted laws. */
export function ArchiveScreen() {
  const { formatMessage: t } = useIntl();
  const { layouts } = useShell();
  return <layouts.list title={t(archive.title)} intro={t(archive.intro)} />;
}

const archivedLaw = {
  title: { id: 'decisions.archivedLaw.title' },
  intro: { id: 'decisions.archivedLaw.intro' },
};

/** /archive/:id: one archived law. */
export function ArchiveLawScreen() {
  const { formatMessage: t } = useIntl();
  const { layouts } = useShell();
  return <layouts.default title={t(archivedLaw.title)} intro={t(archivedLaw.intro)} />;
}
