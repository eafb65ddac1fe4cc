/**
 * The decision screens in a real browser against a stack of its own, once in English
 * and once in French: the current cycle with its countdown and start rule, the proposal form rules,
 * a proposal edited by its author, the form giving way to the next proposal's date, a signal to the moderators
 * behind the confirmation dialog, the category filter, then the vote on proposals by two members
 * (the four choices, taking a vote back, live counts, a decreasing countdown), the proposals board,
 * and the ranked result once the vote has closed. Live figures (docs/live.md): another member's open
 * proposals screen shows a new proposal and its edit, and a voter's screen the other's votes, within
 * seconds and without a single API request.
 *
 * It drives whole cycles, so it runs on a stack of its own: the decisions service with a start rule
 * of 2 verified users and 2 proposals, so each language's cycle leaves the proposals phase as soon as
 * its second proposal arrives (checked every 2 s), a 40 s vote, and creation and final vote short
 * enough that the English cycle is archived before the French one leaves its vote (one cycle per
 * phase).
 */
import { randomBytes } from 'node:crypto';
import type { Browser, Locator, Page, Request } from 'playwright-core';
import type { CycleSummary } from '@civic/contracts';
import { registerVerified, type Account } from '../src/accounts.js';
import { CYCLE_STARTED_BY_TWO, endPhase, phaseSeconds, startOwnStack, type OwnStack } from '../src/own-stack.js';
import { closeSessions, expectDescribedError, expectFocusedInvalid, openAndWaitFor, openSession, waitForHeading, type Session } from '../src/session.js';
import { browserLocales, languages, type Lang } from '../src/languages.js';

let ownStack: OwnStack | null = null;
let baseUrl = '';

/** The longest the test waits for the cycle to move on (the vote to open, then to close). */
const phaseWaitMs = Number(process.env.E2E_DECISIONS_PHASE_WAIT_MS ?? 60_000);

// --- one decisions browser test at a time on the shared cycles (same code in decisions-creation.e2e.test.ts) ---

