import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { SessionUser } from '@civic/contracts';
import { onSessionRenewed, restoreSession, sameSessionUser } from './api-client.js';

interface Session {
  /** Replaces the known user (after PUT /api/users/{id} answered the updated one). */
  replace: (user: SessionUser | null) => void;
  /** undefined until known. */
  user: SessionUser | null | undefined;
  ensure: () => Promise<SessionUser | null>;
}

const SessionContext = createContext<Session | null>(null);

/**
 * Who the visitor is, asked once the first time a screen of the remote needs it (of the shell when it
 * lends `restore`, else POST /api/login/auth-user), and kept while the remote stays mounted: logging
 * in or out happens on the shell's screens, which unmount the remote.
 */
export function SessionProvider({ restore, children }: { restore?: () => Promise<SessionUser | null>; children: ReactNode }) {
  const [user, setUser] = useState<SessionUser | null | undefined>(undefined);
  const pending = useRef<Promise<SessionUser | null> | null>(null);

  const ensure = useCallback(() => {
    pending.current ??= (restore ?? restoreSession)()
      .catch(() => null)
      .then((found) => {
        setUser(found);
        return found;
      });
    return pending.current;
  }, [restore]);

  // What a renewal forced by a 401 found: a lost session shows the visitor's screens, another user
  // or changed roles replace the user, and the same user changes nothing (so no button moves under
  // the reader's pointer).
  useEffect(
    () =>
      onSessionRenewed((renewed) => {
        setUser((current) => {
          if (sameSessionUser(current, renewed)) return current;
          pending.current = Promise.resolve(renewed);
          return renewed;
        });
      }),
    [],
  );

  const replace = useCallback((next: SessionUser | null) => {
    pending.current = Promise.resolve(next);
    setUser(next);
  }, []);

  const value = useMemo(() => ({ user, ensure, replace }), [user, ensure, replace]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

function useSessionContext(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}

/** The session user (undefined while asking, null for a visitor); asks the first time it is used. */
export function useSession(): SessionUser | null | undefined {
  const { user, ensure } = useSessionContext();
  useEffect(() => {
    void ensure();
  }, [ensure]);
  return user;
}

/** Replaces the session user once a call answered the updated one. */
export function useReplaceSession(): (user: SessionUser | null) => void {
  return useSessionContext().replace;
}

/** The /identify address that comes back to the current screen after logging in or registering. */
export function useIdentifyPath(): string {
  const location = useLocation();
  return `/identify?next=${encodeURIComponent(`${location.pathname}${location.search}`)}`;
}

/**
 * Runs a members-only action with the session user, or sends a visitor to /identify and back
 * (docs/product.md#screens-and-routes). Answers what the action answers, or undefined for a visitor.
 */
export function useMembersOnly() {
  const { ensure } = useSessionContext();
  const navigate = useNavigate();
  const identify = useIdentifyPath();
  return useCallback(
    async <T,>(action: (user: SessionUser) => Promise<T> | T): Promise<T | undefined> => {
      const user = await ensure();
      if (!user) {
        await navigate(identify);
        return undefined;
      }
      return action(user);
    },
    [ensure, navigate, identify],
  );
}
