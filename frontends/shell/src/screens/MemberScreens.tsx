import { useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { SessionUser } from '@civic/contracts';
import { ButtonLink, EmptyState } from '@civic/frontend-kit/design';
import { todoApi, electionRoles } from '../api/todo.js';
import { useAuth } from '../auth/AuthProvider.js';
import { Loading, RequireUser } from '../auth/guards.js';
import { OwnSuspensionNotice } from '../components/SuspensionNotice.js';
import { ListLayout } from '../layouts/index.js';
import { todoItems, type TodoItem, type TodoSources } from '../todo/todo.js';

const protectedPage = {
  title: { id: 'protected.title' },
  intro: { id: 'protected.intro' },
  empty: { id: 'protected.empty' },
  emptyHint: { id: 'protected.emptyHint' },
  decisions: { id: 'protected.decisions' },
  failed: { id: 'protected.failed' },
  retry: { id: 'protected.retry' },
  listLabel: { id: 'protected.listLabel' },
};

/** How often the list is read again while the page is open; it is also read again when the tab regains focus. */
const refreshMs = 30_000;

type TodoState = { state: 'loading' } | { state: 'loaded'; items: TodoItem[] } | { state: 'failed' };

async function readSources(user: SessionUser, signal: AbortSignal): Promise<TodoSources> {
  const [voting, finalVote, creation, candidates, votes] = await Promise.all([
    todoApi.votingOnProposals(signal),
    todoApi.laws('final-vote', signal),
    todoApi.laws('creation', signal),
    Promise.all(electionRoles.map((role) => todoApi.candidates(role, signal))),
    todoApi.votesOf(user.id, signal),
  ]);
  // The list carries no ballots: each law in its final vote is read for the member's own votes.
  const finalVoteLaws = await Promise.all(finalVote.laws.map((law) => todoApi.law(law.id, signal)));
  return { voting, finalVoteLaws, creationLaws: creation.laws, candidates: candidates.flat(), votes };
}

/** The to-do list of the member, kept current: on an interval and whenever the tab comes back to the front. */
function useTodo(user: SessionUser): { todo: TodoState; reload: () => void } {
  const [todo, setTodo] = useState<TodoState>({ state: 'loading' });
  const controller = useRef<AbortController | null>(null);

  const reload = useCallback(() => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    readSources(user, current.signal).then(
      (sources) => setTodo({ state: 'loaded', items: todoItems(sources, user.id) }),
      () => {
        // A failed refresh keeps what was shown; only a first read that fails shows the error.
        if (!current.signal.aborted) setTodo((previous) => (previous.state === 'loaded' ? previous : { state: 'failed' }));
      },
    );
  }, [user]);

  useEffect(() => {
    reload();
    const timer = setInterval(reload, refreshMs);
    const onVisible = () => {
      if (document.visibilityState === 'visible') reload();
    };
    window.addEventListener('focus', reload);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', reload);
      document.removeEventListener('visibilitychange', onVisible);
      controller.current?.abort();
    };
  }, [reload]);

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
        <span className="todo-item__count" aria-hidden="true">
          {item.count}
        </span>
        <span className="todo-item__text">{t({ id: `protected.item.${item.kind}` }, { count: item.count, title: item.lawTitle ?? '' })}</span>
      </Link>
    </li>
  );
}

function Todo({ user }: { user: SessionUser }) {
  const { formatMessage: t } = useIntl();
  const { todo, reload } = useTodo(user);
  if (todo.state === 'loading') return <Loading />;
  if (todo.state === 'failed') {
    return (
      <div className="notice notice--error" role="alert" data-todo="failed">
        <p>{t(protectedPage.failed)}</p>
        <p>
          <button type="button" className="button--secondary" onClick={reload}>
            {t(protectedPage.retry)}
          </button>
        </p>
      </div>
    );
  }
  if (todo.items.length === 0) {
    return (
      <div data-todo="empty">
        <EmptyState title={t(protectedPage.empty)} action={<ButtonLink to="/decisions" variant="secondary">{t(protectedPage.decisions)}</ButtonLink>}>
          <p>{t(protectedPage.emptyHint)}</p>
        </EmptyState>
      </div>
    );
  }
  return (
    <ul className="todo-list" data-todo="list" aria-label={t(protectedPage.listLabel)}>
      {todo.items.map((item) => (
        <TodoEntry key={`${item.kind}:${item.to}`} item={item} />
      ))}
    </ul>
  );
}

function MemberTodo() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <>
      <OwnSuspensionNotice />
      <Todo user={user} />
    </>
  );
}

/** /protected: the member's to-do page (docs/product.md#screens-and-routes); visitors go to /identify first. */
export function ProtectedScreen() {
  const { formatMessage: t } = useIntl();
  return (
    <RequireUser>
      <ListLayout title={t(protectedPage.title)} intro={t(protectedPage.intro)}>
        <MemberTodo />
      </ListLayout>
    </RequireUser>
  );
}
