import { useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { Badge, ResultBars } from '@civic/frontend-kit/design';
import { electionsApi } from '../api/elections.js';
import { useResource } from '@civic/frontend-kit/remote-hooks';
import { roleTitles } from '../messages.js';
import { useShell } from '../RemoteFrame.js';
import { formatDay, isNotFound } from '../rules.js';
import { ElectionsNav } from '../ui/ElectionsNav.js';
import { Pending } from '../ui/States.js';
import { useMonthName } from './OverviewScreen.js';
import { frenchOf } from '@civic/frontend-kit/french';

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
  const title = data ? t({ id: 'elections.election.titleOf' }, { month: monthName(data.candidacyMonth), ofMonth: frenchOf(monthName(data.candidacyMonth)) }) : t({ id: 'elections.election.title' });
  return (
    <layouts.default title={title} intro={t({ id: 'elections.election.intro' })}>
      <ElectionsNav
        links={[
          { to: '/elections', text: t({ id: 'elections.election.back' }) },
          { to: '/elections/elected', text: t({ id: 'elections.overview.toElected' }) },
        ]}
      />
      {election.loading || !data ? (
        <Pending resource={election} cards={3} />
      ) : (
        <div className="elections-stack">
          <p data-election-months="">{t({ id: 'elections.election.months' }, { votes: monthName(data.candidacyMonth), ofVotes: frenchOf(monthName(data.candidacyMonth)), office: monthName(data.month), ofOffice: frenchOf(monthName(data.month)) })}</p>
          <p className="elections-muted">
            {t({ id: 'elections.election.closed' }, { date: formatDay(intl, data.closedAt, { dateStyle: 'long', timeStyle: 'short' }), voters: data.voters, candidates: data.candidates })}
          </p>
          {data.roles.map((role) => {
            const headingId = `elections-result-${role.candidateTo}`;
            return (
              <section key={role.candidateTo} className="ui-card" aria-labelledby={headingId} data-role={role.candidateTo}>
                <h2 id={headingId} className="ui-card__title">
                  {t(roleTitles[role.candidateTo])}
                </h2>
                <p className="elections-muted">{t({ id: 'elections.election.seats' }, { count: role.seats })}</p>
                {role.candidates.length === 0 ? (
                  <p className="elections-muted">{t({ id: 'elections.election.noCandidate' })}</p>
                ) : (
                  <>
                    {/* The +1 votes as bars (never negative, unlike a total); the table gives every figure. */}
                    <ResultBars
                      caption={t({ id: 'elections.election.barsCaption' }, { role: t(roleTitles[role.candidateTo]) })}
                      rows={role.candidates.map((candidate) => ({ key: candidate.userId, label: candidate.userName, value: candidate.votesFor, highlight: candidate.elected }))}
                    />
                    {/* Narrow screens scroll the table, never the page. */}
                    <div className="elections-table-scroll" role="region" aria-labelledby={`${headingId}-details`} tabIndex={0}>
                      <table className="elections-table">
                        <caption id={`${headingId}-details`} className="ui-visually-hidden">
                          {t({ id: 'elections.election.details' }, { role: t(roleTitles[role.candidateTo]) })}
                        </caption>
                        <thead>
                          <tr>
                            <th scope="col" className="elections-number">
                              {t({ id: 'elections.election.rank' })}
                            </th>
                            <th scope="col">{t({ id: 'elections.election.candidate' })}</th>
                            <th scope="col" className="elections-number">
                              {t({ id: 'elections.candidate.total' })}
                            </th>
                            <th scope="col" className="elections-number">
                              {t({ id: 'elections.candidate.for' })}
                            </th>
                            <th scope="col" className="elections-number">
                              {t({ id: 'elections.candidate.against' })}
                            </th>
                            <th scope="col">{t({ id: 'elections.election.outcome' })}</th>
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
                              <td>{candidate.elected ? <Badge tone="success">{t({ id: 'elections.election.elected' })}</Badge> : t({ id: 'elections.election.notElected' })}</td>
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
