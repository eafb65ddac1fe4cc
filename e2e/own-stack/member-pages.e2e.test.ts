/**
 * The member's own pages in a real browser, in English and in French, against a stack of its own: the
 * to-do page (votes on proposals and candidates still to cast, with their links, kept current, and its
 * error state), a moderator suspending a member from the profile with the keyboard and lifting it, the
 * suspension shown to the member (header and own pages, until a local date and time), a verification
 * link opened a second time, a registration refused until a given time, and, at 375 px wide, screens
 * that never scroll sideways.
 *
 * The stack is its own so that its decision cycle and election can be set up freely: the start rule is
 * met by 2 members and 2 proposals within seconds, then the vote on proposals stays open.
 */
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import type { CycleSummary, ElectionSchedule, Proposal, SessionUser } from '@civic/contracts';
import { registerVerified, type Account } from '../src/accounts.js';
import { waitForMailLink } from '../src/mail.js';
import { CYCLE_STARTED_BY_TWO, proposeAndWaitForTheVote, startOwnStack, type OwnStack } from '../src/own-stack.js';
import { apiCall, openAndWaitFor, openSession, type Session } from '../src/session.js';
import { browserLocales, languages, type Lang } from '../src/languages.js';

// French elides "de" before a vowel: "le compte d’alice", "le compte de bob".
const ofName = (name: string) => (/^[aeiouy]/i.test(name) ? `d’${name}` : `de ${name}`);
const run = randomBytes(3).toString('hex');
const moderatorEmail = `moderator-${run}@example.org`;

const texts = {
  en: {
    todoTitle: 'Your to-do list',
    proposalVotes: (count: number) => (count === 1 ? '1 proposal is waiting for your vote' : `${count} proposals are waiting for your vote`),
    candidateVotes: (count: number) => (count === 1 ? '1 candidate is waiting for your vote in this month’s election' : `${count} candidates are waiting for your vote in this month’s election`),
    todoFailed: 'Your to-do list cannot be shown right now.',
    retry: 'Try again',
    moderation: 'Moderation',
    suspendHour: 'Suspend for 1 hour',
    confirmSuspend: (name: string) => `Suspend the account of ${name} for 1 hour?`,
    yes: 'Yes',
    suspendedUntil: (name: string) => new RegExp(`^The account of ${name} is suspended until \\w+day, \\d{1,2} \\w+ \\d{4} at \\d{1,2}:\\d{2}\\s[AP]M( \\(Paris time\\))?\\.$`),
    notSuspended: (name: string) => `The account of ${name} is not suspended.`,
    lift: 'Lift the suspension',
    confirmLift: (name: string) => `Lift the suspension of ${name}?`,
    ownSuspension: 'Your account is suspended',
    ownSuspensionText: /^Until \w+day, \d{1,2} \w+ \d{4} at \d{1,2}:\d{2}\s[AP]M( \(Paris time\))?, you cannot vote, propose laws, write articles or amendments, stand in elections or post in the chat\./,
    headerSuspension: /^Account suspended until .+: no votes, proposals, texts or chat messages until then\.$/,
    alreadyVerified: 'Your account is already verified',
    logIn: 'Log in',
    registerTitle: 'Create an account',
    email: 'Email address',
    userName: 'User name',
    password: 'Password',
    confirmation: 'Confirm the password',
    registerSubmit: 'Create my account',
    tooManyToday: 'Too many accounts on the same day, come back later',
    retryAt: /^You can try again in 2 hours \(.+\)\.$/,
    nextStep: /^Next step in \d+\s(days?|h|min|s)( \d+\s(h|min|s))*$/,
  },
  fr: {
    todoTitle: 'Vos tâches',
    proposalVotes: (count: number) => (count === 1 ? '1 proposition attend votre vote' : `${count} propositions attendent votre vote`),
    candidateVotes: (count: number) => (count === 1 ? '1 candidature attend votre vote à l’élection du mois' : `${count} candidatures attendent votre vote à l’élection du mois`),
    todoFailed: 'Votre liste de tâches ne peut pas être affichée pour le moment.',
    retry: 'Réessayer',
    moderation: 'Modération',
    suspendHour: 'Suspendre pour 1 heure',
    confirmSuspend: (name: string) => `Suspendre le compte ${ofName(name)} pour 1 heure\u202f?`,
    yes: 'Oui',
    suspendedUntil: (name: string) => new RegExp(`^Le compte ${ofName(name)} est suspendu jusqu’au \\S+ (1er|\\d{1,2}) \\S+ \\d{4} à \\d{2}:\\d{2}( \\(heure de Paris\\))?\\.$`),
    notSuspended: (name: string) => `Le compte ${ofName(name)} n’est pas suspendu.`,
    lift: 'Lever la suspension',
    confirmLift: (name: string) => `Lever la suspension du compte ${ofName(name)}\u202f?`,
    ownSuspension: 'Votre compte est suspendu',
    ownSuspensionText: /^Jusqu’au \S+ (1er|\d{1,2}) \S+ \d{4} à \d{2}:\d{2}( \(heure de Paris\))?, vous ne pouvez ni voter, ni proposer de loi, ni rédiger d’article ou d’amendement, ni vous présenter aux élections, ni écrire dans la discussion\./,
    headerSuspension: /^Compte suspendu jusqu’au .+\u202f: ni vote, ni proposition, ni texte, ni message d’ici là\.$/,
    alreadyVerified: 'Votre compte est déjà vérifié',
    logIn: 'Se connecter',
    registerTitle: 'Créer un compte',
    email: 'Adresse e-mail',
    userName: 'Nom d’utilisateur',
    password: 'Mot de passe',
    confirmation: 'Confirmez le mot de passe',
    registerSubmit: 'Créer mon compte',
    tooManyToday: 'Trop de comptes créés aujourd’hui, revenez plus tard',
    retryAt: /^Vous pourrez réessayer dans 2 heures \(.+\)\.$/,
    nextStep: /^Prochaine étape dans \d+\s(jours?|h|min|s)( \d+\s(h|min|s))*$/,
  },
} as const;

