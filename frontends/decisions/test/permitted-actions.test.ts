/**
 * The decisions screens show an action only when the service's answer allows it (`may`), in a jsdom
 * document driven as a reader would (Testing Library): a proposal card and an article block offer
 * each action whose flag is true and none whose flag is false, whoever the reader is (the screens
 * never work a rule out themselves), and after an action a card shows what the fresh answer allows;
 * a card names its state (a second chance) in both languages.
 */
import { jest } from '@jest/globals';
import type { Article, ArticleMay, LawDetail, LawMay, Proposal, ProposalMay, SessionUser, Source, SourceMay } from '@civic/contracts';
import type { ShellServices } from '@civic/frontend-kit/shell-contract';
import { installDom } from '../../../packages/frontend-kit/test/support/dom.js';
import { sessionUser } from '../../../packages/frontend-kit/test/support/session-user.js';

await installDom('http://localhost/decisions/proposals');
// The edit form's stylesheet is the bundler's to load; jest reads only scripts.
jest.unstable_mockModule('../src/ui/search/search.css', () => ({}));

const { createElement: h, useState } = await import('react');
const { act, render, screen, fireEvent, within, waitFor } = await import('@testing-library/react');
const { IntlProvider } = await import('react-intl');
const { MemoryRouter } = await import('react-router-dom');
const { FeedbackProvider } = await import('@civic/frontend-kit/remote-feedback');
const { SessionProvider } = await import('@civic/frontend-kit/remote-session');
const { ProposalCard } = await import('../src/ui/ProposalCard.js');
const { ArticleBlock } = await import('../src/ui/ArticleBlock.js');
const { default: en } = (await import('../src/i18n/en.json', { with: { type: 'json' } })) as { default: Record<string, string> };
const { default: fr } = (await import('../src/i18n/fr.json', { with: { type: 'json' } })) as { default: Record<string, string> };

type ReactNode = Parameters<typeof render>[0];

const authorId = '11111111-1111-4111-8111-111111111111';
const member = sessionUser('22222222-2222-4222-8222-222222222222');
/** The author, a creator of the law, a moderator and a scribe at once: every role a client-side rule could favour. */
const everyRole = sessionUser(authorId, { moderator: true, scribe: true });

const noProposalAction: ProposalMay = { edit: false, remove: false, resubmit: false, signal: false, pin: false, vote: false };
const noArticleAction: ArticleMay = { edit: false, liveEdit: false, remove: false, amend: false, move: false, addSource: false, signalModerator: false, signalScribe: false, pin: false, vote: false };
const noLawAction: LawMay = { edit: false, remove: false, draft: false, addSource: false, signalModerator: false, signalScribe: false, pin: false };
const noSourceAction: SourceMay = { edit: false, remove: false, pin: false };

const proposal = (may: Partial<ProposalMay>, extra: Partial<Proposal> = {}): Proposal => ({
  id: '33333333-3333-4333-8333-333333333333',
  cycleId: '44444444-4444-4444-8444-444444444444',
  title: 'Free buses',
  description: 'Buses free on Sundays.',
  category: 'transport',
  state: 'submitted',
  userId: authorId,
  userName: 'ada',
  createdAt: '2026-03-01T08:00:00.000Z',
  updatedAt: '2026-03-01T08:00:00.000Z',
  moderationStatus: 0,
  pin: false,
  deletedByModerator: false,
  counts: { for: 0, against: 0, neutral: 0, blank: 0, score: 0 },
  myVote: null,
  rank: null,
  secondChance: false,
  ...extra,
  may: { ...noProposalAction, ...may },
});

const source = (id: string, may: Partial<SourceMay>): Source =>
  ({ id, pin: false, apa: { text: `Source ${id}`, parts: [{ text: `Source ${id}`, italic: false }] }, may: { ...noSourceAction, ...may } }) as unknown as Source;

const article = (may: Partial<ArticleMay>, sources: Source[] = []): Article => ({
  id: '55555555-5555-4555-8555-555555555555',
  lawId: '66666666-6666-4666-8666-666666666666',
  kind: 'article',
  groupId: null,
  parentId: null,
  title: null,
  body: 'Buses are free on Sundays.',
  position: 1,
  userId: authorId,
  userName: 'ada',
  moderationStatus: 1,
  scribeStatus: 1,
  pin: false,
  counts: { for: 0, against: 0, neutral: 0, blank: 0, score: 0 },
  myVote: null,
  result: null,
  sources,
  createdAt: '2026-03-01T08:00:00.000Z',
  updatedAt: '2026-03-01T08:00:00.000Z',
  amendments: [],
  may: { ...noArticleAction, ...may },
});

/** A law in creation whose creator is the author: what a client-side rule would read to offer drafting. */
const law = (articles: Article[]): LawDetail =>
  ({
    id: '66666666-6666-4666-8666-666666666666',
    state: 'creation',
    userId: authorId,
    creators: [{ userId: authorId, userName: 'ada' }],
    articles,
    groups: [],
    sources: [],
    may: noLawAction,
  }) as unknown as LawDetail;

