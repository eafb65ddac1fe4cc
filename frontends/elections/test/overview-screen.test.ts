/**
 * The elections overview (/elections) in a jsdom document (Testing Library), inside the remote's own
 * frame with a fake shell and a fake gateway: each role lists its candidates with their figures; the
 * vote buttons show as the service's `may` says; a member's +1 shows at once, before the service
 * answers, and stays once saved (the snackbar says so); a refused vote is put back and the snackbar
 * says why.
 */
import { ErrorMessages, type CandidateTo, type CandidateView, type CandidateVote, type ElectionList } from '@civic/contracts';
import type { RemoteRoutesProps, ShellServices } from '@civic/frontend-kit/shell-contract';
import { installDom } from '../../../packages/frontend-kit/test/support/dom.js';
import { sessionUser } from '../../../packages/frontend-kit/test/support/session-user.js';

await installDom('http://localhost/elections');
// The page's socket (docs/live.md): a registry that is already connected and never pushes.
(globalThis as Record<symbol, unknown>)[Symbol.for('civic.page-socket')] = {
  socket: Promise.resolve({ connected: true, emit: () => undefined }),
  watchers: new Map(),
};

const { createElement: h } = await import('react');
const { act, render, screen, within, fireEvent, waitFor } = await import('@testing-library/react');
const { IntlProvider } = await import('react-intl');
const { MemoryRouter, Route } = await import('react-router-dom');
const { RemoteRoutes } = await import('../src/RemoteFrame.js');
const { ElectionsOverviewScreen } = await import('../src/screens/OverviewScreen.js');
const { default: en } = (await import('../src/i18n/en.json', { with: { type: 'json' } })) as { default: Record<string, string> };

const member = sessionUser('66666666-6666-4666-8666-666666666666');
const month = '2026-05-01';
const list: ElectionList = {
  elections: [],
  schedule: {
    serverTime: '2026-05-10T12:00:00.000Z',
    candidacyMonth: month,
    nextElectionAt: '2026-06-01T00:00:00.000Z',
    timeZone: 'UTC',
    seats: { moderators: 2, scribes: 1, greatWises: 1 },
  },
};
const grace: CandidateView = {
  id: '77777777-7777-4777-8777-777777777777',
  userName: 'grace',
  moderator: false,
  scribe: false,
  moderatorCandidateDate: month,
  scribeCandidateDate: null,
  greatWiseCandidateDate: null,
  candidateTo: 1,
  totalVotes: 3,
  votesFor: 4,
  votesAgainst: 1,
  appliedAt: '2026-05-02T09:00:00.000Z',
  may: { vote: true },
};

/** The shell's catalogue, as far as these tests need it: the texts of the errors it translates. */
const shellMessages = { 'error.serviceUnavailable': 'Service unavailable, please try again later' };
/** Lets the work React scheduled after the last check run while the test still owns the document. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The gateway: the open election, grace standing as moderator (as `listed`), no vote yet; `voted` answers the vote. */
function fakeGateway(voted: (body: CandidateVote) => Promise<Response>, listed: CandidateView = grace) {
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === '/api/elections') return json(list);
    if (url.startsWith('/api/candidates/votes/')) return json([]);
    if (url === '/api/candidates/votes' && init?.method === 'POST') return voted(JSON.parse(String(init.body)) as CandidateVote);
    const role = /^\/api\/candidates\/(\d)$/.exec(url)?.[1];
    if (role) return json(Number(role) === 1 ? [listed] : []);
    return new Response(null, { status: 404 });
  }) as typeof fetch;
}

