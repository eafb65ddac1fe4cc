/**
 * Following a proposal in a real browser, in English and in French (docs/product.md#following): a
 * member follows a proposal from its card (the button's state survives a reload), sets which alerts
 * they get and a daily digest in their settings (kept after a reload), turns edits off and gets no
 * alert for the author's next edit, turns them on and gets the `followedEdited` alert in their
 * language, linking to the proposal's history; the digest mail, read back from the mail catcher, is
 * in their language and its one-click link turns the digest off (the settings show Off); the list of
 * what they follow lets them stop following, and the card shows it.
 *
 * It runs on a stack of its own: a cycle that two members open at once and whose proposals phase
 * stays open for the whole test; browser-test stacks make a digest "day" a few seconds (e2e/src/stacks.mjs).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import type { CycleSummary, Proposal } from '@civic/contracts';
import { registerVerified, type Account } from '../src/accounts.js';
import { waitForMailLink, type Mail } from '../src/mail.js';
import { CYCLE_STARTED_BY_TWO, startOwnStack, type OwnStack } from '../src/own-stack.js';
import { apiCall, closeSessions, openAndWaitFor, openSession, type Session } from '../src/session.js';
import { until } from '../src/until.js';
import { browserLocales, languages, type Lang } from '../src/languages.js';

const N = '\u202f';

const texts = {
  en: {
    proposalsTitle: 'Proposals',
    follow: 'Follow',
    following: 'Following',
    named: (title: string) => `“${title}”`,
    settingsTitle: 'Your settings',
    followSection: 'Following',
    edits: 'When its text is edited',
    results: 'Its results: selected or not, adopted or rejected',
    closing: 'When its final vote is about to close',
    off: 'Off',
    daily: 'Daily',
    saved: 'Saved: your following preferences are up to date.',
    digestHint: 'A mail in your language with what changed in what you follow; unsubscribe in one click.',
    notificationsTitle: 'Notifications',
    edited: (title: string) => `A text you follow was edited: “${title}”.`,
    open: 'See',
    digestMail: /Your daily digest/,
    unsubscribeTitle: 'Digest email',
    unsubscribed: 'You will no longer receive the digest.',
    invalidLink: 'This unsubscribe link is not valid',
    mySettings: 'My settings',
    followedList: 'What you follow',
    unfollow: (title: string) => `Unfollow “${title}”`,
    unfollowed: (title: string) => `You no longer follow “${title}”.`,
    nothingFollowed: 'You follow nothing yet.',
  },
  fr: {
    proposalsTitle: 'Propositions',
    follow: 'Suivre',
    following: 'Suivie',
    named: (title: string) => `«${N}${title}${N}»`,
    settingsTitle: 'Vos paramètres',
    followSection: 'Suivi',
    edits: 'Quand son texte est modifié',
    results: `Ses résultats${N}: retenue ou non, adoptée ou rejetée`,
    closing: 'Quand son vote final va se terminer',
    off: 'Désactivé',
    daily: 'Quotidien',
    saved: `Enregistré${N}: vos préférences de suivi sont à jour.`,
    digestHint: `Un e-mail dans votre langue avec ce qui a changé dans ce que vous suivez${N}; désabonnement en un clic.`,
    notificationsTitle: 'Notifications',
    edited: (title: string) => `Un texte que vous suivez a été modifié${N}: «${N}${title}${N}».`,
    open: 'Voir',
    digestMail: /Votre résumé quotidien/,
    unsubscribeTitle: 'Résumé par e-mail',
    unsubscribed: 'Vous ne recevrez plus le résumé.',
    invalidLink: 'Ce lien de désabonnement n’est pas valide',
    mySettings: 'Mes paramètres',
    followedList: 'Ce que vous suivez',
    unfollow: (title: string) => `Ne plus suivre «${N}${title}${N}»`,
    unfollowed: (title: string) => `Vous ne suivez plus «${N}${title}${N}».`,
    nothingFollowed: 'Vous ne suivez rien pour l’instant.',
  },
} as const;

let ownStack: OwnStack | null = null;
let baseUrl = '';
let browser: Browser;
const run = randomBytes(3).toString('hex');
/**
 * How long an event may take to become an alert, a mail or a new phase here. A digest's mail crosses
 * two consumers, two outboxes and the mail catcher: on a slow machine beside a full test run, 30 s
 * was too short for it once.
 */
const eventWaitMs = 60_000;

