/**
 * The election screens in a real browser against the running stack (E2E_BASE_URL), in English and in
 * French: a visitor is sent to /identify for member actions; members stand as candidates through
 * identity (PUT /api/users/{id}) and others vote +1 / −1 for them (a vote replaced, taken back, cast
 * again), with the countdown to the election; then the elections clock moves to the 1st of next month
 * (the stack runs the elections service with ELECTIONS_CLOCK_CONTROL, e2e/src/global-setup.mjs), the
 * monthly election closes, and both languages show the elected officials and the election's results.
 * Also: ids that name no election show the 404 page, standing after the session ended fails with
 * 'No user', the countdown reads as one sentence, French dates write the 1st of a month "1er", and
 * nothing is wider than a 375 px screen.
 * Live figures (docs/live.md): an open elections page shows another member's vote within about two
 * seconds without asking the API; home, /elections and /protected held open make no API request; a
 * phase change moves the header's phase without a request (the to-do page reads again, once).
 * An election sets every official of the platform at once, so this test runs on a stack of its own
 * (with ELECTIONS_CLOCK_CONTROL, and a decision cycle that two proposals start), leaving the shared
 * stack's moderators to the other tests.
 */
import { randomBytes } from 'node:crypto';
import { liveTopics, type CycleSummary, type ElectionSchedule, type Proposal } from '@civic/contracts';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { registerVerified, type Account } from '../src/accounts.js';
import { describeViolations, seriousAxeViolations } from '../src/axe.js';
import { CYCLE_STARTED_BY_TWO, startOwnStack, type OwnStack } from '../src/own-stack.js';
import { apiCall, openAndWaitFor, openSession, waitForHeading, type Session } from '../src/session.js';
import { until } from '../src/until.js';
import { browserLocales, languages, type Lang } from '../src/languages.js';

let ownStack: OwnStack | null = null;
let baseUrl = '';