/** The shell's snackbar and modal as the remote receives them: every question answered yes. */
function shellFeedback() {
  const toasts: string[] = [];
  const services = {
    confirm: async () => true,
    snackbar: { show: ({ message }: { message: string }) => toasts.push(message), showError: (error: unknown) => toasts.push(String(error)) },
  } as unknown as ShellServices;
  return { services, toasts };
}

/** Lets the work React scheduled (the session read, the follows list) run while the test still owns the document. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

/** Renders `node` for `user` (in English unless told), once the session is known. */
async function show(node: ReactNode, user: SessionUser | null, { locale, messages } = { locale: 'en', messages: en }) {
  const feedback = shellFeedback();
  render(
    h(
      IntlProvider,
      { locale, messages },
      h(MemoryRouter, { initialEntries: ['/decisions/proposals'] }, h(SessionProvider, { restore: async () => user }, h(FeedbackProvider, { services: feedback.services }, node))),
    ),
  );
  await settle();
  return feedback;
}

/** The answers of the service for the calls a card makes: the follows list, and `answer` for the rest. */
function serviceAnswering(answer: (method: string, url: string) => unknown) {
  const calls: string[] = [];
  const fetchMock = jest.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (url.startsWith('/api/users/notifications/follows')) return Response.json({ follows: [] });
    calls.push(`${method} ${url}`);
    return Response.json(answer(method, url));
  });
  globalThis.fetch = fetchMock;
  return calls;
}

const realFetch = globalThis.fetch;
beforeEach(() => serviceAnswering(() => ({})));
afterEach(async () => {
  await settle();
  globalThis.fetch = realFetch;
});

const label = (key: string) => en[key]!;
const proposalGroup = () => screen.queryByRole('group', { name: label('decisions.proposal.actions').replace('{title}', 'Free buses') });
/** The card's actions: its buttons, then the items of its "More actions" menu (opened to read them, then closed). */
const proposalButtons = () => {
  const group = proposalGroup();
  if (!group) return [];
  const more = within(group).queryByRole('button', { name: label('decisions.drafting.moreActions') });
  const buttons = within(group).getAllByRole('button').filter((button) => button !== more);
  if (!more) return buttons.map((button) => button.textContent);
  fireEvent.click(more);
  const items = within(group).getAllByRole('menuitem');
  fireEvent.click(more);
  return [...buttons, ...items].map((button) => button.textContent);
};
/** Chooses `name` in the card's "More actions" menu. */
const chooseInMenu = (name: string) => {
  fireEvent.click(within(proposalGroup()!).getByRole('button', { name: label('decisions.drafting.moreActions') }));
  fireEvent.click(screen.getByRole('menuitem', { name }));
};

describe('a proposal card', () => {
  const names: [keyof ProposalMay, string][] = [
    ['edit', label('decisions.proposal.edit')],
    ['remove', label('decisions.proposal.delete')],
    ['resubmit', label('decisions.proposal.resubmit')],
    ['signal', label('decisions.proposal.signal')],
    ['pin', label('decisions.proposal.pin')],
  ];

  it.each(names)('offers %s when its flag is true, and nothing else', async (flag, name) => {
    await show(h(ProposalCard, { proposal: proposal({ [flag]: true }), user: member, actions: true }), member);
    expect(proposalButtons()).toEqual([name]);
  });

  it('offers every action the answer allows, even to a member whose roles would not', async () => {
    await show(h(ProposalCard, { proposal: proposal({ edit: true, remove: true, resubmit: true, signal: true, pin: true }), user: member, actions: true }), member);
    expect(proposalButtons()).toEqual(names.map(([, name]) => name));
  });

  it('keeps the author’s actions in sight and signalling and pinning under “More actions”', async () => {
    await show(h(ProposalCard, { proposal: proposal({ edit: true, remove: true, resubmit: true, signal: true, pin: true }), user: member, actions: true }), member);
    expect(within(proposalGroup()!).getAllByRole('button').map((button) => button.textContent)).toEqual([
      label('decisions.proposal.edit'),
      label('decisions.proposal.delete'),
      label('decisions.proposal.resubmit'),
      label('decisions.drafting.moreActions'),
    ]);
  });

  it('offers nothing when every flag is false, even to its author who is also a moderator', async () => {
    await show(h(ProposalCard, { proposal: proposal({}, { moderationStatus: 1 }), user: everyRole, actions: true }), everyRole);
    expect(screen.getByRole('heading', { name: 'Free buses' })).toBeTruthy();
    expect(proposalButtons()).toEqual([]);
  });

  it('shows, after a signal, the actions of the service’s answer rather than those it had', async () => {
    const moderator = sessionUser('77777777-7777-4777-8777-777777777777', { moderator: true });
    const before = proposal({ signal: true });
    const calls = serviceAnswering(() => proposal({ edit: true, remove: true, pin: true }, { moderationStatus: 1 }));
    function Screen() {
      const [shown, setShown] = useState(before);
      return h(ProposalCard, { proposal: shown, user: moderator, actions: true, onChanged: setShown });
    }
    const { toasts } = await show(h(Screen), moderator);
    chooseInMenu(label('decisions.proposal.signal'));
    await waitFor(() => expect(proposalButtons()).toEqual([label('decisions.proposal.edit'), label('decisions.proposal.delete'), label('decisions.proposal.pin')]));
    expect(calls).toEqual([`POST /api/proposals/${before.id}/signal`]);
    expect(toasts).toEqual([label('decisions.proposal.signalDone')]);
    expect(screen.getByText(label('decisions.proposal.signalled'))).toBeTruthy();
  });
});