interface Member extends Session {
  user: SessionUser;
}

let ownStack: OwnStack | null = null;
let baseUrl = '';
let mailUrl = '';
let browser: Browser;
const members: Member[] = [];
let candidate: Member;

async function member(name: string, lang: Lang, email = `${name}-${run}-${lang}@example.org`): Promise<Member> {
  const session = await openSession(browser, { locale: browserLocales[lang] }, 15_000);
  const account: Account = { email, userName: `${name} ${lang} ${run}`, password: `${name}-keeps-it-2026`, locale: lang };
  await registerVerified(session.context, ownStack!, account);
  const who: Member = { ...session, user: await api<SessionUser>(session, 'POST', '/api/login/auth-user') };
  members.push(who);
  return who;
}

const api = <T>(who: Session, method: 'GET' | 'POST' | 'PUT', url: string, data?: unknown) => apiCall<T>(who.context, baseUrl, method, url, data);

/** At 375 px wide nothing is wider than the screen: the page never scrolls sideways. */
async function fitsNarrowScreen(page: Page): Promise<void> {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 812 });
  try {
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  } finally {
    if (size) await page.setViewportSize(size);
  }
}

const todoItem = (page: Page, kind: string) => page.locator(`[data-todo-item="${kind}"]`);

let inVote: Proposal[] = [];

beforeAll(async () => {
  ownStack = await startOwnStack('e2e_member_pages', { ...CYCLE_STARTED_BY_TWO, SEED_MODERATOR_EMAIL: moderatorEmail, PHASE_VOTING_SECONDS: '3600' });
  ({ baseUrl, mailUrl, browser } = ownStack);
  const [first, second] = await Promise.all([member('proposer', 'en'), member('seconder', 'en')]);
  candidate = await member('candidate', 'en');
  // Two proposals meet the start rule: the cycle moves to its vote, which stays open.
  const { voting } = await proposeAndWaitForTheVote(baseUrl, [
    [first.context, { title: `Free buses on Sundays ${run}`, description: 'Buses would be free on Sundays.', category: 'transport' }],
    [second.context, { title: `Quiet streets at night ${run}`, description: 'Streets would be quiet after midnight.', category: 'environment' }],
  ]);
  inVote = voting.proposals;
  // One candidate in this month's election, for the month the elections service says.
  const { candidacyMonth } = await api<ElectionSchedule>(candidate, 'GET', '/api/elections/next');
  await api(candidate, 'PUT', `/api/users/${candidate.user.id}`, { moderatorCandidateDate: candidacyMonth });
}, 180_000);

afterAll(() => ownStack?.stop(), 60_000);

