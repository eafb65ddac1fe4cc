import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { useNow, useResource } from '@civic/frontend-kit/remote-hooks';
import { useShell } from '../RemoteFrame.js';
import { useIdentifyPath, useSession } from '@civic/frontend-kit/remote-session';
import { Empty, ListOrEmpty, Loading, Pending, Section } from '../ui/States.js';
import { chatApi } from './api.js';
import { calendarDays, formatRelative, roomPlace } from './moderation.js';
import { SuspensionControl } from './SuspensionControl.js';
import './chat.css';
import { formatDay } from '../dates.js';
import { phaseMessages } from '../messages.js';
import { frenchOf } from '@civic/frontend-kit/french';

/** Where a reported message was written: the phase of its decision, or the law being drafted. */
function RoomLabel({ room }: { room: string }) {
  const { formatMessage: t } = useIntl();
  const place = roomPlace(room);
  const lawRoom = useResource(`chat-room:${place?.kind === 'creation' ? room : ''}`, (signal) => (place?.kind === 'creation' ? chatApi.room(room, signal) : Promise.resolve(null)));
  if (!place) return <span className="chat-badge">{t({ id: 'decisions.chat.trollHunt.unknownRoom' })}</span>;
  if (place.kind === 'creation') {
    const title = lawRoom.data?.title;
    return <span className="chat-badge">{title ? t({ id: 'decisions.chat.trollHunt.lawRoom' }, { title }) : t({ id: 'decisions.chat.trollHunt.someLawRoom' })}</span>;
  }
  return (
    <Link className="chat-badge" to={`/decisions/${encodeURIComponent(place.cycleId)}`}>
      {t({ id: 'decisions.chat.trollHunt.room' }, { phase: t(phaseMessages[place.kind]) })}
    </Link>
  );
}

const refreshMs = 30_000;

/**
 * /decisions/troll-hunt, for moderators: users ranked by the mutes they received since yesterday
 * 00:00, and the chat messages signalled to the moderators (to act on in their room's chat), each
 * with the place it was written and a way to suspend its author or lift their suspension.
 */
export function TrollHuntScreen() {
  const intl = useIntl();
  const { formatMessage: t } = intl;
  const { layouts } = useShell();
  const now = useNow();
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
        {t({ id: 'decisions.chat.trollHunt.moderatorsOnly' })} <Link to={identify}>{t({ id: 'decisions.chat.logIn' })}</Link>
      </p>
    );
  } else if (!moderator) body = <p className="notice">{t({ id: 'decisions.chat.trollHunt.moderatorsOnly' })}</p>;
  else if (!hunt.data) body = <Pending resource={hunt} />;
  else {
    body = (
      <>
        <p className="decisions-muted">
          {t({ id: 'decisions.chat.trollHunt.since' }, {
            day: new Intl.RelativeTimeFormat(intl.locale, { numeric: 'auto' }).format(calendarDays(hunt.data.since, now), 'day'),
            // The zone is named when the reader's clock is elsewhere: the hunt's window is in Paris time.
            time: formatDay(intl, hunt.data.since, { timeStyle: 'short' }),
          })}
        </p>
        {hunt.data.users.length === 0 ? (
          <Empty title={t({ id: 'decisions.chat.trollHunt.none' })} />
        ) : (
          <table className="chat-table" data-troll-hunt="">
            <thead>
              <tr>
                <th scope="col">{t({ id: 'decisions.chat.trollHunt.user' })}</th>
                <th scope="col">{t({ id: 'decisions.chat.trollHunt.mutes' })}</th>
                <th scope="col">{t({ id: 'decisions.chat.trollHunt.moderation' })}</th>
              </tr>
            </thead>
            <tbody>
              {hunt.data.users.map((row) => (
                <tr key={row.userId} data-user={row.userId}>
                  <td>
                    <Link to={`/users/${encodeURIComponent(row.userId)}/${encodeURIComponent(row.userName || '-')}/activity`}>{row.userName || row.userId}</Link>
                  </td>
                  <td>{row.mutes}</td>
                  <td>
                    <div className="chat-message__actions" role="group" aria-label={t({ id: 'decisions.chat.actions' }, { name: row.userName || row.userId, ofName: frenchOf(row.userName || row.userId) })}>
                      <SuspensionControl userId={row.userId} userName={row.userName || row.userId} />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <Section id="chat-signalled" title={t({ id: 'decisions.chat.trollHunt.signalled' })}>
          {signalled.data ? (
            <ListOrEmpty items={signalled.data.messages} empty={t({ id: 'decisions.chat.trollHunt.noSignalled' })} className="chat-list">
              {(message) => (
                <li key={message.id} className="chat-message" data-message={message.id}>
                  <p className="chat-message__meta">
                    <strong>{message.userName}</strong>{' '}
                    <time dateTime={message.createdAt} title={formatDay(intl, message.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}>
                      {formatRelative(message.createdAt, now, intl.locale)}
                    </time>{' '}
                    <RoomLabel room={message.room} />
                  </p>
                  <p className="chat-message__text">{message.text ?? t({ id: 'decisions.chat.hidden' })}</p>
                  {message.userId !== user.id ? (
                    <div className="chat-message__actions" role="group" aria-label={t({ id: 'decisions.chat.actions' }, { name: message.userName, ofName: frenchOf(message.userName) })}>
                      <SuspensionControl userId={message.userId} userName={message.userName} />
                    </div>
                  ) : null}
                </li>
              )}
            </ListOrEmpty>
          ) : (
            <Pending resource={signalled} />
          )}
        </Section>
      </>
    );
  }
  return (
    <layouts.list title={t({ id: 'decisions.chat.trollHunt.title' })} intro={t({ id: 'decisions.chat.trollHunt.intro' })}>
      {body}
    </layouts.list>
  );
}