const texts = {
  en: {
    title: 'Elections',
    electedTitle: 'Elected officials',
    identifyTitle: 'Log in or create an account',
    notFoundTitle: 'Page not found',
    badRequest: 'Bad Request',
    noUser: 'No user',
    logInToStand: (role: string) => `Log in to stand as ${role}`,
    stand: (role: string) => `Stand as ${role}`,
    withdraw: (role: string) => `Cancel my candidacy as ${role}`,
    standDone: (role: string) => `You now stand as ${role} this month.`,
    withdrawDone: (role: string) => `Your candidacy as ${role} is cancelled.`,
    withdrawTitle: (role: string) => `Cancel your candidacy as ${role}?`,
    roles: { moderator: 'moderator', scribe: 'scribe', greatWise: 'great wise' },
    yes: 'Yes',
    you: 'You',
    voteFor: 'Vote +1',
    voteAgainst: 'Vote −1',
    takeBack: 'Take back my vote',
    yourVote: (vote: string) => `Your vote: ${vote}.`,
    noVote: 'You have not voted.',
    saved: 'is saved.',
    takenBack: 'Your vote is taken back.',
    duration: /^\d+\u00a0(days?|h|min|s)( \d+\u00a0(h|min|s))*$/,
    countdownSentence: /^The election closes in \d+\u00a0(days?|h|min|s)( \d+\u00a0(h|min|s))*\.$/,
    closingDate: /^Closing date: [A-Z][a-z]+, 1 [A-Z][a-z]+ \d{4} at 12:00\sAM\.$/,
    noCandidate: 'No candidate yet.',
    results: 'See the full results',
    elected: 'Elected',
    todoTitle: 'Your to-do list',
    standAgain: /Your office as moderator ends at this month’s election: stand again/,
    electionTitle: /^Election of \w+ \d{4}$/,
    // The election closed one second after midnight on the 1st, Paris time (the browser's zone here).
    closedOn: /^Closed on ([A-Z][a-z]+, )?1 [A-Z][a-z]+ \d{4} at 12:00\sAM\. \d+ voters?, \d+ candidac(y|ies)\.$/,
    // Named by the month the officials serve, the votes being of the month before.
    pastItem: /^officials for [A-Z][a-z]+ \d{4}: \d+ voters?, \d+ candidac(y|ies)$/,
    moderators: 'Moderators',
    scribes: 'Scribes',
  },
  fr: {
    title: 'Élections',
    electedTitle: 'Personnes élues',
    identifyTitle: 'Se connecter ou créer un compte',
    notFoundTitle: 'Page introuvable',
    badRequest: 'Requête invalide',
    noUser: 'Aucun compte connecté',
    logInToStand: (role: string) => `Se connecter pour se présenter au rôle de ${role}`,
    stand: (role: string) => `Me présenter au rôle de ${role}`,
    withdraw: (role: string) => `Retirer ma candidature au rôle de ${role}`,
    standDone: (role: string) => `Votre candidature au rôle de ${role} est enregistrée pour ce mois-ci.`,
    withdrawDone: (role: string) => `Votre candidature au rôle de ${role} est retirée.`,
    withdrawTitle: (role: string) => `Retirer votre candidature au rôle de ${role}\u202f?`,
    roles: { moderator: 'modérateur', scribe: 'scribe', greatWise: 'grand sage' },
    yes: 'Oui',
    you: 'Vous',
    voteFor: 'Voter +1',
    voteAgainst: 'Voter −1',
    takeBack: 'Retirer mon vote',
    yourVote: (vote: string) => `Votre vote\u202f: ${vote}.`,
    noVote: 'Vous n’avez pas voté.',
    saved: 'est enregistré.',
    takenBack: 'Votre vote est retiré.',
    duration: /^\d+\u00a0(jours?|h|min|s)( \d+\u00a0(h|min|s))*$/,
    countdownSentence: /^L’élection sera close dans \d+\u00a0(jours?|h|min|s)( \d+\u00a0(h|min|s))*\.$/,
    closingDate: /^Date de clôture\u202f: [a-z]+ 1er [a-zéû]+ \d{4} à 00:00\.$/,
    noCandidate: 'Aucune candidature pour l’instant.',
    results: 'Voir le résultat complet',
    elected: 'Siège obtenu',
    todoTitle: 'Vos tâches',
    standAgain: /Votre mandat de scribe prend fin à l’élection du mois/,
    electionTitle: /^Élection (de |d’)\S+ \d{4}$/,
    closedOn: /^Close le 1er \S+ \d{4} à 00:00\. \d+ personnes? (a|ont) voté, \d+ candidatures?\.$/,
    pastItem: /^responsables (de |d’)\S+ \d{4}\s: \d+ personnes? (a|ont) voté, \d+ candidatures?$/,
    moderators: 'Modérateurs',
    scribes: 'Scribes',
  },
} as const;

type Texts = (typeof texts)[Lang];

let browser: Browser;
const run = randomBytes(3).toString('hex');

const newSession = (lang: Lang) => openSession(browser, { locale: browserLocales[lang], timezoneId: 'Europe/Paris' }, 10_000);

const go = (page: Page, path: string, title: string) => openAndWaitFor(page, `${baseUrl}${path}`, title);

const role = (page: Page, candidateTo: 1 | 2 | 3) => page.locator(`section[data-role="${candidateTo}"]`);
const candidateCard = (page: Page, candidateTo: 1 | 2 | 3, name: string) => role(page, candidateTo).getByRole('article', { name, exact: true });
const snackbar = (page: Page, text: string) => page.locator('[data-snackbar]', { hasText: text }).first().waitFor();
const total = (card: Locator) => card.locator('[data-figure="total"] strong');

