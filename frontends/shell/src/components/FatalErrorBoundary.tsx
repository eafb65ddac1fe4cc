import { Component, type ErrorInfo, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Navigate, useLocation } from 'react-router-dom';
import { ErrorMessages } from '@civic/contracts';
import type { ErrorPageState } from '../screens/ErrorScreen.js';

interface BoundaryProps {
  pathname: string;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false };

  static getDerivedStateFromError(): BoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Fatal error while rendering', error, info.componentStack);
  }

  override componentDidUpdate(previous: BoundaryProps): void {
    // A navigation (to /error or elsewhere) gives the content a fresh start.
    if (this.state.failed && previous.pathname !== this.props.pathname) {
      this.setState({ failed: false });
    }
  }

  override render() {
    if (!this.state.failed) return this.props.children;
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

/** A fatal rendering error sends the user to /error (SPEC section 2). */
export function FatalErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary pathname={pathname}>{children}</Boundary>;
}
