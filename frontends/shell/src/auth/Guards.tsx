import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Skeleton } from '@civic/frontend-kit/design';
import { Navigate, useLocation } from 'react-router-dom';
import { ErrorMessages } from '@civic/contracts';
import type { ErrorPageState } from '../app/error-page.js';
import { useAuth } from './AuthProvider.js';

/** The placeholder shown while something loads, saying `text` (or the common "Loading…") to screen readers. */
export function Loading({ text }: { text?: string }) {
  const { formatMessage: t } = useIntl();
  return <Skeleton lines={3} label={text ?? t({ id: 'common.loading' })} />;
}

/** The /identify address that brings the visitor back to the current page afterwards. */
export function identifyPath(next: string): string {
  return `/identify?next=${encodeURIComponent(next)}`;
}

/** Members only: a visitor goes to /identify and comes back here after logging in. */
export function RequireUser({ children }: { children: ReactNode }) {
  const { status, user } = useAuth();
  const location = useLocation();
  if (status === 'restoring') return <Loading />;
  if (!user) return <Navigate to={identifyPath(location.pathname + location.search)} replace />;
  return children;
}

/**
 * The user pages other than activity (docs/product.md#screens-and-routes): only the logged-in user
 * whose id is the one in the path; anyone else goes to /error. Decided once the session is restored.
 */
export function RequireOwner({ userId, children }: { userId: string; children: ReactNode }) {
  const { status, user } = useAuth();
  if (status === 'restoring') return <Loading />;
  if (!user || user.id !== userId) {
    const state: ErrorPageState = user
      ? { statusCode: 403, statusMessage: ErrorMessages.unauthorizedAction }
      : { statusCode: 401, statusMessage: ErrorMessages.unauthorized };
    return <Navigate to="/error" replace state={state} />;
  }
  return children;
}
