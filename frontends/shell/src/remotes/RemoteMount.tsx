import {
  Component,
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type ErrorInfo,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router-dom';
import type { RemoteRoutesProps } from '@civic/frontend-kit/shell-contract';
import { reloadAfterFailedLoad } from '../app/runtime.js';
import { Loading } from '../auth/Guards.js';
import { useShellServices } from '../components/ShellServices.js';
import { DefaultLayout, layouts } from '../layouts/index.js';
import { NotFoundScreen } from '../screens/NotFoundScreen.js';
import type { RemoteName } from './config.js';
import { loadRemoteRoutes } from './registry.js';

type RemoteComponent = LazyExoticComponent<ComponentType<RemoteRoutesProps>>;

interface Loaded {
  component: RemoteComponent;
  failed: boolean;
}

const loaded = new Map<RemoteName, Loaded>();

/**
 * One lazy component per remote, reused across its routes. A failed load is not kept: the next
 * mount (or an explicit retry) tries again with a fresh registration.
 */
function remoteComponent(name: RemoteName, retry: boolean): RemoteComponent {
  const existing = loaded.get(name);
  if (existing && !existing.failed && !retry) return existing.component;
  const forceReload = retry || existing?.failed === true;
  const entry: Loaded = {
    failed: false,
    component: lazy(async () => {
      try {
        return { default: await loadRemoteRoutes(name, forceReload) };
      } catch (error) {
        entry.failed = true;
        // A new deployment may have replaced the remote's files: reload once per path in 10 s
        // (docs/product.md#shell-behaviour); the page keeps its loading state until the reload. Failing again within
        // the 10 s, the unavailable panel shows instead.
        if (!retry && reloadAfterFailedLoad(error)) await new Promise<never>(() => undefined);
        throw error;
      }
    }),
  };
  loaded.set(name, entry);
  return entry.component;
}

/** The name of the section a remote serves (the archive's pages live in the decisions remote). */
const sectionNames = {
  decisions: { id: 'nav.decisions' },
  elections: { id: 'nav.elections' },
  archive: { id: 'nav.archive' },
};

/** The translated "this part is unavailable" panel, in the default layout of the section. */
function RemoteUnavailable({ remote, onRetry, focusRetry }: { remote: RemoteName; onRetry: () => void; focusRetry: boolean }) {
  const { formatMessage: t } = useIntl();
  const { pathname } = useLocation();
  const retryRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusRetry) retryRef.current?.focus();
  }, [focusRetry]);
  const section = sectionNames[pathname.startsWith('/archive') ? 'archive' : remote];
  return (
    <DefaultLayout title={t(section)}>
      <div className="notice notice--warning remote-unavailable" role="alert" data-remote-unavailable={remote}>
        <p className="notice__title">{t({ id: 'remote.unavailable' })}</p>
        <p>{t({ id: 'remote.unavailableHint' })}</p>
        <button type="button" ref={retryRef} onClick={onRetry}>
          {t({ id: 'remote.retry' })}
        </button>
      </div>
    </DefaultLayout>
  );
}

interface BoundaryProps {
  remote: RemoteName;
  attempt: number;
  onRetry: () => void;
  children: ReactNode;
}

class RemoteErrorBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`Remote "${this.props.remote}" is unavailable`, error, info.componentStack);
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    return <RemoteUnavailable remote={this.props.remote} onRetry={this.props.onRetry} focusRetry={this.props.attempt > 0} />;
  }
}

/**
 * The element of the routes a remote serves. It renders the remote's own <Routes>, which match
 * absolute paths (/decisions/..., /kanban/..., /archive/...): this component sits on a pathless
 * route, so the remote's routes are not nested under a path prefix. A failure to load or render the
 * remote stays inside this element: the header, navigation and other routes keep working.
 */
export function RemoteMount({ remote }: { remote: RemoteName }) {
  // Keyed: going from one remote's routes to the other's must not reuse this remote's state.
  return <RemoteMountForRemote key={remote} remote={remote} />;
}

function RemoteMountForRemote({ remote }: { remote: RemoteName }) {
  const { formatMessage: t } = useIntl();
  const [attempt, setAttempt] = useState(0);
  const services = useShellServices();
  const [RemoteRoutes, setRemoteRoutes] = useState<RemoteComponent>(() => remoteComponent(remote, false));
  const retry = useCallback(() => {
    setRemoteRoutes(() => remoteComponent(remote, true));
    setAttempt((count) => count + 1);
  }, [remote]);
  return (
    <RemoteErrorBoundary key={attempt} remote={remote} attempt={attempt} onRetry={retry}>
      <Suspense fallback={<Loading text={t({ id: 'remote.loading' })} />}>
        <RemoteRoutes layouts={layouts} NotFound={NotFoundScreen} services={services} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
