import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useErrorText } from '@civic/frontend-kit/remote-feedback';

const messages = {
  loading: { id: 'elections.status.loading' },
  loadError: { id: 'elections.status.loadError' },
  retry: { id: 'elections.status.retry' },
};

export function Loading() {
  const { formatMessage: t } = useIntl();
  return (
    <p className="loading" role="status">
      {t(messages.loading)}
    </p>
  );
}

/** A failed load: the translated message and a way to try again. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { formatMessage: t } = useIntl();
  const errorText = useErrorText();
  return (
    <div className="notice notice--error" role="alert">
      <p className="notice__title">{t(messages.loadError)}</p>
      <p>{errorText(error)}</p>
      <button type="button" className="button--secondary" onClick={onRetry}>
        {t(messages.retry)}
      </button>
    </div>
  );
}

export function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty-state">
      <p className="empty-state__title">{title}</p>
      {children}
    </div>
  );
}
