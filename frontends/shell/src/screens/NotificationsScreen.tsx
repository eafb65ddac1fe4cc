import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { EmptyState, Menu } from '@civic/frontend-kit/design';
import type { Alert } from '../api/notifications.js';
import { Loading, RequireUser } from '../auth/Guards.js';
import { useConfirm } from '../feedback/ConfirmModal.js';
import { useSnackbar } from '../feedback/Snackbar.js';
import { ListLayout } from '../layouts/index.js';
import { useNotifications } from '../notifications/NotificationsProvider.js';
import { wordAlert } from '../notifications/wording.js';
import { alertActions } from './notifications/alert-actions.js';

/** /notifications: the member's alerts, newest first, newer ones prepended live, older ones loaded on scroll. */
export function NotificationsScreen() {
  const { formatMessage: t } = useIntl();
  return (
    <RequireUser>
      <NotificationsList title={t({ id: 'notifications.title' })} intro={t({ id: 'notifications.intro' })} />
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
    if (await markAllRead()) snackbar.show({ message: t({ id: 'notifications.allRead' }), kind: 'success' });
  };

  const onDelete = async (alert: Alert) => {
    const yes = await confirm({ title: t({ id: 'notifications.deleteTitle' }), message: wordAlert(intl, alert), danger: true });
    if (!yes) return;
    if (await remove(alert.id)) {
      snackbar.show({ message: t({ id: 'notifications.deleted' }), kind: 'success' });
      listRef.current?.focus();
    }
  };

  const count = unread ?? list.alerts.filter((alert) => alert.viewed === 0).length;
  const toolbar = (
    <div className="notifications-toolbar">
      <p className="notifications-toolbar__count" role="status" aria-live="polite" data-unread-total={count}>
        {t({ id: 'notifications.unreadCount' }, { count })}
      </p>
      <button type="button" className="button--secondary" onClick={() => void onMarkAll()} disabled={count === 0 || busy}>
        {t({ id: 'notifications.markAllRead' })}
      </button>
    </div>
  );

  return (
    <ListLayout title={title} intro={intro} toolbar={toolbar}>
      {!list.loaded ? (
        <Loading />
      ) : list.alerts.length === 0 ? (
        <div data-notifications="empty">
          <EmptyState title={t({ id: 'notifications.empty' })}>
            <p>{t({ id: 'notifications.emptyHint' })}</p>
          </EmptyState>
        </div>
      ) : (
        <>
          <ul className="notification-list notification-list--compact" aria-label={t({ id: 'notifications.listLabel' })} ref={listRef} tabIndex={-1}>
            {list.alerts.map((alert) => (
              <AlertItem key={alert.id} alert={alert} onRead={() => void markRead(alert.id)} onDelete={() => void onDelete(alert)} busy={busy} />
            ))}
          </ul>
          <div ref={sentinel} className="notification-list__end">
            {list.exhausted ? (
              <p className="muted">{t({ id: 'notifications.noOlder' })}</p>
            ) : (
              <button type="button" className="button--secondary" onClick={() => void loadOlder()} disabled={busy}>
                {busy ? t({ id: 'notifications.loadingOlder' }) : t({ id: 'notifications.loadOlder' })}
              </button>
            )}
          </div>
        </>
      )}
    </ListLayout>
  );
}

/** One alert on one or two lines: its sentence, then its state, time and link, with its actions in one menu. */
function AlertItem({ alert, onRead, onDelete, busy }: { alert: Alert; onRead: () => void; onDelete: () => void; busy: boolean }) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const unread = alert.viewed === 0;
  const textId = `alert-${alert.id}`;
  const actions = alertActions(alert, { markRead: t({ id: 'notifications.markRead' }), delete: t({ id: 'notifications.delete' }) }, { onRead, onDelete }, busy);
  return (
    <li className={`notification${unread ? ' notification--unread' : ''}`} data-alert-id={alert.id} data-viewed={alert.viewed}>
      <article className="notification__row" aria-labelledby={textId}>
        <p className="notification__text" id={textId}>
          {wordAlert(intl, alert)}
        </p>
        <p className="notification__meta">
          <span className="notification__status">{unread ? t({ id: 'notifications.unread' }) : t({ id: 'notifications.read' })}</span>
          {' · '}
          <time dateTime={alert.createdAt}>{intl.formatDate(alert.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}</time>
          {alert.link ? (
            <>
              {' · '}
              <Link to={alert.link} onClick={unread ? onRead : undefined}>
                {t({ id: 'notifications.open' })}
              </Link>
            </>
          ) : null}
        </p>
        {/* Every item's menu is called "Actions": the group names the alert it acts on. */}
        <div className="notification__actions" role="group" aria-labelledby={textId}>
          <Menu label={t({ id: 'notifications.actions' })} items={actions} buttonVariant="secondary" />
        </div>
      </article>
    </li>
  );
}
