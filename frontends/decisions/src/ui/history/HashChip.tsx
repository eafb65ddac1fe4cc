/** A version's or a seal's SHA-256: its first 12 digits, the whole in its title and behind a copy button. */
import { useIntl } from 'react-intl';
import { Button } from '@civic/frontend-kit/design';
import { useFeedback } from '../feedback.js';
import { shortHash } from './versions.js';

/** `of` names what the hash belongs to, for the copy button's accessible name ("version 3"). */
export function HashChip({ hash, of, full = false }: { hash: string; of: string; full?: boolean }) {
  const { formatMessage: t } = useIntl();
  const { toast } = useFeedback();
  const copy = () =>
    navigator.clipboard.writeText(hash).then(
      () => toast(t({ id: 'decisions.history.hashCopied' }), 'success'),
      () => toast(t({ id: 'decisions.history.hashCopyFailed' }), 'error'),
    );
  return (
    <span className="decisions-hash">
      <code className="decisions-code" title={hash} data-hash={hash}>
        {full ? hash : shortHash(hash)}
      </code>
      <Button variant="quiet" size="sm" onClick={() => void copy()} aria-label={t({ id: 'decisions.history.copyHashOf' }, { of })}>
        {t({ id: 'decisions.history.copyHash' })}
      </Button>
    </span>
  );
}