/** The author of the followed proposal, and a second follower whose alerts show when an edit has been handled. */
let author: Session;
let witness: Session;
let witnessId = '';
const proposal = {
  title: `Night buses every weekend ${run}`,
  description: 'Buses would run all night on Fridays and Saturdays, paid for by the transport budget.',
  category: 'transport',
};
let proposalId = '';
const sessions: Session[] = [];

async function member(name: string, lang: Lang): Promise<{ session: Session; account: Account; id: string }> {
  const session = await openSession(browser, { locale: browserLocales[lang] }, 15_000);
  sessions.push(session);
  const account: Account = { email: `${name}-${run}-follow@example.org`, userName: `${name} ${run}`, password: `${name}-follows-2026`, locale: lang };
  await registerVerified(session.context, ownStack!, account);
  const { id } = await apiCall<{ id: string }>(session.context, baseUrl, 'POST', '/api/login/auth-user');
  return { session, account, id };
}

/** An alert as GET /api/users/notifications/{userId} answers it. */
interface Alert {
  id: number;
  messageKey: string;
  link: string | null;
  viewed: 0 | 1;
}

const alertsOf = (who: Session, userId: string) => apiCall<Alert[]>(who.context, baseUrl, 'GET', `/api/users/notifications/${userId}?offset=0&limit=50`);
const editedAlerts = async (who: Session, userId: string) => (await alertsOf(who, userId)).filter((alert) => alert.messageKey === 'followedEdited');

/**
 * Waits for the witness's unread alert of an edit, the sign the edit has been handled, then reads it:
 * a follower gets one edit alert until they have seen it, so the next edit alerts them again.
 */
async function witnessSeesTheEdit(): Promise<void> {
  await until('the witness’s alert of the edit', async () => (await editedAlerts(witness, witnessId)).some((alert) => alert.viewed === 0), eventWaitMs);
  await apiCall(witness.context, baseUrl, 'PUT', `/api/users/notifications/mark-all-as-read/${witnessId}`);
}

/** The author edits the proposal's description (the title stays, so the alerts' wording is known). */
async function authorEdits(description: string): Promise<void> {
  await apiCall<Proposal>(author.context, baseUrl, 'PUT', `/api/proposals/${proposalId}`, { ...proposal, description });
}

/** The proposal's Follow button, named by its title, in the state the page shows once it knows it. */
function followButton(page: Page, lang: Lang, following: boolean): Locator {
  const t = texts[lang];
  return page
    .locator(`[data-proposal="${proposalId}"]`)
    .getByRole('button', { name: `${following ? t.following : t.follow} ${t.named(proposal.title)}`, exact: true, pressed: following });
}

/** The subject's encoded words (RFC 2047) decoded, so that accented subjects can be read. */
function decodedSubject(subject: string): string {
  return subject.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, encoding: string, text: string) =>
    encoding.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
  );
}

/** With E2E_SCREENSHOTS_DIR set, keeps a full-page screenshot of each step there. */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

const mailText = (mail: Mail) => [decodedSubject(mail.subject), ...mail.parts.map((part) => part.text)].join('\n');

beforeAll(async () => {
  ownStack = await startOwnStack('e2e_follow', {
    ...CYCLE_STARTED_BY_TWO,
    // The cycle opens with the author and the witness, and stays open for proposals (and their edits).
    PHASE_PROPOSALS_SECONDS: '3600',
  });
  ({ baseUrl, browser } = ownStack);
  const [first, second] = await Promise.all([member('author', 'en'), member('witness', 'en')]);
  author = first.session;
  witness = second.session;
  witnessId = second.id;
  await until(
    'a cycle open for proposals',
    async () => (await apiCall<{ cycles: CycleSummary[] }>(author.context, baseUrl, 'GET', '/api/decisions')).cycles.some((cycle) => cycle.phase === 'proposals'),
    60_000,
  );
  proposalId = (await apiCall<Proposal>(author.context, baseUrl, 'POST', '/api/proposals', proposal)).id;
  // The notifications service learns of the proposal from its first version: followable once it has.
  await until(
    'the proposal to be followable',
    async () => (await witness.context.request.put(`${baseUrl}/api/users/notifications/follows/${proposalId}`, { headers: { 'x-requested-with': 'fetch' } })).ok(),
    eventWaitMs,
  );
}, 180_000);