/** At 375 px wide nothing is wider than the screen (the page never scrolls sideways), and axe finds nothing serious. */
async function fitsNarrowScreen(page: Page): Promise<void> {
  await page.setViewportSize({ width: 375, height: 812 });
  try {
    // The overflow, and what sticks out past the right edge (innermost elements) for the failure message.
    const fit = await page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const overflow = document.documentElement.scrollWidth - width;
      const wide = Array.from(document.body.querySelectorAll('*'))
        .filter((element) => element.children.length === 0 && element.getBoundingClientRect().right > width + 1)
        .slice(0, 3)
        .map((element) => `${element.tagName.toLowerCase()}.${element.className} "${(element.textContent ?? '').trim().slice(0, 30)}"`);
      return { overflow: Math.max(0, overflow), wide: overflow > 0 ? wide : [] };
    });
    expect(fit).toEqual({ overflow: 0, wide: [] });
    expect(describeViolations(await seriousAxeViolations(page))).toEqual([]);
  } finally {
    await page.setViewportSize({ width: 1280, height: 720 });
  }
}

const account = (name: string, lang: Lang): Account => ({
  email: `${name}-${run}-${lang}@example.org`,
  userName: `${name} ${lang} ${run}`,
  password: `${name}-elects-2026`,
  locale: lang,
});

const members = {
  en: { candidate: account('ada', 'en'), voter: account('ben', 'en') },
  fr: { candidate: account('chloe', 'fr'), voter: account('denis', 'fr') },
};
const signedIn: Record<Lang, { candidate: Session; voter: Session }> = {} as never;

beforeAll(async () => {
  ownStack = await startOwnStack('e2e_elections', { ELECTIONS_CLOCK_CONTROL: 'true', ...CYCLE_STARTED_BY_TWO });
  ({ baseUrl, browser } = ownStack);
  const probe = await fetch(`${baseUrl}/api/elections/next`);
  if (!probe.ok) throw new Error(`GET /api/elections/next answered ${probe.status}: the elections service does not serve the contract of packages/contracts/src/elections.ts`);
  for (const lang of languages) {
    const [candidate, voter] = await Promise.all([newSession(lang), newSession(lang)]);
    await Promise.all([registerVerified(candidate.context, ownStack!, members[lang].candidate), registerVerified(voter.context, ownStack!, members[lang].voter)]);
    signedIn[lang] = { candidate, voter };
  }
}, 150_000);

afterAll(() => ownStack?.stop(), 60_000);