describe.each(languages)('member pages (%s)', (lang) => {
  const t = texts[lang];
  let citizen: Member;
  let moderator: Member;

  beforeAll(async () => {
    citizen = await member('citizen', lang);
    // One moderator (the seeded account) for both languages: the locale cookie picks the language.
    moderator = members.find((who) => who.user.moderator) ?? (await member('moderator', 'en', moderatorEmail));
    expect(moderator.user.moderator).toBe(true);
    await moderator.context.addCookies([{ name: 'locale', value: lang, url: baseUrl }]);
  }, 90_000);

  it('writes the time to the next step as one sentence on the home page', async () => {
    const { page } = citizen;
    await page.goto(`${baseUrl}/`);
    const countdown = page.locator('.phase-card__countdown', { has: page.locator('[data-countdown="voting"]') });
    await expect(countdown.innerText()).resolves.toMatch(t.nextStep);
    await page.locator('header [data-phase-time="voting"]').waitFor();
  });

  it('lists the votes waiting on the to-do page, with their links, and keeps the list current', async () => {
    const { page } = citizen;
    await openAndWaitFor(page, `${baseUrl}/protected`, t.todoTitle);
    await todoItem(page, 'proposalVotes').getByText(t.proposalVotes(2), { exact: true }).waitFor();
    expect(await todoItem(page, 'proposalVotes').getByRole('link').getAttribute('href')).toBe('/decisions/voting-on-proposals');
    await expect(todoItem(page, 'candidateVotes').getByRole('link').getAttribute('href')).resolves.toBe('/elections');
    await todoItem(page, 'candidateVotes').getByText(t.candidateVotes(1), { exact: true }).waitFor();
    await fitsNarrowScreen(page);

    // Votes cast elsewhere (another tab) leave the list at the next visit: the page reads once per
    // visit, not on a timer nor on focus (docs/live.md#elections-topics-and-the-shell).
    await api(citizen, 'PUT', `/api/proposals/${inVote[0]!.id}/vote`, { vote: 'for' });
    await api(citizen, 'POST', '/api/candidates/votes', { vote: 1, candidateId: candidate.user.id, userId: citizen.user.id, candidateTo: 1 });
    await openAndWaitFor(page, `${baseUrl}/protected`, t.todoTitle);
    await todoItem(page, 'proposalVotes').getByText(t.proposalVotes(1), { exact: true }).waitFor();
    await todoItem(page, 'candidateVotes').waitFor({ state: 'detached' });

    // A read that fails says so, and trying again brings the list back.
    await page.route('**/api/laws?state=creation', (route) => route.abort());
    await page.reload();
    await page.getByText(t.todoFailed, { exact: true }).waitFor();
    await page.unroute('**/api/laws?state=creation');
    await page.getByRole('button', { name: t.retry, exact: true }).click();
    await todoItem(page, 'proposalVotes').waitFor();
    expect(citizen.problems).toEqual([]);
  });

  it('lets a moderator suspend a member from the profile with the keyboard, shows it to the member, and lift it', async () => {
    const { page } = moderator;
    const name = citizen.user.userName;
    await page.goto(`${baseUrl}/users/${citizen.user.id}/${encodeURIComponent(name)}/activity`);
    const panel = page.getByRole('region', { name: t.moderation });
    await panel.getByText(t.notSuspended(name), { exact: true }).waitFor();

    // Escape closes the question without suspending and gives the focus back.
    const suspend = panel.getByRole('button', { name: t.suspendHour, exact: true });
    await suspend.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: t.confirmSuspend(name) });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect(suspend.evaluate((button) => button === document.activeElement)).resolves.toBe(true);

    // Enter, then Tab from "No" to "Yes", and Enter.
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: t.yes, exact: true }).evaluate((button) => button === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await panel.getByText(t.suspendedUntil(name)).waitFor();
    await fitsNarrowScreen(page);

    // The member sees it on the to-do page, in the header and on the own profile, with the date and time.
    const own = citizen.page;
    await own.goto(`${baseUrl}/protected`);
    const notice = own.locator('main [data-suspended-until]');
    await notice.getByText(t.ownSuspension, { exact: true }).waitFor();
    await notice.getByText(t.ownSuspensionText).waitFor();
    const headerLine = own.locator('header [data-suspended-until]');
    await headerLine.waitFor();
    expect(await headerLine.innerText()).toMatch(t.headerSuspension);
    const until = Date.parse((await notice.getAttribute('data-suspended-until')) ?? '');
    expect(until - Date.now()).toBeGreaterThan(55 * 60_000);
    expect(until - Date.now()).toBeLessThanOrEqual(60 * 60_000);
    await fitsNarrowScreen(own);
    await own.goto(`${baseUrl}/users/${citizen.user.id}/${encodeURIComponent(name)}/activity`);
    await own.locator('main [data-suspended-until]').getByText(t.ownSuspension, { exact: true }).waitFor();
    // No moderation panel for the member themself.
    expect(await own.getByRole('region', { name: t.moderation }).count()).toBe(0);

    // Lifted: the moderator's panel and the member's pages say so.
    await page.getByRole('button', { name: t.lift, exact: true }).click();
    await page.getByRole('alertdialog', { name: t.confirmLift(name) }).getByRole('button', { name: t.yes, exact: true }).click();
    await panel.getByText(t.notSuspended(name), { exact: true }).waitFor();
    await own.reload();
    // Once the session is restored (the account menu shows) and the profile read, no suspension is left.
    await own.locator('header').getByRole('button', { name: new RegExp(`^${name}`) }).waitFor();
    await own.locator('.stats').waitFor();
    await expect(own.locator('[data-suspended-until]').count()).resolves.toBe(0);
    expect([...moderator.problems, ...citizen.problems]).toEqual([]);
  });

  it('says an account is already verified when its link is opened again, with a way to log in', async () => {
    const email = `twice-${run}-${lang}@example.org`;
    const register = await fetch(`${baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ email, userName: `Twice ${lang} ${run}`, password: 'opens-it-twice-2026', locale: lang }),
    });
    expect(register.status).toBe(201);
    const { link } = await waitForMailLink(mailUrl, email, '/verify-account', { seen: ownStack!.seen });
    const first = await fetch(`${baseUrl}/api/auth/verify-account`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ token: link.searchParams.get('token') }),
    });
    expect(first.status).toBe(200);

    const { context, page } = await openSession(browser, { locale: browserLocales[lang] }, 15_000);
    try {
      await page.goto(`${baseUrl}${link.pathname}${link.search}`);
      await page.getByText(t.alreadyVerified, { exact: true }).waitFor();
      const logIn = page.getByRole('link', { name: t.logIn, exact: true }).and(page.locator('[data-already-verified]'));
      expect(new URL(await logIn.getAttribute('href') ?? '', baseUrl).pathname).toBe('/login');
      await fitsNarrowScreen(page);
      // No countdown back home: the page stays.
      await page.waitForTimeout(1500);
      expect(new URL(page.url()).pathname).toBe('/verify-account');
    } finally {
      await context.close();
    }
  });

  it('tells when to try again when a registration is refused by the address limit', async () => {
    const { context, page } = await openSession(browser, { locale: browserLocales[lang] }, 15_000);
    try {
      await page.route('**/api/auth/register', (route) =>
        route.fulfill({
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': '7200' },
          body: JSON.stringify({ statusCode: 429, statusMessage: 'Too many accounts on the same day, come back later', data: { retryAfterSeconds: 7200 } }),
        }),
      );
      await openAndWaitFor(page, `${baseUrl}/register`, t.registerTitle);
      await page.getByLabel(t.email, { exact: true }).fill(`refused-${run}-${lang}@example.org`);
      await page.getByLabel(t.userName, { exact: true }).fill(`Refused ${lang} ${run}`);
      await page.getByLabel(t.password, { exact: true }).fill('refused-for-now-2026');
      await page.getByLabel(t.confirmation, { exact: true }).fill('refused-for-now-2026');
      await page.getByRole('button', { name: t.registerSubmit }).click();
      const refusal = page.locator('form [role="alert"]');
      await refusal.getByText(t.tooManyToday, { exact: true }).waitFor();
      await refusal.getByText(t.retryAt).waitFor();
      const retryAt = Date.parse((await refusal.locator('[data-retry-at]').getAttribute('data-retry-at')) ?? '');
      expect(Math.abs(retryAt - (Date.now() + 7200_000))).toBeLessThan(60_000);
      await fitsNarrowScreen(page);
    } finally {
      await context.close();
    }
  });
});

it('reads the candidacy month from the elections service for the settings toggles', async () => {
  const { page, user } = candidate;
  await page.goto(`${baseUrl}/users/${user.id}/${encodeURIComponent(user.userName)}/settings`);
  await expect(page.locator('input[name="moderatorCandidateDate"]').isChecked()).resolves.toBe(true);
  await expect(page.locator('input[name="scribeCandidateDate"]').isChecked()).resolves.toBe(false);
  const cycles = await api<{ cycles: CycleSummary[] }>(candidate, 'GET', '/api/decisions');
  expect(cycles.cycles.some((cycle) => cycle.phase === 'voting')).toBe(true);
});
