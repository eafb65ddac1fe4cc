import type { ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { useErrorText } from './FeedbackProvider.js';

/** The remote's own messages for the loading and failed-load states. */
export interface StateMessages {
  loading: MessageDescriptor;
  loadError: MessageDescriptor;
  retry: MessageDescriptor;
}

/** Loading, failed-load and empty states of a remote's screens, worded with the remote's messages. */
export function screenStates(messages: StateMessages) {
  function Loading() {
    const { formatMessage: t } = useIntl();
    return (
      <p className="loading" role="status">
        {t(messages.loading)}
      </p>
    );
  }

  /** A failed load: the translated message and a way to try again. */
  function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
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

  function Empty({ title, children }: { title: string; children?: ReactNode }) {
    return (
      <div className="empty-state">
        <p className="empty-state__title">{title}</p>
        {children}
      </div>
    );
  }

  return { Loading, LoadError, Empty };
}
