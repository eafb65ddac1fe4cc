import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { useResource } from '@civic/frontend-kit/remote-hooks';
import { useShell } from '../RemoteFrame.js';
import { useIdentifyPath, useSession } from '@civic/frontend-kit/remote-session';
import { Empty, LoadError, Loading } from '../ui/states.js';
import { chatApi } from './api.js';
import { ChatStyles } from './styles.js';

const m = {
  title: { id: 'decisions.chat.trollHunt.title' },
  intro: { id: 'decisions.chat.trollHunt.intro' },
  since: { id: 'decisions.chat.trollHunt.since' },
  user: { id: 'decisions.chat.trollHunt.user' },
  mutes: { id: 'decisions.chat.trollHunt.mutes' },
  none: { id: 'decisions.chat.trollHunt.none' },
  moderatorsOnly: { id: 'decisions.chat.trollHunt.moderatorsOnly' },
  logIn: { id: 'decisions.chat.logIn' },
  signalledTitle: { id: 'decisions.chat.trollHunt.signalled' },
  noSignalled: { id: 'decisions.chat.trollHunt.noSignalled' },
  room: { id: 'decisions.chat.trollHunt.room' },
  hidden: { id: 'decisions.chat.hidden' },
};

const refreshMs = 30_000;

/**
 * /decisions/troll-hunt, for moderators: users ranked by the mutes they received since yesterday
 * 00:00, and the chat messages signalled to the moderators (to act on in their room's chat).
 */
export function TrollHuntScreen() {
  const intl = useIntl();
  const { formatMessage: t } = intl;
  const { layouts } = useShell();
  const user = useSession();
  const identify = useIdentifyPath();
  const moderator = Boolean(user?.moderator);
  const hunt = useResource(`troll-hunt:${moderator}`, (signal) => (moderator ? chatApi.trollHunt(signal) : Promise.resolve(null)), refreshMs);
  const signalled = useResource(`chat-signalled:${moderator}`, (signal) => (moderator ? chatApi.signalled(signal) : Promise.resolve(null)), refreshMs);

  let body;
  if (user === undefined) body = <Loading />;
  else if (user === null) {
    body = (
      <p className="notice">
        {t(m.moderatorsOnly)} <Link to={identify}>{t(m.logIn)}</Link>
      </p>
    );
  } else if (!moderator) body = <p className="notice">{t(m.moderatorsOnly)}</p>;
  else if (hunt.error && !hunt.data) body = <LoadError error={hunt.error} onRetry={hunt.reload} />;
  else if (!hunt.data) body = <Loading />;
  else {
    body = (
      <>
        <p className="decisions-muted">{t(m.since, { since: intl.formatDate(hunt.data.since, { dateStyle: 'full', timeStyle: 'short' }) })}</p>
        {hunt.data.users.length === 0 ? (
          <Empty title={t(m.none)} />
        ) : (
          <table className="chat-table" data-troll-hunt="">
            <thead>
              <tr>
                <th scope="col">{t(m.user)}</th>
                <th scope="col">{t(m.mutes)}</th>
              </tr>
            </thead>
            <tbody>
              {hunt.data.users.map((row) => (
                <tr key={row.userId} data-user={row.userId}>
                  <td>
                    <Link to={`/users/${encodeURIComponent(row.userId)}/${encodeURIComponent(row.userName || '-')}/activity`}>{row.userName || row.userId}</Link>
                  </td>
                  <td>{row.mutes}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <section aria-labelledby="chat-signalled">
          <h2 id="chat-signalled">{t(m.signalledTitle)}</h2>
          {signalled.data ? (
            signalled.data.messages.length === 0 ? (
              <Empty title={t(m.noSignalled)} />
            ) : (
              <ul className="chat-list">
                {signalled.data.messages.map((message) => (
                  <li key={message.id} className="chat-message" data-message={message.id}>
                    <p className="chat-message__meta">
                      <strong>{message.userName}</strong> <time dateTime={message.createdAt}>{intl.formatDate(message.createdAt, { dateStyle: 'short', timeStyle: 'short' })}</time>{' '}
                      <span className="chat-badge">{t(m.room, { room: message.room })}</span>
                    </p>
                    <p className="chat-message__text">{message.text ?? t(m.hidden)}</p>
                  </li>
                ))}
              </ul>
            )
          ) : signalled.error ? (
            <LoadError error={signalled.error} onRetry={signalled.reload} />
          ) : (
            <Loading />
          )}
        </section>
      </>
    );
  }
  return (
    <layouts.list title={t(m.title)} intro={t(m.intro)}>
      <ChatStyles />
      {body}
    </layouts.list>
  );
}
