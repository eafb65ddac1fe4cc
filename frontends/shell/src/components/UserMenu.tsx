import { useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router-dom';
import type { SessionUser } from '@civic/contracts';
import { useAuth } from '../auth/AuthProvider.js';
import { useSnackbar } from '../feedback/Snackbar.js';
import { useOnNavigation } from './navigation.js';

export function userPath(user: Pick<SessionUser, 'id' | 'userName'>, page: 'activity' | 'settings' | 'delete-account'): string {
  return `/users/${encodeURIComponent(user.id)}/${encodeURIComponent(user.userName)}/${page}`;
}

/** The account part of the header: log in / register for visitors, the user's menu for members. */
export function UserMenu() {
  const { status, user } = useAuth();
  const { formatMessage: t } = useIntl();
  const { pathname, search } = useLocation();
  if (status === 'restoring') return <div className="user-menu" aria-hidden="true" />;
  if (!user) {
    // Coming back to the current page after logging in, except from the account pages themselves.
    const accountPage = ['/login', '/register', '/identify', '/verify-account', '/password', '/error'].includes(pathname);
    const next = accountPage || pathname === '/' ? '' : `?next=${encodeURIComponent(pathname + search)}`;
    return (
      <ul className="user-menu user-menu--visitor">
        <li>
          <Link to={`/login${next}`}>{t({ id: 'header.login' })}</Link>
        </li>
        <li>
          <Link className="button button--small" to={`/register${next}`}>
            {t({ id: 'header.register' })}
          </Link>
        </li>
      </ul>
    );
  }
  return <MemberMenu user={user} />;
}

function MemberMenu({ user }: { user: SessionUser }) {
  const { formatMessage: t } = useIntl();
  const { logout } = useAuth();
  const snackbar = useSnackbar();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const container = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  useOnNavigation(() => setOpen(false));

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const onLogout = async () => {
    try {
      await logout('/');
      snackbar.show({ message: t({ id: 'header.loggedOut' }), kind: 'success' });
    } catch (error) {
      snackbar.showError(error);
    }
  };

  return (
    <div
      className="user-menu"
      ref={container}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          toggle.current?.focus();
        }
      }}
      onBlur={(event) => {
        if (open && !container.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={toggle}
        type="button"
        className="user-menu__toggle"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t({ id: 'header.userMenu' }, { userName: user.userName })}
        onClick={() => setOpen((value) => !value)}
      >
        {user.userName}
        <span aria-hidden="true" className="user-menu__caret">
          ▾
        </span>
      </button>
      <ul id={menuId} className="user-menu__list" hidden={!open}>
        <li>
          <Link to={userPath(user, 'activity')}>{t({ id: 'header.activity' })}</Link>
        </li>
        <li>
          <Link to={userPath(user, 'settings')}>{t({ id: 'header.settings' })}</Link>
        </li>
        <li>
          <Link to="/notifications">{t({ id: 'header.notificationsShort' })}</Link>
        </li>
        <li>
          <Link to="/protected">{t({ id: 'header.todo' })}</Link>
        </li>
        {user.moderator ? (
          <li className="user-menu__group">
            <span className="user-menu__role">{t({ id: 'header.moderation' })}</span>
            <Link to="/decisions/troll-hunt">{t({ id: 'header.trollHunt' })}</Link>
          </li>
        ) : null}
        <li>
          <button type="button" className="user-menu__logout" onClick={() => void onLogout()}>
            {t({ id: 'header.logout' })}
          </button>
        </li>
      </ul>
    </div>
  );
}
