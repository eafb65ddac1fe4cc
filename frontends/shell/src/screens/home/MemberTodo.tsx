/**
 * The member's to-do list, read as /protected reads it (the same sources and the same `todoItems`
 * rule), shown on /protected and in the home page's "what needs you" block.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { liveTopics, type SessionUser } from '@civic/contracts';
import { useLiveTopic } from '@civic/frontend-kit/live-hooks';
import { ButtonLink, EmptyState } from '@civic/frontend-kit/design';
import { todoApi, electionRoles } from '../../api/todo.js';
import { Loading } from '../../auth/Guards.js';
import { usePhases } from '../../components/Phases.js';
import { phaseChangeReadDelayMs, todoItems, type TodoItem, type TodoSources } from '../../todo/todo.js';

type TodoState = { state: 'loading' } | { state: 'loaded'; items: TodoItem[] } | { state: 'failed' };

async function readSources(user: SessionUser, signal: AbortSignal): Promise<TodoSources> {
  const [voting, finalVote, creation, candidates, votes, elected] = await Promise.all([
    todoApi.votingOnProposals(signal),
    todoApi.laws('final-vote', signal),
    todoApi.laws('creation', signal),
    Promise.all(electionRoles.map((role) => todoApi.candidates(role, signal))),
    todoApi.votesOf(user.id, signal),
    todoApi.elected(signal),
  ]);
  // The list carries no ballots: each law in its final vote is read for the member's own votes.
  const finalVoteLaws = await Promise.all(finalVote.laws.map((law) => todoApi.law(law.id, signal)));
  return { voting, finalVoteLaws, creationLaws: creation.laws, candidates: candidates.flat(), votes, elected };
}

/**
 * The to-do list of the member: read once per visit, after a reconnection of the page socket, and
 * after a phase change (the `phases` topic as the header follows it: a cycle in another phase changes
 * what is to do), then each page after its own random wait of up to 10 s so that the open pages do
 * not all read at the same instant
 * (docs/live.md#elections-topics-and-the-shell). No poll, no read on focus.
 */
export function useTodo(user: SessionUser): { todo: TodoState; reload: () => void } {
  const [todo, setTodo] = useState<TodoState>({ state: 'loading' });
  const controller = useRef<AbortController | null>(null);

  const reload = useCallback(() => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    readSources(user, current.signal).then(
      (sources) => setTodo({ state: 'loaded', items: todoItems(sources, user) }),
      () => {
        // A failed refresh keeps what was shown; only a first read that fails shows the error.
        if (!current.signal.aborted) setTodo((previous) => (previous.state === 'loaded' ? previous : { state: 'failed' }));
      },
    );
  }, [user]);

  const phaseChangeRead = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    reload();
    return () => {
      clearTimeout(phaseChangeRead.current);
      controller.current?.abort();
    };
  }, [reload]);

  // The header's phases follow the `phases` topic; a cycle that moves to another phase (not an
  // extension, which only moves an end) changes what is to do.
  const { phases } = usePhases();
  const phasesKey = phases ? phases.map((phase) => `${phase.cycleId}:${phase.phase}`).join(',') : null;
  const lastPhasesKey = useRef<string | null>(null);
  useEffect(() => {
    if (phasesKey === null) return;
    const before = lastPhasesKey.current;
    lastPhasesKey.current = phasesKey;
    if (before === null || before === phasesKey) return;
    clearTimeout(phaseChangeRead.current);
    phaseChangeRead.current = setTimeout(reload, phaseChangeReadDelayMs());
  }, [phasesKey, reload]);
  // After a reconnection of the page socket an update may have been missed: read again.
  useLiveTopic(liveTopics.phases, () => undefined, reload);

  const retry = useCallback(() => {
    setTodo({ state: 'loading' });
    reload();
  }, [reload]);
  return { todo, reload: retry };
}

function TodoEntry({ item }: { item: TodoItem }) {
  const { formatMessage: t } = useIntl();
  return (
    <li className="todo-item" data-todo-item={item.kind}>
      <Link to={item.to} className="todo-item__link">
        {/* A reminder to stand again counts nothing. */}
        <span className="todo-item__count" aria-hidden="true">
          {item.kind === 'standAgain' ? '↻' : item.count}
        </span>
        <span className="todo-item__text">{t({ id: `protected.item.${item.kind}` }, { count: item.count, title: item.lawTitle ?? '', role: item.role ?? '' })}</span>
      </Link>
    </li>
  );
}

export function Todo({ user }: { user: SessionUser }) {
  const { formatMessage: t } = useIntl();
  const { todo, reload } = useTodo(user);
  if (todo.state === 'loading') return <Loading />;
  if (todo.state === 'failed') {
    return (
      <div className="notice notice--error" role="alert" data-todo="failed">
        <p>{t({ id: 'protected.failed' })}</p>
        <p>
          <button type="button" className="button--secondary" onClick={reload}>
            {t({ id: 'protected.retry' })}
          </button>
        </p>
      </div>
    );
  }
  if (todo.items.length === 0) {
    return (
      <div data-todo="empty">
        <EmptyState title={t({ id: 'protected.empty' })} action={<ButtonLink to="/decisions" variant="secondary">{t({ id: 'protected.decisions' })}</ButtonLink>}>
          <p>{t({ id: 'protected.emptyHint' })}</p>
        </EmptyState>
      </div>
    );
  }
  return (
    <ul className="todo-list" data-todo="list" aria-label={t({ id: 'protected.listLabel' })}>
      {todo.items.map((item) => (
        <TodoEntry key={`${item.kind}:${item.to}`} item={item} />
      ))}
    </ul>
  );
}
