import { useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { Badge, ResultBars } from '@civic/frontend-kit/design';
import { electionsApi } from '../api/elections.js';
import { useResource } from '@civic/frontend-kit/remote-hooks';
import { roleTitles } from '../messages.js';
import { useShell } from '../RemoteFrame.js';
import { formatDay, isNotFound } from '../rules.js';
import { ElectionsNav } from '../ui/ElectionsNav.js';
import { LoadError, Loading } from '../ui/States.js';
import { useMonthName } from './OverviewScreen.js';

const page = {
  title: { id: 'elections.election.title' },
  titleOf: { id: 'elections.election.titleOf' },
  intro: { id: 'elections.election.intro' },
  closed: { id: 'elections.election.closed' },
  seats: { id: 'elections.election.seats' },
  noCandidate: { id: 'elections.election.noCandidate' },
  rank: { id: 'elections.election.rank' },
  candidate: { id: 'elections.election.candidate' },
  total: { id: 'elections.candidate.total' },
  votesFor: { id: 'elections.candidate.for' },
  votesAgainst: { id: 'elections.candidate.against' },
  outcome: { id: 'elections.election.outcome' },
  elected: { id: 'elections.election.elected' },
  notElected: { id: 'elections.election.notElected' },
  back: { id: 'elections.election.back' },
  barsCaption: { id: 'elections.election.barsCaption' },
  details: { id: 'elections.election.details' },
  toElected: { id: 'elections.overview.toElected' },
};

/** /elections/:id: one closed election's results, role by role, with every candidate's figures. */
export function ElectionScreen() {
  const intl = useIntl();
  const t = intl.formatMessage;
  const { layouts, NotFound } = useShell();
  const { id = '' } = useParams();
  const monthName = useMonthName();
  const election = useResource(`election-${id}`, (signal) => electionsApi.election(id, signal));
  if (isNotFound(election.error)) return <NotFound />;
  const data = election.data;
  const title = data ? t(page.titleOf, { month: monthName(data.month) }) : t(page.title);
  return (
    <layouts.default title={title} intro={t(page.intro)}>
      <ElectionsNav
        links={[
          { to: '/elections', text: t(page.back) },
          { to: '/elections/elected', text: t(page.toElected) },
        ]}
      />
      {election.loading ? (
        <Loading cards={3} />
      ) : !data ? (
        <LoadError error={election.error} onRetry={election.reload} />
      ) : (
        <div className="elections-stack">
          <p className="elections-muted">
            {t(page.closed, { date: formatDay(intl, data.closedAt, { dateStyle: 'long', timeStyle: 'short' }), voters: data.voters, candidates: data.candidates })}
          </p>
          {data.roles.map((role) => {
            const headingId = `elections-result-${role.candidateTo}`;
            return (
              <section key={role.candidateTo} className="ui-card" aria-labelledby={headingId} data-role={role.candidateTo}>
                <h2 id={headingId} className="ui-card__title">
                  {t(roleTitles[role.candidateTo])}
                </h2>
                <p className="elections-muted">{t(page.seats, { count: role.seats })}</p>
                {role.candidates.length === 0 ? (
                  <p className="elections-muted">{t(page.noCandidate)}</p>
                ) : (
                  <>
                    {/* The +1 votes as bars (never negative, unlike a total); the table gives every figure. */}
                    <ResultBars
                      caption={t(page.barsCaption, { role: t(roleTitles[role.candidateTo]) })}
                      rows={role.candidates.map((candidate) => ({ key: candidate.userId, label: candidate.userName, value: candidate.votesFor, highlight: candidate.elected }))}
                    />
                    {/* Narrow screens scroll the table, never the page. */}
                    <div className="elections-table-scroll" role="region" aria-labelledby={`${headingId}-details`} tabIndex={0}>
                      <table className="elections-table">
                        <caption id={`${headingId}-details`} className="ui-visually-hidden">
                          {t(page.details, { role: t(roleTitles[role.candidateTo]) })}
                        </caption>
                        <thead>
                          <tr>
                            <th scope="col" className="elections-number">
                              {t(page.rank)}
                            </th>
                            <th scope="col">{t(page.candidate)}</th>
                            <th scope="col" className="elections-number">
                              {t(page.total)}
                            </th>
                            <th scope="col" className="elections-number">
                              {t(page.votesFor)}
                            </th>
                            <th scope="col" className="elections-number">
                              {t(page.votesAgainst)}
                            </th>
                            <th scope="col">{t(page.outcome)}</th>
                          </tr>
                        </thead>
                        <tbody>
                          {role.candidates.map((candidate) => (
                            <tr key={candidate.userId} data-candidate={candidate.userId}>
                              <td className="elections-number">{candidate.rank}</td>
                              <th scope="row">{candidate.userName}</th>
                              <td className="elections-number">{candidate.totalVotes}</td>
                              <td className="elections-number">{candidate.votesFor}</td>
                              <td className="elections-number">{candidate.votesAgainst}</td>
                              <td>{candidate.elected ? <Badge tone="success">{t(page.elected)}</Badge> : t(page.notElected)}</td>
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    </div>
                  </>
                )}
              </section>
            );
          })}
        </div>
      )}
    </layouts.default>
  );
}
