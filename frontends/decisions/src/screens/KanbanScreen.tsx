import { useEffect, useRef, useState } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import type { CycleProposalsData, DecisionPhase, KanbanColumn, LawKanban } from '@civic/contracts';
import { phasesMoved, useCycleProposals, useCycles, usePhases, withCycleProposals } from '../ui/live.js';
import { decisionsApi } from '../api/decisions.js';
import { lawsApi } from '../api/laws.js';
import { lawPath, lawStateMessages } from '../ui/LawMeta.js';
import { useResource, type Resource } from '@civic/frontend-kit/remote-hooks';
import { categoryMessages, common, stateMessages } from '../messages.js';
import { useShell } from '../RemoteFrame.js';
import { Empty, Pending } from '../ui/States.js';
import './kanban.css';

/** The boards (docs/product.md#screens-and-routes): /kanban/proposals and /kanban/laws. */
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

function isBoard(type: string | undefined): type is keyof typeof boards {
  return type === 'proposals' || type === 'laws';
}

/** What a board shows of one item: its title, where it links to, and a line of details. */
interface BoardCard {
  id: string;
  title: string;
  to: string;
  details: string;
}

/** One column: its state, its translated name and its cards. */
interface BoardColumn {
  state: string;
  label: string;
  cards: BoardCard[];
}

/**
 * A board's frame: its title, loading and error states, the empty board, then one column per state
 * of the service's `columns`, labelled by `label` and listing `cards(column)`.
 */
function Board<C extends { state: string }>({
  kind,
  emptyTitle,
  resource,
  label,
  cards,
}: {
  kind: keyof typeof boards;
  emptyTitle: string;
  resource: Resource<{ columns: C[] }>;
  label: (column: C) => MessageDescriptor;
  cards: (column: C) => BoardCard[];
}) {
  const { formatMessage: t } = useIntl();
  const { layouts } = useShell();
  const columns = (resource.data?.columns ?? []).map((column): BoardColumn => ({ state: column.state, label: t(label(column)), cards: cards(column) }));
  let body;
  if (!resource.data) body = <Pending resource={resource} />;
  else if (columns.every((column) => column.cards.length === 0)) body = <Empty title={emptyTitle} />;
  else body = <BoardColumns columns={columns} />;
  return (
    <layouts.default title={t(boards[kind].title)} intro={t(boards[kind].intro)}>
      {body}
    </layouts.default>
  );
}

/**
 * The columns side by side. Narrower than the board, they scroll sideways a column at a time, and a
 * fade at the edge shows while more columns lie to the right (kanban.css).
 */
function BoardColumns({ columns }: { columns: BoardColumn[] }) {
  const { formatMessage: t } = useIntl();
  const board = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState(false);
  useEffect(() => {
    const element = board.current;
    if (!element) return;
    // One pixel of slack: a zoomed page rounds scrollLeft.
    const update = () => setMore(element.scrollLeft + element.clientWidth < element.scrollWidth - 1);
    update();
    element.addEventListener('scroll', update, { passive: true });
    const resize = new ResizeObserver(update);
    resize.observe(element);
    return () => {
      element.removeEventListener('scroll', update);
      resize.disconnect();
    };
  }, [columns.length]);
  return (
    <div className="kanban" data-more={more || undefined}>
      <div ref={board} className="decisions-board">
        {columns.map((column) => (
          <section key={column.state} className="decisions-board__column" aria-labelledby={`column-${column.state}`} data-column={column.state}>
            <h2 id={`column-${column.state}`} className="decisions-board__title">
              {t({ id: 'decisions.kanban.column' }, { state: column.label, count: column.cards.length })}
            </h2>
            {column.cards.length === 0 ? (
              <p className="decisions-muted">{t({ id: 'decisions.kanban.emptyColumn' })}</p>
            ) : (
              <ul className="decisions-board__cards">
                {column.cards.map((card) => (
                  <li key={card.id} className="decisions-board__card">
                    <h3 className="decisions-board__card-title">
                      <Link to={card.to}>{card.title}</Link>
                    </h3>
                    <p className="decisions-muted">{card.details}</p>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>
      <span className="kanban__fade" aria-hidden="true" />
    </div>
  );
}

/** /kanban/proposals: one column per proposal state, each proposal a small card. */
function ProposalsBoard() {
  const { formatMessage: t } = useIntl();
  const kanban = useResource('kanban:proposals', (signal) => decisionsApi.kanban(signal));
  // Read once, then the proposals of the cycles open for proposals and in their vote pushed
  // (docs/live.md#decisions-topics); a phase change moves cards between columns: read again.
  const cycles = useCycles();
  const inPhase = (phase: DecisionPhase) => cycles.data?.cycles.find((cycle) => cycle.phase === phase)?.id;
  const merge = (pushed: CycleProposalsData) =>
    kanban.merge((current) => ({
      columns: current.columns.map((column) => ({ ...column, proposals: withCycleProposals(column.proposals, pushed, (proposal) => proposal.state === column.state) })),
    }));
  useCycleProposals(inPhase('proposals'), merge);
  useCycleProposals(inPhase('voting'), merge);
  usePhases((pushed) => {
    if (phasesMoved(cycles.data, pushed)) kanban.reload();
  }, kanban.reload);
  const cards = (column: KanbanColumn) =>
    column.proposals.map((proposal) => ({
      id: proposal.id,
      title: proposal.title,
      to: `/decisions/${encodeURIComponent(proposal.cycleId)}`,
      details:
        t(categoryMessages[proposal.category]) +
        (proposal.rank !== null ? ` · ${t(common.rank, { rank: proposal.rank })}` : '') +
        (proposal.secondChance && proposal.state === 'in-vote' ? ` · ${t(stateMessages['second-chance'])}` : '') +
        (proposal.state !== 'submitted' ? ` · ${t(common.score)} ${proposal.counts.score}` : ''),
    }));
  return <Board kind="proposals" emptyTitle={t({ id: 'decisions.kanban.empty' })} resource={kanban} label={(column) => stateMessages[column.state]} cards={cards} />;
}

/** /kanban/laws: drafting, final vote, adopted and rejected, each law a small card. */
function LawsBoard() {
  const { formatMessage: t } = useIntl();
  const kanban = useResource('kanban:laws', (signal) => lawsApi.kanban(signal));
  // Laws change column only when their cycle's phase moves: read again then (and after a reconnection).
  usePhases(kanban.reload, kanban.reload);
  const cards = (column: LawKanban['columns'][number]) =>
    column.laws.map((law) => ({
      id: law.id,
      title: law.title,
      to: lawPath(law),
      details:
        `${t(categoryMessages[law.category])} · ${t({ id: 'decisions.kanban.articles' }, { count: law.articleCount })}` +
        (law.state !== 'creation' ? ` · ${t(common.voters, { count: law.voters })}` : ''),
    }));
  return <Board kind="laws" emptyTitle={t({ id: 'decisions.kanban.emptyLaws' })} resource={kanban} label={(column) => lawStateMessages[column.state]} cards={cards} />;
}

/** /kanban/:type: a board by type; an unknown type is a 404. */
export function KanbanScreen() {
  const { NotFound } = useShell();
  const { type } = useParams();
  if (!isBoard(type)) return <NotFound />;
  return type === 'proposals' ? <ProposalsBoard /> : <LawsBoard />;
}