const texts = {
  en: {
    overviewTitle: 'Decisions',
    proposalsTitle: 'Proposals',
    votingTitle: 'Voting on proposals',
    boardTitle: 'Proposals board',
    identifyTitle: 'Log in or create an account',
    phaseProposals: 'Proposals',
    startRuleProposals: /^Proposals: \d+ \/ 2$/,
    waitingFor: /^Waiting for \d+ more (proposals?|verified citizens?)( and \d+ more verified citizens?)?$/,
    countdownLeft: /^\d+ (days?|h|min|s)( \d+ (h|min|s))* left$/,
    logInToPropose: 'Log in or register',
    title: 'Title',
    description: 'Description',
    category: 'Category',
    filter: 'Filter by category',
    allCategories: 'All categories',
    environment: 'Environment',
    education: 'Education',
    submit: 'Submit my proposal',
    required: 'This field is required',
    min3: 'Minimum 3 characters',
    max256: 'Maximum 256 characters',
    max600: 'Maximum 600 characters',
    created: 'Your proposal has been submitted.',
    proposeAgainOn: /^You have used this week’s proposal\. You can propose again on .+\.$/,
    noneInCategory: 'No proposal in this category.',
    signal: 'Signal to the moderators',
    moreActions: 'More actions',
    signalTitle: 'Signal this proposal to the moderators?',
    signalDone: 'The proposal has been signalled to the moderators.',
    signalled: 'Signalled to the moderators',
    edit: 'Edit',
    save: 'Save',
    saved: 'The proposal has been saved.',
    edited: '(Edited.)',
    delete: 'Delete',
    deleteTitle: 'Delete this proposal?',
    yes: 'Yes',
    no: 'No',
    for: 'For',
    against: 'Against',
    neutral: 'Neutral',
    blank: 'Blank',
    yourVote: (choice: string) => `Your vote: ${choice}.`,
    noVote: 'You have not voted on this proposal.',
    takeBack: 'Take back my vote',
    voteOpen: 'The vote is open',
    voteClosed: 'The vote is closed',
    inVoteColumn: /^In the vote \(\d+\)$/,
    rank: (rank: number) => `Rank ${rank}`,
    results: 'Result of the vote',
    titles: { alice: 'Free public transport on Sundays', bob: 'A school garden in every town' },
    descriptions: {
      alice: 'Buses and trams would be free on Sundays, paid for by a small tax on parking.',
      bob: 'Every town would give its primary school a garden that the pupils grow themselves.',
    },
  },
  fr: {
    overviewTitle: 'Décisions',
    proposalsTitle: 'Propositions',
    votingTitle: 'Vote sur les propositions',
    boardTitle: 'Tableau des propositions',
    identifyTitle: 'Se connecter ou créer un compte',
    phaseProposals: 'Propositions',
    startRuleProposals: /^Propositions\u202f: \d+ \/ 2$/,
    waitingFor: /^Encore (\d+ propositions? (et \d+ citoyens? vérifiés? )?attendue?s?|\d+ citoyens? vérifiés? attendus?)$/,
    countdownLeft: /^il reste \d+ (jours?|h|min|s)( \d+ (h|min|s))*$/,
    logInToPropose: 'Se connecter ou s’inscrire',
    title: 'Titre',
    description: 'Description',
    category: 'Catégorie',
    filter: 'Filtrer par catégorie',
    allCategories: 'Toutes les catégories',
    environment: 'Environnement',
    education: 'Éducation',
    submit: 'Déposer ma proposition',
    required: 'Ce champ est obligatoire',
    min3: '3 caractères minimum',
    max256: '256 caractères maximum',
    max600: '600 caractères maximum',
    created: 'Votre proposition a été déposée.',
    proposeAgainOn: /^Vous avez utilisé votre proposition de la semaine\. Vous pourrez proposer à nouveau le .+\.$/,
    noneInCategory: 'Aucune proposition dans cette catégorie.',
    signal: 'Signaler aux modérateurs',
    moreActions: 'Autres actions',
    signalTitle: 'Signaler cette proposition aux modérateurs\u202f?',
    signalDone: 'La proposition a été signalée aux modérateurs.',
    signalled: 'Signalée aux modérateurs',
    edit: 'Modifier',
    save: 'Enregistrer',
    saved: 'La proposition a été enregistrée.',
    edited: '(Modifiée.)',
    delete: 'Supprimer',
    deleteTitle: 'Supprimer cette proposition\u202f?',
    yes: 'Oui',
    no: 'Non',
    for: 'Pour',
    against: 'Contre',
    neutral: 'Neutre',
    blank: 'Blanc',
    yourVote: (choice: string) => `Votre vote\u202f: ${choice}.`,
    noVote: 'Vous n’avez pas voté sur cette proposition.',
    takeBack: 'Retirer mon vote',
    voteOpen: 'Le vote est ouvert',
    voteClosed: 'Le vote est clos',
    inVoteColumn: /^Au vote \(\d+\)$/,
    rank: (rank: number) => `Rang ${rank}`,
    results: 'Résultat du vote',
    titles: { alice: 'Transports publics gratuits le dimanche', bob: 'Un jardin d’école dans chaque commune' },
    descriptions: {
      alice: 'Les bus et les trams seraient gratuits le dimanche, financés par une petite taxe sur le stationnement.',
      bob: 'Chaque commune donnerait à son école primaire un jardin que les élèves cultivent eux-mêmes.',
    },
  },
} as const;

type Texts = (typeof texts)[Lang];

let browser: Browser;
const run = randomBytes(3).toString('hex');

const newSession = (lang: Lang) => openSession(browser, { locale: browserLocales[lang] }, 10_000);
const go = (page: Page, path: string, title: string) => openAndWaitFor(page, `${baseUrl}${path}`, title);

const field = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: true });
const proposal = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });
const snackbar = (page: Page, text: string) => page.locator('[data-snackbar]', { hasText: text }).waitFor();

