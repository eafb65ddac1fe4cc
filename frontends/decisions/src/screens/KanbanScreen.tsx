import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import type { LawSummary } from '@civic/contracts';
import { decisionsApi } from '../api/decisions.js';
import { lawsApi } from '../api/laws.js';
import { lawStateMessages } from '../ui/LawParts.js';
import { useResource } from '@civic/frontend-kit/remote-hooks';
import { categoryMessages, stateMessages } from '../messages.js';
import { useShell } from '../RemoteFrame.js';
import { Empty, LoadError, Loading } from '../ui/states.js';

/** The boards of ARCHITECTURE section 8: /kanban/proposals and /kanban/laws. */
const boards = {
  proposals: {
    title: { id: 'decisions.kanban.proposals.title' },
    intro: { id: 'decisions.kanban.proposals.intro' },
  },
  laws: {
    title: { id: 'decisions.kanban.laws.title' },
    intro: { id: 'decisions.kanban.laws.intro' },
  },
} as const;

const board = {
  empty: { id: 'decisions.kanban.empty' },
  emptyColumn: { id: 'decisions.kanban.emptyColumn' },
  column: { id: 'decisions.kanban.column' },
  rank: { id: 'decisions.proposal.rank' },
  score: { id: 'decisions.vote.score' },
  emptyLaws: { id: 'decisions.kanban.emptyLaws' },
  articles: { id: 'decisions.kanban.articles' },
  voters: { id: 'decisions.law.voters' },
};

function isBoard(type: string | undefined): type is keyof typeof boards {
  return type === 'proposals' || type === 'laws';
}

/** /kanban/proposals: one column per proposal state, each proposal a small card. */
function ProposalsBoard() {
  const { formatMessage: t } = useIntl();
  const { layouts } = useShell();
  const kanban = useResource('kanban:proposals', (signal) => decisionsApi.kanban(signal), 30_000);
  const columns = kanban.data?.columns ?? [];
  const empty = columns.every((column) => column.proposals.length === 0);
  return (
    <layouts.default title={t(boards.proposals.title)} intro={t(boards.proposals.intro)}>
      {!kanban.data ? (
        kanban.loading ? (
          <Loading />
        ) : (
          <LoadError error={kanban.error} onRetry={kanban.reload} />
        )
      ) : empty ? (
        <Empty title={t(board.empty)} />
      ) : (
        <div className="decisions-board">
          {columns.map((column) => (
            <section key={column.state} className="decisions-board__column" aria-labelledby={`column-${column.state}`} data-column={column.state}>
              <h2 id={`column-${column.state}`} className="decisions-board__title">
                {t(board.column, { state: t(stateMessages[column.state]), count: column.proposals.length })}
              </h2>
              {column.proposals.length === 0 ? (
                <p className="decisions-muted">{t(board.emptyColumn)}</p>
              ) : (
                <ul className="decisions-board__cards">
                  {column.proposals.map((proposal) => (
                    <li key={proposal.id} className="decisions-board__card">
                      <h3 className="decisions-board__card-title">
                        <Link to={`/decisions/${encodeURIComponent(proposal.cycleId)}`}>{proposal.title}</Link>
                      </h3>
                      <p className="decisions-muted">
                        {t(categoryMessages[proposal.category])}
                        {proposal.rank !== null ? ` · ${t(board.rank, { rank: proposal.rank })}` : ''}
                        {proposal.state !== 'submitted' ? ` · ${t(board.score)} ${proposal.counts.score}` : ''}
                      </p>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </div>
      )}
    </layouts.default>
  );
}

const lawLink = (law: LawSummary) =>
  law.state === 'creation'
    ? `/decisions/creations?law=${encodeURIComponent(law.id)}`
    : law.state === 'final-vote'
      ? `/decisions/final-vote?law=${encodeURIComponent(law.id)}`
      : `/archive/${encodeURIComponent(law.id)}`;

/** /kanban/laws: drafting, final vote, adopted and rejected, each law a small card. */
function LawsBoard() {
  const { formatMessage: t } = useIntl();
  const { layouts } = useShell();
  const kanban = useResource('kanban:laws', (signal) => lawsApi.kanban(signal), 30_000);
  const columns = kanban.data?.columns ?? [];
  const empty = columns.every((column) => column.laws.length === 0);
  return (
    <layouts.default title={t(boards.laws.title)} intro={t(boards.laws.intro)}>
      {!kanban.data ? (
        kanban.loading ? (
          <Loading />
        ) : (
          <LoadError error={kanban.error} onRetry={kanban.reload} />
        )
      ) : empty ? (
        <Empty title={t(board.emptyLaws)} />
      ) : (
        <div className="decisions-board">
          {columns.map((column) => (
            <section key={column.state} className="decisions-board__column" aria-labelledby={`column-${column.state}`} data-column={column.state}>
              <h2 id={`column-${column.state}`} className="decisions-board__title">
                {t(board.column, { state: t(lawStateMessages[column.state]), count: column.laws.length })}
              </h2>
              {column.laws.length === 0 ? (
                <p className="decisions-muted">{t(board.emptyColumn)}</p>
              ) : (
                <ul className="decisions-board__cards">
                  {column.laws.map((law) => (
                    <li key={law.id} className="decisions-board__card">
                      <h3 className="decisions-board__card-title">
                        <Link to={lawLink(law)}>{law.title}</Link>
                      </h3>
                      <p className="decisions-muted">
                        {t(categoryMessages[law.category])} · {t(board.articles, { count: law.articleCount })}
                        {law.state !== 'creation' ? ` · ${t(board.voters, { count: law.voters })}` : ''}
                      </p>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </div>
      )}
    </layouts.default>
  );
}

/** /kanban/:type: a board by type; an unknown type is a 404. */
export function KanbanScreen() {
  const { NotFound } = useShell();
  const { type } = useParams();
  if (!isBoard(type)) return <NotFound />;
  return type === 'proposals' ? <ProposalsBoard /> : <LawsBoard />;
}