function renderOverview() {
  const toasts: string[] = [];
  const layout = ({ title, children }: { title: string; children?: unknown }) => h('main', null, h('h1', null, title), children as never);
  const shell = {
    layouts: { default: layout, list: layout, cardsList: layout, profile: layout, singleColumn: layout },
    NotFound: () => h('p', null, 'Not found'),
    services: {
      session: async () => member,
      confirm: async () => true,
      snackbar: { show: ({ message }: { message: string }) => toasts.push(message), showError: (error: unknown) => toasts.push(String(error)) },
    } as unknown as ShellServices,
  } as unknown as RemoteRoutesProps;
  render(
    h(
      IntlProvider,
      { locale: 'en', messages: shellMessages },
      h(MemoryRouter, { initialEntries: ['/elections'] }, h(RemoteRoutes, { shell, fallback: null }, h(Route, { path: '/elections', element: h(ElectionsOverviewScreen) }))),
    ),
  );
  return { toasts };
}

const moderators = () => screen.getByRole('region', { name: en['elections.role.moderators'] });
const figure = (card: HTMLElement, name: 'for' | 'total') => card.querySelector(`[data-figure="${name}"] strong`)!.textContent;

async function graceCard() {
  const card = await screen.findByRole('article', { name: 'grace' });
  return card;
}

describe('the elections overview', () => {
  it('lists each role’s candidates with their figures', async () => {
    fakeGateway(async () => json([]));
    renderOverview();
    expect(await screen.findByRole('heading', { level: 1, name: en['elections.overview.title'] })).toBeTruthy();
    const card = await graceCard();
    expect(figure(card, 'total')).toBe('3');
    expect(figure(card, 'for')).toBe('4');
    expect(within(moderators()).getAllByRole('article')).toHaveLength(1);
    await settle();
  });

  it('offers no vote on a candidate the service says the member may not vote for', async () => {
    fakeGateway(async () => json([]), { ...grace, may: { vote: false } });
    renderOverview();
    const card = await graceCard();
    expect(figure(card, 'total')).toBe('3');
    await settle();
    expect(within(card).queryByRole('group')).toBeNull();
    expect(within(card).queryAllByRole('button')).toEqual([]);
  });

  it('shows a member’s +1 at once, before the service answers, and keeps it once saved', async () => {
    let answer: (response: Response) => void = () => undefined;
    fakeGateway((vote) => {
      expect(vote).toEqual({ vote: 1, candidateId: grace.id, userId: member.id, candidateTo: 1 as CandidateTo });
      return new Promise((resolve) => (answer = resolve));
    });
    const { toasts } = renderOverview();
    const card = await graceCard();
    const plusOne = within(card).getByRole('button', { name: en['elections.vote.for'] });
    await waitFor(() => expect(within(card).getByText(en['elections.vote.none']!)).toBeTruthy());

    fireEvent.click(plusOne);
    await waitFor(() => expect(figure(card, 'for')).toBe('5'));
    expect(figure(card, 'total')).toBe('4');
    expect(plusOne.getAttribute('aria-pressed')).toBe('true');
    expect(toasts).toEqual([]);

    answer(json([{ vote: 1, candidateId: grace.id, userId: member.id, candidateTo: 1 }]));
    await waitFor(() => expect(toasts).toEqual(['Your vote +1 for grace is saved.']));
    expect(figure(card, 'for')).toBe('5');
    expect(within(card).getByText('Your vote: +1.')).toBeTruthy();
    await settle();
  });

  it('puts a refused vote back and says why', async () => {
    fakeGateway(async () => json({ statusCode: 503, statusMessage: ErrorMessages.serviceUnavailable }, 503));
    const { toasts } = renderOverview();
    const card = await graceCard();
    await waitFor(() => expect(within(card).getByText(en['elections.vote.none']!)).toBeTruthy());

    fireEvent.click(within(card).getByRole('button', { name: en['elections.vote.for'] }));
    await waitFor(() => expect(toasts).toEqual([shellMessages['error.serviceUnavailable']]));
    expect(figure(card, 'for')).toBe('4');
    expect(figure(card, 'total')).toBe('3');
    expect(within(card).getByRole('button', { name: en['elections.vote.for'] }).getAttribute('aria-pressed')).toBe('false');
    await settle();
  });
});