/**
 * The API requests a page makes from now on: a live screen reads once, then follows the figures the
 * services push over the page socket (docs/live.md), so it makes none while others act.
 */
function recordApiRequests(page: Page): { urls: string[]; stop(): void } {
  const urls: string[] = [];
  const listener = (request: Request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) urls.push(`${request.method()} ${request.url()}`);
  };
  page.on('request', listener);
  return { urls, stop: () => page.off('request', listener) };
}

/** Resolves once the page has asked its socket to watch a live topic matching `topic` (set up before the page loads). */
function watching(page: Page, topic: RegExp): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) =>
      socket.on('framesent', ({ payload }) => {
        if (typeof payload === 'string' && payload.includes('"live:watch"') && topic.test(payload)) resolve();
      }),
    );
  });
}

/** How soon a pushed figure shows on another member's page. */
const pushedWithinMs = 3000;

/** The seconds a countdown shows (its data-countdown attribute). */
async function secondsLeft(timer: Locator): Promise<number> {
  return Number(await timer.getAttribute('data-countdown'));
}

async function fillProposal(page: Page, t: Texts, input: { title: string; description: string; category: string }) {
  const form = page.locator('form.decisions-form');
  await field(form, t.title).fill(input.title);
  await field(form, t.description).fill(input.description);
  await field(form, t.category).selectOption({ label: input.category });
  await form.getByRole('button', { name: t.submit }).click();
}

async function vote(page: Page, t: Texts, title: string, choice: string): Promise<void> {
  const card = proposal(page, title);
  await card.getByRole('radio', { name: choice, exact: true }).check();
  await card.getByText(t.yourVote(choice), { exact: true }).waitFor();
}

beforeAll(async () => {
  // The vote lasts until the test has looked at it, then the test ends it (DECISIONS_PHASE_CONTROL).
  ownStack = await startOwnStack('e2e_decisions', { ...CYCLE_STARTED_BY_TWO, ...phaseSeconds({ voting: 3600, creation: 10, finalVote: 10 }), DECISIONS_PHASE_CONTROL: 'true' });
  ({ baseUrl, browser } = ownStack);
  // A clear failure when the decisions service does not serve its contract (yet).
  const probe = await fetch(`${baseUrl}/api/decisions`);
  if (!probe.ok) throw new Error(`GET /api/decisions answered ${probe.status}: the decisions service does not serve the contract of packages/contracts/src/decisions.ts`);
}, 120_000);

afterAll(() => ownStack?.stop(), 60_000);

