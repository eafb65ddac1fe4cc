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
import { Empty, LoadError, Loading } from '../ui/States.js';
import { useMonthName } from './OverviewScreen.js';

const page = {
  title: { id: 'elections.elected.title' },
  intro: { id: 'elections.elected.intro' },
  none: { id: 'elections.elected.none' },
  noneHint: { id: 'elections.elected.noneHint' },
  forMonth: { id: 'elections.elected.forMonth' },
  results: { id: 'elections.elected.results' },
  noOfficial: { id: 'elections.elected.noOfficial' },
  votes: { id: 'elections.elected.votes' },
  back: { id: 'elections.election.back' },
  greatWiseNote: { id: 'elections.elected.greatWiseNote' },
};

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
      title={t(page.title)}
      intro={t(page.intro)}
      toolbar={<ElectionsNav links={[{ to: '/elections', text: t(page.back) }]} />}
    >
      {elected.loading ? (
        <Loading cards={3} />
      ) : !data ? (
        <LoadError error={elected.error} onRetry={elected.reload} />
      ) : (
        <div className="elections-stack">
          <div className="ui-card ui-card--accent">
            <ElectionCountdown schedule={data.schedule} receivedAt={elected.receivedAt} />
          </div>
          {!data.election ? (
            <Empty title={t(page.none)}>{t(page.noneHint)}</Empty>
          ) : (
            <>
              <div className="elections-schedule">
                <p>{t(page.forMonth, { month: monthName(data.election.month) })}</p>
                <ButtonLink to={`/elections/${data.election.id}`} variant="secondary">
                  {t(page.results)}
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
                    {role === 3 ? <p className="elections-muted">{t(page.greatWiseNote)}</p> : null}
                    {officials.length === 0 ? (
                      <p className="elections-muted">{t(page.noOfficial)}</p>
                    ) : (
                      <ul className="elections-officials" aria-labelledby={headingId}>
                        {officials.map((official) => (
                          <li key={official.id} className="elections-official" data-official={official.id}>
                            <strong>{official.userName}</strong> <Badge tone="success">{t(page.votes, { count: official.totalVotes })}</Badge>
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
