import { Component, type ErrorInfo, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Navigate, useLocation } from 'react-router-dom';
import { ErrorMessages } from '@civic/contracts';
import { reloadAfterFailedLoad } from '../app/runtime.js';
import { isChunkLoadError } from '../app/reload-guard.js';
import type { ErrorPageState } from '../app/error-page.js';

interface BoundaryProps {
  pathname: string;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  /** A screen's chunk failed to load and the page is reloading (docs/product.md#shell-behaviour). */
  reloading: boolean;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, reloading: false };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    // A screen's chunk that failed to load (a new deployment removed it): reload once per path in 10 s.
    return { failed: true, reloading: isChunkLoadError(error) && reloadAfterFailedLoad(error) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    if (this.state.reloading) return;
    console.error('Fatal error while rendering', error, info.componentStack);
  }

  override componentDidUpdate(previous: BoundaryProps): void {
    // A navigation (to /error or elsewhere) gives the content a fresh start.
    if (this.state.failed && previous.pathname !== this.props.pathname) {
      this.setState({ failed: false, reloading: false });
    }
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    if (this.state.reloading) return null;
    if (this.props.pathname === '/error') {
      // The error page itself failed: no redirect loop, a plain sentence.
      return (
        <p role="alert">
          <FormattedMessage id="error.unexpectedError" />
        </p>
      );
    }
    const state: ErrorPageState = { statusCode: 500, statusMessage: ErrorMessages.unexpectedError };
    return <Navigate to="/error" replace state={state} />;
  }
}

/** A fatal rendering error sends the user to /error (docs/product.md#shell-behaviour). */
export function FatalErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary pathname={pathname}>{children}</Boundary>;
}
