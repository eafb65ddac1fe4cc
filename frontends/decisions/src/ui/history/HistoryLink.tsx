/** The "History" link of a text, beside its title wherever the text is shown. */
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { TextKind } from '@civic/contracts';
import { historyPath } from '../../api/history.js';

/** What the link hands to the history screen: the text's name where it was read ("Article 3"). */
export interface HistoryLinkState {
  of: string;
}

/**
 * `of` names the text for screen readers ("History of Article 3"), since several links read
 * "History", and heads the history screen it opens (a number is the document's, not the text's).
 */
export function HistoryLink({ kind, id, of }: { kind: TextKind; id: string; of: string }) {
  const { formatMessage: t } = useIntl();
  const state: HistoryLinkState = { of };
  return (
    <Link className="decisions-history-link" to={historyPath(kind, id)} state={state} aria-label={t({ id: 'decisions.history.linkOf' }, { of })} data-history={kind}>
      {t({ id: 'decisions.history.link' })}
    </Link>
  );
}
