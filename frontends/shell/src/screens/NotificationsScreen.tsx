import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { EmptyState } from '@civic/frontend-kit/design';
import type { Alert } from '../api/notifications.js';
import { Loading, RequireUser } from '../auth/Guards.js';
import { useConfirm } from '../feedback/ConfirmModal.js';
import { useSnackbar } from '../feedback/Snackbar.js';
import { ListLayout } from '../layouts/index.js';
import { useNotifications } from '../notifications/NotificationsProvider.js';
import { wordAlert } from '../notifications/wording.js';

const messages = {
  title: { id: 'notifications.title' },
  intro: { id: 'notifications.intro' },
  loading: { id: 'notifications.loading' },
  empty: { id: 'notifications.empty' },
  emptyHint: { id: 'notifications.emptyHint' },
  unreadCount: { id: 'notifications.unreadCount' },
  markAllRead: { id: 'notifications.markAllRead' },
  markRead: { id: 'notifications.markRead' },
  delete: { id: 'notifications.delete' },
  deleteTitle: { id: 'notifications.deleteTitle' },
  deleted: { id: 'notifications.deleted' },
  allRead: { id: 'notifications.allRead' },
  loadOlder: { id: 'notifications.loadOlder' },
  loadingOlder: { id: 'notifications.loadingOlder' },
  noOlder: { id: 'notifications.noOlder' },
  unread: { id: 'notifications.unread' },
  read: { id: 'notifications.read' },
  open: { id: 'notifications.open' },
  listLabel: { id: 'notifications.listLabel' },
};

/** /notifications: the member's alerts, newest first, newer ones prepended live, older ones loaded on scroll. */
export function NotificationsScreen() {
  const { formatMessage: t } = useIntl();
  return (
    <RequireUser>
      <NotificationsList title={t(messages.title)} intro={t(messages.intro)} />
    </RequireUser>
  );
}

function NotificationsList({ title, intro }: { title: string; intro: string }) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const { unread, list, busy, loadFirst, loadOlder, markRead, markAllRead, remove } = useNotifications();
  const confirm = useConfirm();
  const snackbar = useSnackbar();
  const sentinel = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    void loadFirst();
  }, [loadFirst]);

  // Older alerts load when the end of the list scrolls into view (the button does it by keyboard).
  const canLoadOlder = list.loaded && !list.exhausted;
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !canLoadOlder || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void loadOlder();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [canLoadOlder, loadOlder, list.alerts.length]);

  const onMarkAll = async () => {
    if (await markAllRead()) snackbar.show({ message: t(messages.allRead), kind: 'success' });
  };

  const onDelete = async (alert: Alert) => {
    const yes = await confirm({ title: t(messages.deleteTitle), message: wordAlert(intl, alert), danger: true });
    if (!yes) return;
    if (await remove(alert.id)) {
      snackbar.show({ message: t(messages.deleted), kind: 'success' });
      listRef.current?.focus();
    }
  };

  const count = unread ?? list.alerts.filter((alert) => alert.viewed === 0).length;
  const toolbar = (
    <div className="notifications-toolbar">
      <p className="notifications-toolbar__count" role="status" aria-live="polite" data-unread-total={count}>
        {t(messages.unreadCount, { count })}
      </p>
      <button type="button" className="button--secondary" onClick={() => void onMarkAll()} disabled={count === 0 || busy}>
        {t(messages.markAllRead)}
      </button>
    </div>
  );

  return (
    <ListLayout title={title} intro={intro} toolbar={toolbar}>
      {!list.loaded ? (
        <Loading />
      ) : list.alerts.length === 0 ? (
        <div data-notifications="empty">
          <EmptyState title={t(messages.empty)}>
            <p>{t(messages.emptyHint)}</p>
          </EmptyState>
        </div>
      ) : (
        <>
          <ul className="notification-list" aria-label={t(messages.listLabel)} ref={listRef} tabIndex={-1}>
            {list.alerts.map((alert) => (
              <AlertItem key={alert.id} alert={alert} onRead={() => void markRead(alert.id)} onDelete={() => void onDelete(alert)} busy={busy} />
            ))}
          </ul>
          <div ref={sentinel} className="notification-list__end">
            {list.exhausted ? (
              <p className="muted">{t(messages.noOlder)}</p>
            ) : (
              <button type="button" className="button--secondary" onClick={() => void loadOlder()} disabled={busy}>
                {busy ? t(messages.loadingOlder) : t(messages.loadOlder)}
              </button>
            )}
          </div>
        </>
      )}
    </ListLayout>
  );
}

function AlertItem({ alert, onRead, onDelete, busy }: { alert: Alert; onRead: () => void; onDelete: () => void; busy: boolean }) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const text = wordAlert(intl, alert);
  const unread = alert.viewed === 0;
  const textId = `alert-${alert.id}`;
  return (
    <li className={`notification${unread ? ' notification--unread' : ''}`} data-alert-id={alert.id} data-viewed={alert.viewed}>
      <article aria-labelledby={textId}>
        <p className="notification__status">{unread ? t(messages.unread) : t(messages.read)}</p>
        <p className="notification__text" id={textId}>
          {text}
        </p>
        <p className="notification__meta">
          <time dateTime={alert.createdAt}>{intl.formatDate(alert.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}</time>
          {alert.link ? (
            <>
              {' · '}
              <Link to={alert.link} onClick={unread ? onRead : undefined}>
                {t(messages.open)}
              </Link>
            </>
          ) : null}
        </p>
        <div className="notification__actions">
          {unread ? (
            <button type="button" className="button--small button--secondary" onClick={onRead} disabled={busy} aria-describedby={textId}>
              {t(messages.markRead)}
            </button>
          ) : null}
          <button type="button" className="button--small button--secondary" onClick={onDelete} disabled={busy} aria-describedby={textId}>
            {t(messages.delete)}
          </button>
        </div>
      </article>
    </li>
  );
}