afterAll(async () => {
  await closeSessions(sessions);
  await ownStack?.stop();
}, 60_000);

describe.each(languages)('following in %s', (lang) => {
  const t = texts[lang];
  let follower: Session;
  let account: Account;
  let followerId = '';
  let settingsUrl = '';

  beforeAll(async () => {
    const made = await member(`follower-${lang}`, lang);
    ({ session: follower, account, id: followerId } = made);
    settingsUrl = `${baseUrl}/users/${followerId}/${encodeURIComponent(account.userName)}/settings`;
  }, 180_000);

  /** Opens the follower's settings; answers their section about following. */
  async function openFollowSettings(page: Page): Promise<Locator> {
    await openAndWaitFor(page, settingsUrl, t.settingsTitle);
    return page.getByRole('region', { name: t.followSection, exact: true });
  }

  it('follows a proposal from its card, and the button keeps its state after a reload', async () => {
    const { page } = follower;
    await openAndWaitFor(page, `${baseUrl}/decisions/proposals`, t.proposalsTitle);
    // By keyboard: the button is a toggle named by the proposal's title.
    await followButton(page, lang, false).focus();
    await page.keyboard.press('Enter');
    await followButton(page, lang, true).waitFor();
    await page.reload();
    await followButton(page, lang, true).waitFor();
    await shot(page, `follow-card-${lang}`);
    // The history link sits beside it.
    const history = page.locator(`[data-proposal="${proposalId}"] a[href="/decisions/history/proposal/${proposalId}"]`);
    expect(await history.count()).toBe(1);
    expect(follower.problems).toEqual([]);

    // A visitor who presses it is asked to log in, and comes back here afterwards.
    const visitor = await openSession(browser, { locale: browserLocales[lang] }, 15_000);
    sessions.push(visitor);
    await openAndWaitFor(visitor.page, `${baseUrl}/decisions/proposals`, t.proposalsTitle);
    await followButton(visitor.page, lang, false).click();
    await visitor.page.waitForURL((url) => url.pathname === '/identify');
    expect(new URL(visitor.page.url()).searchParams.get('next')).toBe('/decisions/proposals');
    expect(visitor.problems).toEqual([]);
  }, 120_000);

  it('sets the alerts and a daily digest in the settings, kept after a reload, and lists what is followed', async () => {
    const { page } = follower;
    const section = await openFollowSettings(page);
    await section.getByText(t.digestHint, { exact: true }).waitFor();
    const edits = section.getByRole('checkbox', { name: t.edits, exact: true });
    await edits.waitFor();
    // A new member gets every alert of what they follow, and no digest until they choose one.
    expect(await edits.isChecked()).toBe(true);
    expect(await section.getByRole('checkbox', { name: t.results, exact: true }).isChecked()).toBe(true);
    expect(await section.getByRole('checkbox', { name: t.closing, exact: true }).isChecked()).toBe(true);
    expect(await section.getByRole('radio', { name: t.off, exact: true }).isChecked()).toBe(true);

    await edits.uncheck();
    await section.getByRole('status').getByText(t.saved, { exact: true }).waitFor();
    await section.getByRole('radio', { name: t.daily, exact: true }).check();
    await section.getByRole('status').getByText(t.saved, { exact: true }).waitFor();

    await page.reload();
    await section.getByRole('checkbox', { name: t.edits, exact: true }).waitFor();
    expect(await section.getByRole('checkbox', { name: t.edits, exact: true }).isChecked()).toBe(false);
    expect(await section.getByRole('checkbox', { name: t.results, exact: true }).isChecked()).toBe(true);
    expect(await section.getByRole('radio', { name: t.daily, exact: true }).isChecked()).toBe(true);
    expect(await section.getByRole('radio', { name: t.off, exact: true }).isChecked()).toBe(false);
    await shot(page, `follow-settings-${lang}`);

    // What is followed: the proposal, by its title, leading to its history.
    await section.getByRole('heading', { name: t.followedList, exact: true }).waitFor();
    const item = section.locator(`[data-followed="${proposalId}"]`);
    expect(await item.getByRole('link', { name: proposal.title, exact: true }).getAttribute('href')).toBe(`/decisions/history/proposal/${proposalId}`);
    expect(follower.problems).toEqual([]);
  }, 120_000);

  it('gets no alert of an edit while edits are off, and the edit alert in its language once they are on', async () => {
    const { page } = follower;
    await authorEdits(`Buses would run all night on Fridays and Saturdays (${lang}, first edit).`);
    // The witness's alert shows the edit was handled: the follower, edits off, got none.
    await witnessSeesTheEdit();
    expect(await editedAlerts(follower, followerId)).toEqual([]);

    const section = await openFollowSettings(page);
    await section.getByRole('checkbox', { name: t.edits, exact: true }).check();
    await section.getByRole('status').getByText(t.saved, { exact: true }).waitFor();

    await authorEdits(`Buses would run all night on Fridays and Saturdays (${lang}, second edit).`);
    await witnessSeesTheEdit();
    const [alert] = await until('the follower’s alert of the second edit', async () => {
      const found = await editedAlerts(follower, followerId);
      return found.length > 0 ? found : null;
    }, eventWaitMs);
    expect(alert!.link).toBe(`/decisions/history/proposal/${proposalId}`);

    await openAndWaitFor(page, `${baseUrl}/notifications`, t.notificationsTitle);
    const item = page.locator('li.notification').filter({ hasText: t.edited(proposal.title) });
    await item.first().waitFor();
    expect(await item.count()).toBe(1);
    expect(await item.locator('.notification__text').textContent()).toBe(t.edited(proposal.title));
    expect(await item.getByRole('link', { name: t.open, exact: true }).getAttribute('href')).toBe(`/decisions/history/proposal/${proposalId}`);
    await shot(page, `follow-alert-${lang}`);
    expect(follower.problems).toEqual([]);
  }, 180_000);

  it('mails the daily digest in the member’s language, whose link turns the digest off', async () => {
    const { page } = follower;
    const { mail, link } = await waitForMailLink(ownStack!.mailUrl, account.email, '/unsubscribe', { timeoutMs: eventWaitMs, seen: ownStack!.seen });
    expect(mailText(mail)).toMatch(t.digestMail);
    expect(mailText(mail)).toContain(proposal.title);

    // A forged link is refused with the catalogue's message in the member's language: the digest stays on.
    await page.goto(`${baseUrl}/unsubscribe?token=${encodeURIComponent(`${followerId}.not-a-signature`)}`);
    await page.getByRole('alert').getByText(t.invalidLink, { exact: true }).waitFor();
    const forged = await page.request.post(`${baseUrl}/api/users/notifications/digest/unsubscribe`, {
      data: { token: `${followerId}.not-a-signature` },
      headers: { 'content-type': 'application/json' },
    });
    expect(forged.status()).toBe(400);
    expect(((await forged.json()) as { statusMessage: string }).statusMessage).toBe('Invalid unsubscribe link');
    expect((await apiCall<{ digest: string }>(follower.context, baseUrl, 'GET', '/api/users/notifications/preferences')).digest).toBe('daily');

    // One click from the mail: the screen says so and leads to the settings, where the digest is off.
    await page.goto(`${baseUrl}${link.pathname}${link.search}`);
    await page.getByRole('heading', { level: 1, name: t.unsubscribeTitle, exact: true }).waitFor();
    await page.getByText(t.unsubscribed, { exact: true }).waitFor();
    await shot(page, `follow-unsubscribed-${lang}`);
    await page.getByRole('link', { name: t.mySettings, exact: true }).click();
    const section = page.getByRole('region', { name: t.followSection, exact: true });
    await section.getByRole('radio', { name: t.off, exact: true }).waitFor();
    expect(await section.getByRole('radio', { name: t.off, exact: true }).isChecked()).toBe(true);
    expect(await section.getByRole('radio', { name: t.daily, exact: true }).isChecked()).toBe(false);

    expect(follower.problems).toEqual([]);
  }, 120_000);

  it('stops following from the list in the settings, and the card shows Follow again', async () => {
    const { page } = follower;
    const section = await openFollowSettings(page);
    await section.getByRole('button', { name: t.unfollow(proposal.title), exact: true }).click();
    await page.locator('[data-snackbar="success"]', { hasText: t.unfollowed(proposal.title) }).waitFor();
    await section.getByText(t.nothingFollowed, { exact: true }).waitFor();
    await page.reload();
    await section.getByText(t.nothingFollowed, { exact: true }).waitFor();

    await openAndWaitFor(page, `${baseUrl}/decisions/proposals`, t.proposalsTitle);
    await followButton(page, lang, false).waitFor();
    expect(follower.problems).toEqual([]);
  }, 120_000);
});
