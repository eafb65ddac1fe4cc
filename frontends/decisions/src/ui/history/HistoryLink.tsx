/** The "History" link of a text, beside its title wherever the text is shown. */
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { TextKind } from '@civic/contracts';
import { historyPath } from '../../api/history.js';

const m = {
  history: { id: 'decisions.history.link' },
  historyOf: { id: 'decisions.history.linkOf' },
};

/** `of` names the text for screen readers ("History of Article 3"), since several links read "History". */
export function HistoryLink({ kind, id, of }: { kind: TextKind; id: string; of: string }) {
  const { formatMessage: t } = useIntl();
  return (
    <Link className="decisions-history-link" to={historyPath(kind, id)} aria-label={t(m.historyOf, { of })} data-history={kind}>
      {t(m.history)}
    </Link>
  );
}