describe.each(languages)('decision screens (%s)', (lang) => {
  const t = texts[lang];
  const account = (name: string): Account => ({
    email: `${name}-${run}-${lang}@example.org`,
    userName: `${name} ${lang} ${run}`,
    password: `${name}-decides-2026`,
    locale: lang,
  });
  const aliceTitle = `${t.titles.alice} ${run}`;
  const bobTitle = `${t.titles.bob} ${run}`;
  let alice: Session;
  let bob: Session;
  let visitor: Session;

  beforeAll(async () => {
    [alice, bob, visitor] = await Promise.all([newSession(lang), newSession(lang), newSession(lang)]);
    await Promise.all([registerVerified(alice.context, ownStack!, account('alice')), registerVerified(bob.context, ownStack!, account('bob'))]);
  }, 60_000);

  afterAll(() => closeSessions([alice, bob, visitor]));

  it('shows the cycle open for proposals with its countdown and start rule, and sends a visitor who wants to propose to /identify', async () => {
    const { page, problems } = visitor;
    await go(page, '/decisions', t.overviewTitle);
    const cycle = page
      .locator('[data-cycle]')
      .filter({ has: page.locator('.decisions-cycle__phase strong', { hasText: new RegExp(`^${t.phaseProposals}$`) }) });
    await cycle.first().waitFor();
    expect(await cycle.count()).toBe(1); // one cycle per phase
    await cycle.getByText(t.startRuleProposals).waitFor();
    // Until its start rule is met, the phase says what it waits for instead of counting down to a
    // deadline that only brings the next check; once met, it counts down.
    const answer = (await (await fetch(`${baseUrl}/api/decisions`)).json()) as { cycles: { phase: string; startRule: { met: boolean } }[] };
    if (answer.cycles.find((each) => each.phase === 'proposals')!.startRule.met) expect(await cycle.getByRole('timer').textContent()).toMatch(/\S/);
    else expect(await cycle.locator('[data-waiting]').textContent()).toMatch(t.waitingFor);

    await go(page, '/decisions/proposals', t.proposalsTitle);
    // The proposal form's link comes first (the chat panel below offers the same way in).
    await page.locator('main').getByRole('link', { name: t.logInToPropose }).first().click();
    // The shell's screen, loaded on demand: a busy machine may take longer than the default wait.
    await page.waitForURL((url) => url.pathname === '/identify', { timeout: 30_000 });
    await page.getByRole('heading', { level: 1, name: t.identifyTitle, exact: true }).waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).searchParams.get('next')).toBe('/decisions/proposals');
    expect(problems).toEqual([]);
  });

  it('checks the proposal form, takes a proposal that its author edits, and then says when its author may propose again', async () => {
    const { page, problems } = alice;
    // Bob keeps the proposals screen open meanwhile: Alice's proposal and her edit are pushed to it.
    const bobsScreen = await bob.context.newPage();
    const bobWatches = watching(bobsScreen, /"cycle:[0-9a-f-]{36}"/);
    // The screen's load: the list, the member's follows, and the chat panel's history once its socket joined the room.
    const loaded = ['/api/users/notifications/follows', '/messages'].map((end) =>
      bobsScreen.waitForResponse((response) => new URL(response.url()).pathname.endsWith(end), { timeout: 20_000 }),
    );
    await go(bobsScreen, '/decisions/proposals', t.proposalsTitle);
    await bobsScreen.locator('section[aria-labelledby="proposals-list"] p[role="status"]').waitFor();
    await Promise.all([bobWatches, ...loaded]);
    const bobsRequests = recordApiRequests(bobsScreen);
    await go(page, '/decisions/proposals', t.proposalsTitle);
    const form = page.locator('form.decisions-form');
    await form.getByRole('button', { name: t.submit }).click();
    expect(await form.getByText(t.required, { exact: true }).count()).toBe(3);
    const title = field(form, t.title);
    await expectFocusedInvalid(title);

    await title.fill('ab');
    await form.getByText(t.min3, { exact: true }).waitFor();
    await form.getByText('2 / 256', { exact: true }).waitFor();
    await title.fill('x'.repeat(257));
    await form.getByText(t.max256, { exact: true }).waitFor();
    await form.getByText('257 / 256', { exact: true }).waitFor();
    const description = field(form, t.description);
    await description.fill('y'.repeat(601));
    await form.getByText(t.max600, { exact: true }).waitFor();
    await form.getByText('601 / 600', { exact: true }).waitFor();
    await expectDescribedError(page, title, t.max256);

    await fillProposal(page, t, { title: aliceTitle, description: t.descriptions.alice, category: t.environment });
    await snackbar(page, t.created);
    const mine = proposal(page, aliceTitle);
    await mine.waitFor();
    await mine.getByText(t.environment, { exact: true }).waitFor();
    // The author edits or deletes it, and does not signal it.
    await mine.getByRole('button', { name: t.edit, exact: true }).waitFor();
    await mine.getByRole('button', { name: t.delete, exact: true }).waitFor();
    // Signal would be under "More actions", which the author does not get at all.
    expect(await mine.getByRole('button', { name: t.moreActions }).count()).toBe(0);
    // One proposal per user and per week: the form gives way to the date of the next one.
    await page.locator('[data-proposal-quota="used"]').getByText(t.proposeAgainOn).waitFor();
    expect(await form.count()).toBe(0);

    // The author edits it in place, and a deletion answered No leaves it.
    await mine.getByRole('button', { name: t.edit, exact: true }).click();
    const editor = page.locator('article form');
    expect(await field(editor, t.title).inputValue()).toBe(aliceTitle);
    await field(editor, t.description).fill(`${t.descriptions.alice} ${t.edited}`);
    await editor.getByRole('button', { name: t.save, exact: true }).click();
    await snackbar(page, t.saved);
    await mine.getByText(`${t.descriptions.alice} ${t.edited}`, { exact: true }).waitFor();
    // On Bob's open screen, without a reload and without a request: the proposal, then its edit.
    await proposal(bobsScreen, aliceTitle).getByText(`${t.descriptions.alice} ${t.edited}`, { exact: true }).waitFor({ timeout: pushedWithinMs });
    bobsRequests.stop();
    expect(bobsRequests.urls).toEqual([]);
    await bobsScreen.close();
    await mine.getByRole('button', { name: t.delete, exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: t.deleteTitle });
    await dialog.getByRole('button', { name: t.no, exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await mine.waitFor();
    expect(problems).toEqual([]);
  }, 30_000);

  it('lets another member signal it to the moderators through the confirmation dialog, filter by category and propose too', async () => {
    const { page, problems } = bob;
    await go(page, '/decisions/proposals', t.proposalsTitle);
    const card = proposal(page, aliceTitle);
    expect(await card.getByRole('button', { name: t.edit, exact: true }).count()).toBe(0);
    // Signal is in the card's "More actions" menu.
    const more = card.getByRole('button', { name: t.moreActions, exact: true });
    const signal = async () => {
      await more.click();
      await card.getByRole('menuitem', { name: t.signal, exact: true }).click();
    };

    // Escape answers No: nothing is signalled, the focus comes back.
    await signal();
    const dialog = page.getByRole('alertdialog', { name: t.signalTitle });
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(t.no);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(t.yes);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(t.no);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await more.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await card.getByText(t.signalled, { exact: true }).count()).toBe(0);

    await signal();
    await dialog.getByRole('button', { name: t.yes, exact: true }).click();
    await snackbar(page, t.signalDone);
    await card.getByText(t.signalled, { exact: true }).waitFor();
    // Nothing left in the menu for Bob once it is signalled.
    await more.waitFor({ state: 'detached' });
    await page.reload();
    await proposal(page, aliceTitle).getByText(t.signalled, { exact: true }).waitFor();

    // The category filter, kept in the address.
    await field(page, t.filter).selectOption({ label: t.education });
    await page.getByText(t.noneInCategory, { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('category')).toBe('education');
    await field(page, t.filter).selectOption({ label: t.allCategories });
    await proposal(page, aliceTitle).waitFor();

    // The second proposal meets the start rule: the cycle moves on to its vote.
    await fillProposal(page, t, { title: bobTitle, description: t.descriptions.bob, category: t.education });
    await snackbar(page, t.created);
    await proposal(page, bobTitle).waitFor();
    expect(problems).toEqual([]);
  }, 30_000);

  it('opens the vote: both members vote with the four choices while the countdown runs, see the live counts, then the ranked result', async () => {
    await Promise.all([alice.page.goto(`${baseUrl}/decisions/voting-on-proposals`), bob.page.goto(`${baseUrl}/decisions/voting-on-proposals`)]);
    await waitForHeading(alice.page, t.votingTitle);
    // The vote opens once the proposals phase is over: the phase change is pushed to the screen.
    for (const { page } of [alice, bob]) {
      await page.getByText(t.voteOpen, { exact: true }).waitFor({ timeout: phaseWaitMs });
      await proposal(page, bobTitle).waitFor();
    }

    // The countdown to the close: readable text, and decreasing.
    const timer = alice.page.getByRole('timer');
    expect(await timer.textContent()).toMatch(t.countdownLeft);
    const start = await secondsLeft(timer);
    expect(start).toBeGreaterThan(0);
    await alice.page.waitForFunction((value) => Number(document.querySelector('[role="timer"]')?.getAttribute('data-countdown')) < value, start);

    // Alice: for her own, against Bob's, then neutral instead.
    await vote(alice.page, t, aliceTitle, t.for);
    await vote(alice.page, t, bobTitle, t.against);
    await vote(alice.page, t, bobTitle, t.neutral);
    expect(await proposal(alice.page, bobTitle).getByRole('radio', { name: t.against, exact: true }).isChecked()).toBe(false);
    // Her header's phases are current: pushed, or read once more after a push that went by while the
    // page loaded (a loaded machine delays its watch). From now on Alice's screen reads nothing: Bob's
    // votes are pushed to it.
    await alice.page.locator('header [data-phase-time="voting"]').waitFor();
    const alicesRequests = recordApiRequests(alice.page);

    // Bob: for Alice's, for his own, takes that back, then blank.
    await vote(bob.page, t, aliceTitle, t.for);
    await vote(bob.page, t, bobTitle, t.for);
    const bobsOwn = proposal(bob.page, bobTitle);
    await bobsOwn.getByRole('button', { name: t.takeBack }).click();
    await bobsOwn.getByText(t.noVote, { exact: true }).waitFor();
    expect(await bobsOwn.getByRole('radio', { checked: true }).count()).toBe(0);
    await vote(bob.page, t, bobTitle, t.blank);

    // Alice's screen shows Bob's votes within seconds, pushed: no request.
    const aliceCard = proposal(alice.page, aliceTitle);
    await aliceCard.locator('[data-key="for"] .ui-bars__value', { hasText: /^2\s/ }).waitFor({ timeout: pushedWithinMs });
    await aliceCard.locator('[data-count="score"] strong', { hasText: /^2$/ }).waitFor({ timeout: pushedWithinMs });
    const bobCard = proposal(alice.page, bobTitle);
    await bobCard.locator('[data-key="blank"] .ui-bars__value', { hasText: /^1\s/ }).waitFor({ timeout: pushedWithinMs });
    await bobCard.locator('[data-key="neutral"] .ui-bars__value', { hasText: /^1\s/ }).waitFor({ timeout: pushedWithinMs });
    alicesRequests.stop();
    expect(alicesRequests.urls).toEqual([]);

    // The proposals board shows both in the vote.
    const board = await bob.context.newPage();
    await go(board, '/kanban/proposals', t.boardTitle);
    const column = board.locator('[data-column="in-vote"]');
    expect(await column.getByRole('heading', { level: 2 }).textContent()).toMatch(t.inVoteColumn);
    await column.getByRole('link', { name: aliceTitle, exact: true }).waitFor();
    await column.getByRole('link', { name: bobTitle, exact: true }).waitFor();
    await board.close();

    // The vote closes: the result with ranks (score 2 before score 0).
    const { cycles } = (await (await fetch(`${baseUrl}/api/decisions`)).json()) as { cycles: CycleSummary[] };
    await endPhase(baseUrl, cycles.find((cycle) => cycle.phase === 'voting')!.id);
    await alice.page.getByText(t.voteClosed, { exact: true }).waitFor({ timeout: phaseWaitMs });
    await proposal(alice.page, aliceTitle).getByText(t.rank(1), { exact: true }).waitFor();
    await proposal(alice.page, bobTitle).getByText(t.rank(2), { exact: true }).waitFor();
    expect(await alice.page.getByRole('radio').count()).toBe(0);

    // The same result on the decision's own page.
    await alice.page.locator('main .decisions-cycle__phase a').click();
    await alice.page.getByRole('heading', { level: 2, name: t.results }).waitFor();
    await proposal(alice.page, aliceTitle).getByText(t.rank(1), { exact: true }).waitFor();
    await proposal(alice.page, bobTitle).getByText(t.rank(2), { exact: true }).waitFor();
    expect(alice.problems).toEqual([]);
    expect(bob.problems).toEqual([]);
  }, 2 * phaseWaitMs + 30_000);
});
