import {
  createContext,
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router-dom';
import type { SessionUser } from '@civic/contracts';
import { onSessionRenewed, sameSessionUser } from '@civic/frontend-kit/api-client';
import { identityApi } from '../api/identity.js';
import { useRequiredContext } from '../app/required-context.js';

export type AuthStatus = 'restoring' | 'ready';

/**
 * Cleared on logout, with the user: votes, notifications, the made-proposal flag
 * (docs/product.md#audience-and-accounts).
 */
export type SessionReset = () => void;

export interface Auth {
  /** 'restoring' until the first POST /api/login/auth-user answers: route guards wait for 'ready'. */
  status: AuthStatus;
  user: SessionUser | null;
  /** POST /api/login; the user is set on success, the ApiError thrown otherwise. */
  login: (email: string, password: string) => Promise<SessionUser>;
  /**
   * Ends the session on the server, then clears the user and everything registered with onReset,
   * going to `to` (default home) in the same render, so that no members-only page sees the user leave.
   */
  logout: (to?: string) => Promise<void>;
  /** Clears the local session without calling the server (the account was deleted), going to `to`. */
  clear: (to?: string) => void;
  /** Sets the user from a call that answers the session user (verification, profile edits). */
  setUser: (user: SessionUser) => void;
  /**
   * The session user once the first restore has answered, then the current one: what a remote asks
   * instead of calling POST /api/login/auth-user a second time (shell-contract ShellServices.session).
   */
  session: () => Promise<SessionUser | null>;
  /** Registers state of another part of the app to clear on logout; returns the unregistration. */
  onReset: (reset: SessionReset) => () => void;
}

const AuthContext = createContext<Auth | null>(null);

/** The session of the whole app: restored once on start, updated by login, logout and profile calls. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<AuthStatus>('restoring');
  const [user, setUserStateOnly] = useState<SessionUser | null>(null);
  // The user and the first restore's end as refs too, for `session`, which remotes call outside renders.
  const userRef = useRef<SessionUser | null>(null);
  const setUserState = useCallback((next: SessionUser | null) => {
    userRef.current = next;
    setUserStateOnly(next);
  }, []);
  const [firstRestore] = useState(() => {
    let resolve = () => undefined as void;
    const promise = new Promise<void>((done) => {
      resolve = done;
    });
    return { promise, resolve };
  });
  const resets = useRef(new Set<SessionReset>());
  // Bumped by every explicit change (login, verification, logout...): a session restore that was
  // already on its way when one happened must not overwrite it with what the server knew before.
  const changes = useRef(0);

  const navigate = useNavigate();
  const resetAll = useCallback(() => {
    changes.current += 1;
    setUserState(null);
    for (const reset of resets.current) {
      try {
        reset();
      } catch (error) {
        console.error('A session reset failed', error);
      }
    }
  }, [setUserState]);

  const clear = useCallback(
    (to?: string) => {
      // One transition for both: the router's location update is a transition, and a user cleared
      // apart from it would let the current page's guard run first (and send the user to /error).
      startTransition(() => {
        if (to !== undefined) navigate(to, { replace: true });
        resetAll();
      });
    },
    [navigate, resetAll],
  );

  useEffect(() => {
    let active = true;
    const changesAtStart = changes.current;
    identityApi
      .restoreSession()
      .then((restored) => {
        if (active && changes.current === changesAtStart) setUserState(restored);
      })
      .catch(() => {
        // No session can be restored (service down): the visitor sees the site logged out.
      })
      .finally(() => {
        if (!active) return;
        setStatus('ready');
        firstRestore.resolve();
      });
    // A renewal that finds the same user keeps the same object, so nothing on screen changes under
    // the reader's pointer; a lost session shows the visitor's screens.
    const unsubscribe = onSessionRenewed((renewed) => {
      if (renewed) {
        changes.current += 1;
        if (!sameSessionUser(userRef.current, renewed)) setUserState(renewed);
      } else resetAll();
    });
    return () => {
      active = false;
      unsubscribe();
    };
  }, [resetAll, setUserState, firstRestore]);

  const login = useCallback(async (email: string, password: string) => {
    const loggedIn = await identityApi.login({ email, password });
    changes.current += 1;
    setUserState(loggedIn);
    setStatus('ready');
    firstRestore.resolve();
    return loggedIn;
  }, [setUserState, firstRestore]);

  const logout = useCallback(
    async (to = '/') => {
      try {
        await identityApi.logout();
      } finally {
        clear(to);
      }
    },
    [clear],
  );

  const setUser = useCallback(
    (next: SessionUser) => {
      changes.current += 1;
      setUserState(next);
      setStatus('ready');
      firstRestore.resolve();
    },
    [setUserState, firstRestore],
  );

  const session = useCallback(() => firstRestore.promise.then(() => userRef.current), [firstRestore]);

  const onReset = useCallback((reset: SessionReset) => {
    resets.current.add(reset);
    return () => {
      resets.current.delete(reset);
    };
  }, []);

  const value = useMemo<Auth>(
    () => ({ status, user, login, logout, clear, setUser, onReset, session }),
    [status, user, login, logout, clear, setUser, onReset, session],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): Auth {
  return useRequiredContext(AuthContext, 'useAuth must be used inside <AuthProvider>');
}

/** Runs `reset` whenever the session is cleared (logout, account deletion, session lost). */
export function useSessionReset(reset: SessionReset): void {
  const { onReset } = useAuth();
  const latest = useRef(reset);
  useEffect(() => {
    latest.current = reset;
  });
  useEffect(() => onReset(() => latest.current()), [onReset]);
}