describe('a proposal card’s state', () => {
  it.each([
    ['en', en, 'Second chance'],
    ['fr', fr, 'Seconde chance'],
  ])('says in %s that a proposal carried into the next cycle has a second chance', async (locale, messages, badge) => {
    await show(h(ProposalCard, { proposal: proposal({}, { state: 'second-chance', rank: 4, secondChance: true }) }), member, { locale, messages });
    expect(screen.getAllByText(badge, { exact: true })).toHaveLength(1);
  });

  it.each([
    ['en', en, 'In the vote', 'Second chance'],
    ['fr', fr, 'Au vote', 'Seconde chance'],
  ])('says in %s, during the next vote, that a carried proposal is in its second chance', async (locale, messages, inVote, badge) => {
    await show(h(ProposalCard, { proposal: proposal({}, { state: 'in-vote', secondChance: true }) }), member, { locale, messages });
    expect(screen.getByText(inVote, { exact: true })).toBeTruthy();
    expect(screen.getByText(badge, { exact: true })).toBeTruthy();
  });

  it('marks no second chance on a proposal in its first vote', async () => {
    await show(h(ProposalCard, { proposal: proposal({}, { state: 'in-vote' }) }), member);
    expect(screen.queryByText('Second chance', { exact: true })).toBeNull();
  });
});

describe('an article block', () => {
  const place = { index: 1, count: 3, move: () => undefined };
  const block = (item: Article, user: SessionUser) => h(ArticleBlock, { law: law([item]), article: item, number: 1, user, reload: () => undefined, place });
  const tools = () => screen.getByRole('group', { name: label('decisions.proposal.actions').replace('{title}', 'Article 1') });
  const menuItems = () => {
    const more = within(tools()).queryByRole('button', { name: label('decisions.drafting.moreActions') });
    if (!more) return [];
    fireEvent.click(more);
    return screen.getAllByRole('menuitem').map((item) => item.textContent);
  };

  it('offers each action its answer allows: edit, the menu, and the form to propose an amendment', async () => {
    const all = { edit: true, remove: true, amend: true, move: true, addSource: true, signalModerator: true, signalScribe: true, pin: true };
    await show(block(article(all), member), member);
    expect(within(tools()).getByRole('button', { name: label('decisions.proposal.edit') })).toBeTruthy();
    expect(screen.getByRole('button', { name: label('decisions.amendment.add') })).toBeTruthy();
    expect(menuItems()).toEqual([
      label('decisions.move.up'),
      label('decisions.move.down'),
      label('decisions.source.add'),
      label('decisions.content.signalScribe'),
      label('decisions.proposal.signal'),
      label('decisions.proposal.pin'),
      label('decisions.proposal.delete'),
    ]);
  });

  it('offers Edit to a creator who may type live without the reasoned edit', async () => {
    await show(block(article({ liveEdit: true }), member), member);
    expect(within(tools()).getByRole('button', { name: label('decisions.proposal.edit') })).toBeTruthy();
  });

  it('offers only the actions whose flag is true', async () => {
    await show(block(article({ signalModerator: true, pin: true }), member), member);
    expect(within(tools()).queryByRole('button', { name: label('decisions.proposal.edit') })).toBeNull();
    expect(screen.queryByRole('button', { name: label('decisions.amendment.add') })).toBeNull();
    expect(menuItems()).toEqual([label('decisions.proposal.signal'), label('decisions.proposal.pin')]);
  });

  it('offers nothing when every flag is false, even to its author, a creator, moderator and scribe of a signalled text', async () => {
    await show(block(article({}), everyRole), everyRole);
    expect(within(tools()).queryAllByRole('button')).toEqual([]);
    expect(screen.queryByRole('button', { name: label('decisions.amendment.add') })).toBeNull();
  });

  it('offers on each source the actions of that source’s own answer', async () => {
    await show(block(article({}, [source('s1', { edit: true }), source('s2', { remove: true, pin: true }), source('s3', {})]), everyRole), everyRole);
    const groups = screen.getAllByRole('group', { name: label('decisions.drafting.sourceActions') });
    // s3 allows nothing: no group of actions for it.
    expect(groups).toHaveLength(2);
    expect(within(groups[0]!).getAllByRole('button').map((button) => button.textContent)).toEqual([label('decisions.proposal.edit')]);
    fireEvent.click(within(groups[1]!).getByRole('button', { name: label('decisions.drafting.moreActions') }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([label('decisions.source.pin'), label('decisions.proposal.delete')]);
  });
});
