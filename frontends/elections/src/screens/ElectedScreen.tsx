import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Badge, ButtonLink } from '@civic/frontend-kit/design';
import { liveTopics, type CandidateTo, type ElectionList, type Official } from '@civic/contracts';
import { useLiveTopic } from '@civic/frontend-kit/live-hooks';
import { electionsApi } from '../api/elections.js';
import { useResource } from '@civic/frontend-kit/remote-hooks';
import { roleTitles } from '../messages.js';
import { useShell } from '../RemoteFrame.js';
import { isNotFound, monthChangeDelayMs, roles } from '../rules.js';
import { ElectionCountdown } from '../ui/ElectionCountdown.js';
import { ElectionsNav } from '../ui/ElectionsNav.js';
import { Empty, Pending } from '../ui/States.js';
import { useMonthName } from './OverviewScreen.js';
import { frenchOf } from '@civic/frontend-kit/french';

/** /elections/elected: the officials of the last closed election, by role. */
export function ElectedScreen() {
  const { formatMessage: t } = useIntl();
  const { layouts, NotFound } = useShell();
  const monthName = useMonthName();
  // Read once per visit; the officials change only when an election closes, which the `elections`
  // topic announces: then read again, each page after its own random wait (docs/live.md).
  const elected = useResource('elected', (signal) => electionsApi.elected(signal));
  const { reload } = elected;
  const shownElection = elected.data?.election?.id ?? null;
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(pending.current), []);
  useLiveTopic<ElectionList>(
    liveTopics.elections,
    (update) => {
      if (update.data.elections[0]?.id === shownElection) return;
      clearTimeout(pending.current);
      pending.current = setTimeout(reload, monthChangeDelayMs());
    },
    reload,
  );
  if (isNotFound(elected.error)) return <NotFound />;
  const data = elected.data;
  const byRole: Record<CandidateTo, Official[]> = { 1: data?.moderators ?? [], 2: data?.scribes ?? [], 3: data?.greatWises ?? [] };
  return (
    <layouts.list
      title={t({ id: 'elections.elected.title' })}
      intro={t({ id: 'elections.elected.intro' })}
      toolbar={<ElectionsNav links={[{ to: '/elections', text: t({ id: 'elections.election.back' }) }]} />}
    >
      {elected.loading || !data ? (
        <Pending resource={elected} cards={3} />
      ) : (
        <div className="elections-stack">
          <div className="ui-card ui-card--accent">
            <ElectionCountdown schedule={data.schedule} receivedAt={elected.receivedAt} />
          </div>
          {!data.election ? (
            <Empty title={t({ id: 'elections.elected.none' })}>{t({ id: 'elections.elected.noneHint' })}</Empty>
          ) : (
            <>
              <div className="elections-schedule">
                <p>{t({ id: 'elections.elected.forMonth' }, { month: monthName(data.election.month), votes: monthName(data.election.candidacyMonth), ofVotes: frenchOf(monthName(data.election.candidacyMonth)) })}</p>
                <ButtonLink to={`/elections/${data.election.id}`} variant="secondary">
                  {t({ id: 'elections.elected.results' })}
                </ButtonLink>
              </div>
              {roles.map((role) => {
                const headingId = `elections-officials-${role}`;
                const officials = byRole[role];
                return (
                  <section key={role} className="ui-card" aria-labelledby={headingId} data-role={role}>
                    <h2 id={headingId} className="ui-card__title">
                      {t(roleTitles[role])}
                    </h2>
                    {role === 3 ? <p className="elections-muted">{t({ id: 'elections.elected.greatWiseNote' })}</p> : null}
                    {officials.length === 0 ? (
                      <p className="elections-muted">{t({ id: 'elections.elected.noOfficial' })}</p>
                    ) : (
                      <ul className="elections-officials" aria-labelledby={headingId}>
                        {officials.map((official) => (
                          <li key={official.id} className="elections-official" data-official={official.id}>
                            <strong>{official.userName}</strong> <Badge tone="success">{t({ id: 'elections.elected.votes' }, { count: official.totalVotes })}</Badge>
                          </li>
                        ))}
                      </ul>
                    )}
                  </section>
                );
              })}
            </>
          )}
        </div>
      )}
    </layouts.list>
  );
}