describe.each(languages)('before the election (%s)', (lang) => {
  const t: Texts = texts[lang];

  it('shows the roles and the countdown to a visitor, and sends them to /identify to stand or vote', async () => {
    const { page, problems } = await newSession(lang);
    await go(page, '/elections', t.title);
    for (const candidateTo of [1, 2, 3] as const) await role(page, candidateTo).getByRole('heading', { level: 2 }).waitFor();
    // One sentence with the time left, then the closing date (the 1st of next month).
    const timer = page.getByRole('timer');
    expect(await timer.textContent()).toMatch(t.duration);
    expect(Number(await timer.getAttribute('data-countdown'))).toBeGreaterThan(0);
    const countdown = page.locator('.elections-countdown p');
    expect(await countdown.first().textContent()).toMatch(t.countdownSentence);
    expect(await countdown.nth(1).textContent()).toMatch(t.closingDate);
    await fitsNarrowScreen(page);
    await role(page, 1).getByRole('link', { name: t.logInToStand(t.roles.moderator), exact: true }).click();
    await waitForHeading(page, t.identifyTitle);
    expect(new URL(page.url()).searchParams.get('next')).toBe('/elections');
    expect(problems).toEqual([]);
  });

  it('shows the 404 page for an election id that names nothing, whatever it looks like', async () => {
    const { page, problems } = await newSession(lang);
    for (const path of ['/elections/00000000-0000-4000-8000-000000000000', '/elections/nope', '/elections/elected/more']) {
      await go(page, path, t.notFoundTitle);
      expect(await page.getByText(t.badRequest).count()).toBe(0);
    }
    await fitsNarrowScreen(page);
    expect(problems).toEqual([]);
  });

  it("says 'No user' when a member whose session has ended stands as a candidate, then offers to log in", async () => {
    const { context, page, problems } = await newSession(lang);
    const { email, password, userName } = members[lang].voter;
    expect((await context.request.post(`${baseUrl}/api/login`, { data: { email, password } })).status()).toBe(200);
    await go(page, '/elections', t.title);
    const greatWises = role(page, 3);
    const stand = greatWises.getByRole('button', { name: t.stand(t.roles.greatWise), exact: true });
    await stand.waitFor();
    // The session is known (the button turns enabled) before it ends: a page still restoring it would
    // find it gone and offer to log in without a click.
    await until('the stand button to be enabled', () => stand.isEnabled(), 20_000);
    await context.clearCookies(); // logged out in another tab, or the session expired
    await stand.click();
    await page.locator('[data-snackbar="error"]', { hasText: t.noUser }).waitFor();
    await greatWises.getByRole('link', { name: t.logInToStand(t.roles.greatWise), exact: true }).waitFor();
    expect(await candidateCard(page, 3, userName).count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('lets a member stand as a candidate, and cancel a candidacy behind the confirmation dialog', async () => {
    const { page, problems } = signedIn[lang].candidate;
    const me = members[lang].candidate.userName;
    const candidateTo = lang === 'en' ? 1 : 2;
    const roleName = lang === 'en' ? t.roles.moderator : t.roles.scribe;
    await go(page, '/elections', t.title);
    await role(page, candidateTo).getByRole('button', { name: t.stand(roleName), exact: true }).click();
    await snackbar(page, t.standDone(roleName));
    // The candidacy reaches the elections service through identity's event.
    const card = candidateCard(page, candidateTo, me);
    await card.waitFor();
    await card.getByText(t.you, { exact: true }).waitFor();
    expect(await card.getByRole('button', { name: t.voteFor }).count()).toBe(0); // never for oneself
    await role(page, candidateTo).getByRole('button', { name: t.withdraw(roleName), exact: true }).waitFor();

    // Standing for a second role, then cancelling it.
    const other = lang === 'en' ? 2 : 1;
    const otherName = lang === 'en' ? t.roles.scribe : t.roles.moderator;
    await role(page, other).getByRole('button', { name: t.stand(otherName), exact: true }).click();
    await candidateCard(page, other, me).waitFor();
    await role(page, other).getByRole('button', { name: t.withdraw(otherName), exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: t.withdrawTitle(otherName) });
    await dialog.getByRole('button', { name: t.yes, exact: true }).click();
    await snackbar(page, t.withdrawDone(otherName));
    await candidateCard(page, other, me).waitFor({ state: 'detached' });
    await role(page, other).getByRole('button', { name: t.stand(otherName), exact: true }).waitFor();
    // The first candidacy is still there after a reload.
    await page.reload();
    await candidateCard(page, candidateTo, me).waitFor();
    expect(problems).toEqual([]);
  }, 30_000);

  it('lets another member vote +1, replace it by −1, take it back and vote again, with the totals following', async () => {
    const { page, problems } = signedIn[lang].voter;
    const candidateTo = lang === 'en' ? 1 : 2;
    await go(page, '/elections', t.title);
    const card = candidateCard(page, candidateTo, members[lang].candidate.userName);
    await card.waitFor();
    await card.getByText(t.noVote, { exact: true }).waitFor();

    await card.getByRole('button', { name: t.voteFor, exact: true }).click();
    await card.getByText(t.yourVote('+1'), { exact: true }).waitFor();
    await snackbar(page, t.saved);
    expect(await card.getByRole('button', { name: t.voteFor, exact: true }).getAttribute('aria-pressed')).toBe('true');
    await total(card).filter({ hasText: /^1$/ }).waitFor();

    // −1 replaces it; its answer is held back while the member already takes the vote back: that press
    // waits for the answer, then goes.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const votesUrl = `${baseUrl}/api/candidates/votes`;
    await page.route(votesUrl, async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    });
    try {
      await card.getByRole('button', { name: t.voteAgainst, exact: true }).click();
      await card.getByText(t.yourVote('−1'), { exact: true }).waitFor();
      await total(card).filter({ hasText: /^-1$/ }).waitFor();
      expect(await card.getByRole('button', { name: t.voteFor, exact: true }).getAttribute('aria-pressed')).toBe('false');
      await card.getByRole('button', { name: t.takeBack, exact: true }).click();
      release();
      await snackbar(page, `−1`);
      await snackbar(page, t.takenBack);
    } finally {
      release();
      await page.unroute(votesUrl);
    }
    await card.getByText(t.noVote, { exact: true }).waitFor();
    await total(card).filter({ hasText: /^0$/ }).waitFor();
    await page.reload();
    await candidateCard(page, candidateTo, members[lang].candidate.userName).getByText(t.noVote, { exact: true }).waitFor();

    // With the keyboard this time.
    await card.getByRole('button', { name: t.voteFor, exact: true }).focus();
    await page.keyboard.press('Enter');
    await card.getByText(t.yourVote('+1'), { exact: true }).waitFor();
    // The vote is kept on the server.
    await page.reload();
    await candidateCard(page, candidateTo, members[lang].candidate.userName).getByText(t.yourVote('+1'), { exact: true }).waitFor();
    await total(candidateCard(page, candidateTo, members[lang].candidate.userName)).filter({ hasText: /^1$/ }).waitFor();
    await fitsNarrowScreen(page);
    expect(problems).toEqual([]);
  }, 30_000);
});

/** A page whose /api/ requests are recorded once it has loaded: its screen shown, its topics watched, its reads answered. */
interface WatchedPage {
  page: Page;
  /** The /api/ requests the page made since it loaded ('GET /api/...'). */
  requestsSinceLoad: string[];
  /** Uncaught exceptions in the page. */
  problems: string[];
}

/** The server-sent notification stream stays open: it is not a read that ends. */
const isStream = (path: string) => path.endsWith('/stream');

async function openWatched(context: BrowserContext, path: string, heading: string, topics: readonly string[]): Promise<WatchedPage> {
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message} on ${page.url()}`));
  const watched = new Set<string>();
  // The page socket's live:watch, over a websocket or, where the browser blocks it, socket.io's polling.
  const noteWatch = (text: string) => {
    if (text.includes('"live:watch"')) for (const topic of topics) if (text.includes(`"${topic}"`)) watched.add(topic);
  };
  page.on('websocket', (socket) => socket.on('framesent', ({ payload }) => noteWatch(String(payload))));
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/socket.io/')) noteWatch(request.postData() ?? '');
  });
  let loaded = false;
  const requestsSinceLoad: string[] = [];
  /** Reads started before the page counts as loaded and not answered yet. */
  const pending: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/')) return;
    if (loaded) requestsSinceLoad.push(`${request.method()} ${url.pathname}${url.search}`);
    else if (!isStream(url.pathname)) pending.push(url.pathname);
  });
  const done = (request: { url(): string }) => {
    const url = new URL(request.url());
    if (!loaded && pending.includes(url.pathname)) pending.splice(pending.indexOf(url.pathname), 1);
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  await openAndWaitFor(page, `${baseUrl}${path}`, heading);
  await until(`${path} to watch ${topics.join(', ')} with its reads answered`, async () => watched.size === topics.length && pending.length === 0, 15_000).catch((error: unknown) => {
    throw new Error(`${String(error)}: watched ${[...watched].join(', ')}; unanswered: ${pending.join(', ')}`);
  });
  loaded = true;
  return { page, requestsSinceLoad, problems };
}

describe('live figures', () => {
  const t = texts.en;
  let home: WatchedPage;
  let overview: WatchedPage;
  let todo: WatchedPage;

  afterAll(async () => {
    for (const watched of [home, overview, todo]) await watched?.page.close();
  });

  it("shows another member's vote on an open elections page within 2 s, and home, /elections and /protected held open 15 s ask nothing", async () => {
    const { context } = signedIn.en.candidate;
    // The cycle opens once the members' verifications have reached decisions, which a busy machine
    // can delay into the pages' quiet 15 s: its opening is a phase change, which the pages rightly
    // read again for. Held open from now on, only the proposals phase's extensions happen.
    await until(
      'a decision cycle open for proposals',
      async () => (await apiCall<{ cycles: CycleSummary[] }>(context, baseUrl, 'GET', '/api/decisions')).cycles.some((cycle) => cycle.phase === 'proposals'),
      60_000,
    );
    const schedule = (await (await fetch(`${baseUrl}/api/elections/next`)).json()) as ElectionSchedule;
    const openElection = liveTopics.openElection(schedule.candidacyMonth);
    [home, overview, todo] = await Promise.all([
      openWatched(context, '/', 'Share and co-create the laws', [liveTopics.phases]),
      openWatched(context, '/elections', t.title, [liveTopics.phases, liveTopics.elections, openElection]),
      openWatched(context, '/protected', 'Your to-do list', [liveTopics.phases]),
    ]);
    const loadedAt = Date.now();
    const card = candidateCard(overview.page, 1, members.en.candidate.userName);
    const before = Number(await total(card).textContent());

    // Another member votes +1 for her, on their own page.
    const voter = signedIn.fr.voter.page;
    await go(voter, '/elections', texts.fr.title);
    const theirCard = candidateCard(voter, 1, members.en.candidate.userName);
    await theirCard.getByRole('button', { name: texts.fr.voteFor, exact: true }).click();
    await theirCard.getByText(texts.fr.yourVote('+1'), { exact: true }).waitFor();
    await total(card).filter({ hasText: new RegExp(`^${before + 1}$`) }).waitFor({ timeout: 2500 });

    // Held open: nothing polls (the decision cycle's extensions are pushed meanwhile, every 2 s).
    await overview.page.waitForTimeout(Math.max(0, loadedAt + 15_000 - Date.now()));
    expect({ home: home.requestsSinceLoad, elections: overview.requestsSinceLoad, todo: todo.requestsSinceLoad }).toEqual({ home: [], elections: [], todo: [] });
    expect([...home.problems, ...overview.problems, ...todo.problems]).toEqual([]);
  }, 120_000);

  it("moves the header's phase on an open page when the phase changes, without a request; the to-do page reads again", async () => {
    const chip = (page: Page, phase: string) => page.locator('nav.header-phases .phase-chip__name', { hasText: new RegExp(`^${phase}$`) });
    await chip(home.page, 'proposals').waitFor();
    expect(await chip(home.page, 'voting on proposals').count()).toBe(0);
    // Two proposals: the start rule is met and the cycle moves to the vote at the proposals phase's end (2 s).
    for (const [who, title] of [
      [signedIn.en.candidate, `Night buses every hour ${run}`],
      [signedIn.fr.voter, `Des bancs dans chaque rue ${run}`],
    ] as const) {
      await apiCall<Proposal>(who.context, baseUrl, 'POST', '/api/proposals', {
        title,
        description: 'A proposal made by the elections test so that the decision cycle moves to its vote.',
        category: 'transport',
      });
    }
    await chip(home.page, 'voting on proposals').waitFor({ timeout: 10_000 });
    await chip(overview.page, 'voting on proposals').waitFor();
    // The phase change's only requests: the to-do page reads its sources again, 0 to 10 s after it.
    await todo.page.locator('[data-todo-item="proposalVotes"]').waitFor({ timeout: 12_000 });
    const todoSources = /^GET \/api\/(decisions\/voting-on-proposals|laws\?state=(creation|final-vote)|laws\/[^/]+|candidates\/[123]|candidates\/votes\/[^/]+|elections\/elected)$/;
    // The member's home holds the same to-do block, which reads the same sources again; nothing else.
    expect(home.requestsSinceLoad.filter((request) => !todoSources.test(request))).toEqual([]);
    expect(overview.requestsSinceLoad).toEqual([]);
    expect(todo.requestsSinceLoad.filter((request) => !todoSources.test(request))).toEqual([]);
    expect(todo.requestsSinceLoad).toContain('GET /api/decisions/voting-on-proposals');
    expect([...home.problems, ...overview.problems, ...todo.problems]).toEqual([]);
  }, 40_000);
});

describe('after the election', () => {
  let electionPath = '';

  beforeAll(async () => {
    // The elections clock moves to one second after the next election: the job closes it.
    const schedule = (await (await fetch(`${baseUrl}/api/elections/next`)).json()) as ElectionSchedule;
    const now = new Date(Date.parse(schedule.nextElectionAt) + 1000).toISOString();
    const answer = await fetch(`${baseUrl}/api/elections/clock`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', accept: 'application/json', origin: baseUrl },
      body: JSON.stringify({ now }),
    });
    if (!answer.ok) throw new Error(`PUT /api/elections/clock answered ${answer.status}: run the stack with ELECTIONS_CLOCK_CONTROL=true`);
  });

  describe.each(languages)('(%s)', (lang) => {
    const t: Texts = texts[lang];

    it('shows the elected officials by role and the results of the election', async () => {
      const { page, problems } = signedIn[lang].voter;
      await go(page, '/elections/elected', t.electedTitle);
      const moderators = page.locator('section[data-role="1"]');
      const scribes = page.locator('section[data-role="2"]');
      await moderators.getByRole('heading', { level: 2, name: t.moderators }).waitFor();
      await moderators.getByText(members.en.candidate.userName, { exact: true }).waitFor();
      await scribes.getByText(members.fr.candidate.userName, { exact: true }).waitFor();
      expect(await moderators.getByText(members.fr.candidate.userName, { exact: true }).count()).toBe(0);
      await page.getByRole('timer').waitFor();
      await fitsNarrowScreen(page);

      await page.getByRole('link', { name: t.results, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: t.electionTitle }).waitFor();
      await page.getByText(t.closedOn).waitFor();
      await fitsNarrowScreen(page);
      electionPath ||= new URL(page.url()).pathname;
      expect(new URL(page.url()).pathname).toBe(electionPath);
      const row = page.locator('section[data-role="1"] tr', { has: page.getByRole('rowheader', { name: members.en.candidate.userName, exact: true }) });
      await row.getByText(t.elected, { exact: true }).waitFor();
      expect(await row.locator('td').first().textContent()).toMatch(/^\d+$/);

      // The new month starts with no candidate yet, and the closed election is listed.
      await go(page, '/elections', t.title);
      await role(page, 1).getByRole('button', { name: t.stand(t.roles.moderator), exact: true }).waitFor();
      expect(await candidateCard(page, 1, members.en.candidate.userName).count()).toBe(0);
      await page.locator(`a[href="${electionPath}"]`).waitFor();
      expect(await page.locator(`a[href="${electionPath}"] + span`).textContent()).toMatch(t.pastItem);
      await fitsNarrowScreen(page);
      expect(problems).toEqual([]);
    }, 30_000);

    it('reminds the elected official to stand again in the new month', async () => {
      const { page, problems } = signedIn[lang].candidate;
      await go(page, '/protected', t.todoTitle);
      const reminder = page.locator('[data-todo-item="standAgain"]');
      await expect(reminder.textContent()).resolves.toMatch(t.standAgain);
      await reminder.getByRole('link').click();
      await page.locator('#settings-candidacy').waitFor();
      expect(problems).toEqual([]);
    }, 30_000);
  });
});
