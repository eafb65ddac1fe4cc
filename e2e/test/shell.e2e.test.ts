/**
 * The shell and its two remotes in a real browser, against the running stack (E2E_BASE_URL): the
 * gateway serves the shell at /, the remotes under /remotes/<name>/ and /remotes.json.
 */
import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { logInSharedModerator, registerVerified } from '../src/accounts.js';
import { launchBrowser } from '../src/browser.js';
import { requireSharedStack, sharedStack } from '../src/shared-stack.js';

const { baseUrl } = sharedStack;
const secondsPerDay = 24 * 60 * 60;

let browser: Browser;

interface Session {
  context: BrowserContext;
  page: Page;
  /** Uncaught exceptions and CSP violations seen by the page. */
  problems: string[];
  /** Same-origin responses with a 4xx/5xx status. */
  failedResponses: string[];
}

const sessions: Session[] = [];
/** When the success snackbar appeared and left, in the page's own clock (ms). */
interface SnackbarTimes {
  shownAt?: number;
  goneAt?: number;
}

const run = randomBytes(3).toString('hex');

async function open(
  path: string,
  options: { locale?: string; prepare?: (page: Page) => Promise<unknown>; member?: string; serviceWorkers?: 'allow' | 'block' } = {},
): Promise<Session> {
  const context = await browser.newContext({ locale: options.locale ?? 'en-US', serviceWorkers: options.serviceWorkers ?? 'block' });
  if (options.member) {
    await registerVerified(
      context,
      sharedStack,
      { email: `shell.${options.member}.${run}@example.test`, userName: `shell ${options.member} ${run}`, password: 'shell-password-1', locale: 'en' },
    );
  }
  // Below jest's 30 s so that a failing wait reports what it was waiting for.
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  const session: Session = { context, page, problems: [], failedResponses: [] };
  sessions.push(session);
  page.on('pageerror', (error) => session.problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) session.problems.push(`csp: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400 && response.url().startsWith(baseUrl)) {
      session.failedResponses.push(`${response.status()} ${response.url()}`);
    }
  });
  await options.prepare?.(page);
  await page.goto(`${baseUrl}${path}`);
  return session;
}

function mainNav(page: Page) {
  return page.getByRole('navigation', { name: /^(Main navigation|Navigation principale)$/ });
}

/** Waits until the screen's one h1, inside `scope`, reads `text` (screens change after a click). */
async function heading(scope: Page | Locator, text: string): Promise<void> {
  await scope.getByRole('heading', { level: 1, name: text, exact: true }).waitFor();
  const page = 'page' in scope ? scope.page() : scope;
  expect(await page.locator('h1').count()).toBe(1);
}

function remote(page: Page, name: 'decisions' | 'elections') {
  return page.locator(`[data-remote="${name}"]`);
}

/** Opens `path` and waits for the remote `name` to render the screen `title`; answers the session and the remote's part. */
async function openRemote(path: string, name: 'decisions' | 'elections', title: string): Promise<Session & { root: Locator }> {
  const session = await open(path);
  const root = remote(session.page, name);
  await heading(root, title);
  return { ...session, root };
}

beforeAll(async () => {
  requireSharedStack();
  browser = await launchBrowser();
});

afterEach(async () => {
  await Promise.all(sessions.splice(0).map((session) => session.context.close()));
});

afterAll(async () => {
  await browser?.close();
});

describe('shell', () => {
  it('renders the home page in English with the header, navigation and footer', async () => {
    const { page, problems, failedResponses } = await open('/');
    await heading(page, 'Share and co-create the laws');
    expect(await page.locator('h1').count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    const nav = mainNav(page);
    for (const name of ['Home', 'Decisions', 'Elections', 'Archive', 'About', 'Help']) {
      expect(await nav.getByRole('link', { name, exact: true }).count()).toBe(1);
    }
    const footer = page.locator('footer');
    expect(await footer.getByRole('link', { name: 'Legal notice' }).getAttribute('href')).toBe('/legal');
    expect(await footer.getByRole('link', { name: 'Help' }).getAttribute('href')).toBe('/help');
    expect(await page.getByRole('button', { name: 'Français' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('true');
    // Keyboard: the first Tab reaches the skip link.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to main content');
    expect(await page.title()).toBe('Share and co-create the laws · Civic');
    expect(problems).toEqual([]);
    expect(failedResponses).toEqual([]);
  });

  it("names in index.html the files home's first render needs, each then fetched once", async () => {
    const fetched: string[] = [];
    const { page, problems } = await open('/', {
      prepare: async (page) =>
        page.on('request', (request) => {
          const url = new URL(request.url());
          if (url.origin === new URL(baseUrl).origin && /\.(js|css)$/.test(url.pathname)) fetched.push(url.pathname);
        }),
    });
    await heading(page, 'Share and co-create the laws');
    // The build's preloads (the bootstrap chunk and the shared modules) and home's lazy feed, which
    // src/index.ts preloads from the JSON block (frontends/shell/build/first-load-preload.mjs).
    const html = await (await page.request.get(`${baseUrl}/`)).text();
    const preloads = [...html.matchAll(/<link [^>]*rel="preload"[^>]*>/g)].map((link) => /href="([^"]+)"/.exec(link[0])![1]!);
    const block = /<script id="first-load-chunks" type="application\/json">([^<]*)<\/script>/.exec(html);
    const homeChunks = (JSON.parse(block![1]!) as Record<string, string[]>)['/']!;
    expect(preloads.some((file) => file.endsWith('.js'))).toBe(true);
    expect(homeChunks.some((file) => file.endsWith('.js'))).toBe(true);
    // None is wasted, and none is fetched a second time by the loader that uses it.
    for (const file of [...preloads, ...homeChunks]) expect([file, fetched.filter((path) => path === file).length]).toEqual([file, 1]);
    expect(problems).toEqual([]);
  });

  it("preloads a remote page's screen as its manifest names it, each file then fetched once", async () => {
    const fetched: string[] = [];
    const session = await open('/decisions/proposals', {
      prepare: async (page) =>
        page.on('request', (request) => {
          const url = new URL(request.url());
          if (url.origin === new URL(baseUrl).origin && /\.(js|css)$/.test(url.pathname)) fetched.push(url.pathname);
        }),
    });
    await heading(remote(session.page, 'decisions'), 'Proposals');
    // The remote's build lists, per route, its screen's files (frontend-kit's remoteConfig, routesModule).
    const manifest = (await (await session.page.request.get(`${baseUrl}/remotes/decisions/mf-manifest.json`)).json()) as {
      metaData: { publicPath: string; firstLoad: { path: string; files: string[] }[] };
    };
    const screen = manifest.metaData.firstLoad.find((route) => route.path === '/decisions/proposals')!;
    expect(screen.files.some((file) => file.endsWith('.js'))).toBe(true);
    const base = new URL(manifest.metaData.publicPath, baseUrl);
    for (const file of screen.files) {
      const { href, pathname } = new URL(file, base);
      // Preloaded by the shell's entry (src/index.ts) beside the remote's entry, and fetched only then.
      expect([pathname, await session.page.locator(`link[rel="preload"][href="${href}"]`).count()]).toEqual([pathname, 1]);
      expect([pathname, fetched.filter((path) => path === pathname).length]).toEqual([pathname, 1]);
    }
    expect(session.problems).toEqual([]);
  });

  it('renders the decisions screen from the decisions remote', async () => {
    const { root, problems, failedResponses } = await openRemote('/decisions', 'decisions', 'Decisions');
    expect(await root.textContent()).toContain('Each decision goes through five phases');
    expect(await root.getByRole('link', { name: 'Voting on proposals' }).getAttribute('href')).toBe(
      '/decisions/voting-on-proposals',
    );
    expect(problems).toEqual([]);
    expect(failedResponses).toEqual([]);
  });

  it('renders the elections screen from the elections remote', async () => {
    const { root, problems, failedResponses } = await openRemote('/elections', 'elections', 'Elections');
    expect(await root.textContent()).toContain('first day of each month');
    expect(problems).toEqual([]);
    expect(failedResponses).toEqual([]);
  });

  it('navigates between shell and remote screens without reloading', async () => {
    const { page, problems } = await open('/');
    await mainNav(page).getByRole('link', { name: 'Elections' }).click();
    await heading(remote(page, 'elections'), 'Elections');
    await mainNav(page).getByRole('link', { name: 'Archive' }).click();
    await heading(remote(page, 'decisions'), 'Archive');
    await mainNav(page).getByRole('link', { name: 'About' }).click();
    await heading(page, 'About');
    expect(await page.locator('[data-remote]').count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('switches to French, remembers it in the locale cookie for 365 days, and keeps it after a reload', async () => {
    const { context, page, problems } = await openRemote('/decisions', 'decisions', 'Decisions');

    await page.getByRole('button', { name: 'Français' }).click();
    const nav = mainNav(page);
    await nav.getByRole('link', { name: 'Accueil' }).waitFor();
    for (const name of ['Décisions', 'Élections', 'Archives', 'À propos', 'Aide']) {
      expect(await nav.getByRole('link', { name, exact: true }).count()).toBe(1);
    }
    await heading(remote(page, 'decisions'), 'Décisions');
    expect(await remote(page, 'decisions').textContent()).toContain('Chaque décision passe par cinq phases');
    expect(await page.locator('footer').getByRole('link', { name: 'Mentions légales' }).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
    expect(await page.getByRole('button', { name: 'Français' }).getAttribute('aria-pressed')).toBe('true');

    const cookie = (await context.cookies(baseUrl)).find((candidate) => candidate.name === 'locale');
    expect(cookie?.value).toBe('fr');
    expect(cookie?.path).toBe('/');
    expect(cookie?.sameSite).toBe('Lax');
    const expectedExpiry = Date.now() / 1000 + 365 * secondsPerDay;
    expect(Math.abs((cookie?.expires ?? 0) - expectedExpiry)).toBeLessThan(300);

    await page.reload();
    await heading(remote(page, 'decisions'), 'Décisions');
    expect(await mainNav(page).getByRole('link', { name: 'Accueil' }).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');

    // And back to English.
    await page.getByRole('button', { name: 'English' }).click();
    await heading(remote(page, 'decisions'), 'Decisions');
    expect((await context.cookies(baseUrl)).find((candidate) => candidate.name === 'locale')?.value).toBe('en');
    expect(problems).toEqual([]);
  });

  it('starts in French when the browser language is French and no cookie is set', async () => {
    const { page } = await open('/elections', { locale: 'fr-CA' });
    await heading(remote(page, 'elections'), 'Élections');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
  });

  it('loads a deep link directly', async () => {
    const { problems, failedResponses } = await openRemote('/elections/elected', 'elections', 'Elected officials');
    expect(problems).toEqual([]);
    expect(failedResponses).toEqual([]);
  });

  it('shows the 404 page for an unknown path', async () => {
    const { page, problems } = await open('/no/such/page');
    await heading(page, 'Page not found');
    const main = page.locator('main');
    expect(await main.textContent()).toContain('Page Not Found: /no/such/page');
    expect(await main.textContent()).toContain('404');
    expect(await main.textContent()).toContain('does not exist');
    expect(await main.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/');
    expect(problems).toEqual([]);
  });

  it('shows the 404 page for an unknown path under a remote prefix', async () => {
    const { page } = await open('/kanban/nothing-here');
    await heading(remote(page, 'decisions'), 'Page not found');
    expect(await page.locator('main').textContent()).toContain('Page Not Found: /kanban/nothing-here');
  });

  it('shows the error page with a status code, a message and a link home', async () => {
    const { page } = await open('/error');
    await heading(page, 'Something went wrong');
    expect(await page.locator('main').textContent()).toContain('Error 500');
    expect(await page.locator('main').textContent()).toContain('An unexpected error occurred');
    expect(await page.locator('main').getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/');
  });
});

describe('a remote that is down', () => {
  it('shows the translated unavailable panel while the header and the other remote keep working', async () => {
    const { page } = await open('/elections', {
      prepare: (page) => page.route('**/remotes/elections/**', (route) => route.abort()),
    });
    const panel = page.getByRole('alert');
    await panel.waitFor();
    expect(await panel.textContent()).toContain('This part of the site is unavailable right now');
    expect(await panel.getByRole('button', { name: 'Try again' }).count()).toBe(1);
    expect(await remote(page, 'elections').count()).toBe(0);
    await heading(page, 'Elections');

    await page.getByRole('button', { name: 'Français' }).click();
    await page.getByText('Cette partie du site est indisponible pour le moment').waitFor();
    expect(await page.getByRole('button', { name: 'Réessayer' }).count()).toBe(1);

    await mainNav(page).getByRole('link', { name: 'Décisions' }).click();
    await heading(remote(page, 'decisions'), 'Décisions');

    await mainNav(page).getByRole('link', { name: 'Accueil' }).click();
    await heading(page, 'Partageons et co-créons les lois');
  });

  it('loads the remote when it comes back and the user retries', async () => {
    const { page } = await open('/elections/elected', {
      prepare: (page) => page.route('**/remotes/elections/**', (route) => route.abort()),
    });
    await page.getByRole('alert').waitFor();
    await page.unroute('**/remotes/elections/**');
    await page.getByRole('button', { name: 'Try again' }).click();
    await heading(remote(page, 'elections'), 'Elected officials');
  });

  it('shows the panel when the manifest answers 404', async () => {
    const { page } = await open('/decisions', {
      prepare: (page) =>
        page.route('**/remotes/decisions/mf-manifest.json', (route) => route.fulfill({ status: 404, body: 'Not found' })),
    });
    expect(await page.getByRole('alert').textContent()).toContain('This part of the site is unavailable right now');
    await mainNav(page).getByRole('link', { name: 'Elections' }).click();
    await heading(remote(page, 'elections'), 'Elections');
  });

  it('shows the panel when the remote module throws', async () => {
    const { page } = await open('/archive', {
      prepare: (page) =>
        page.route('**/remotes/decisions/*/__federation_expose_*', (route) =>
          route.fulfill({ status: 200, contentType: 'text/javascript', body: 'throw new Error("broken remote");' }),
        ),
    });
    expect(await page.getByRole('alert').textContent()).toContain('This part of the site is unavailable right now');
    await heading(page, 'Archive');
  });
});

/** Document loads of the main frame (the first load included): a reload adds one, client-side navigations none. */
function countLoads(page: Page): { count: () => number } {
  let loads = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads += 1;
  });
  return { count: () => loads };
}

async function sessionUser(page: Page): Promise<{ id: string; userName: string }> {
  return page.evaluate(async () => {
    const answer = await fetch('/api/login/auth-user', { method: 'POST', headers: { accept: 'application/json', 'x-requested-with': 'fetch' } });
    return (await answer.json()) as { id: string; userName: string };
  });
}

describe('shell frame', () => {
  it('shows the home page with the slogan, the current phases with countdowns and calls to action', async () => {
    const { page, problems } = await open('/');
    await heading(page, 'Share and co-create the laws');
    const phases = page.getByRole('region', { name: 'Current phases' });
    // A proposals phase counts down once its start rule is met; until then it says what it waits for.
    const cycles = (await (await fetch(`${baseUrl}/api/decisions`)).json()) as { cycles: { phase: string; startRule: { met: boolean } }[] };
    const proposalsCycle = cycles.cycles.find((cycle) => cycle.phase === 'proposals');
    expect(proposalsCycle).toBeDefined();
    if (proposalsCycle!.startRule.met) {
      const countdown = phases.locator('[data-countdown="proposals"]');
      await countdown.waitFor();
      expect(await countdown.textContent()).toMatch(/\d+ (day|hour|minute|second)s?/);
    } else {
      const waiting = phases.locator('[data-phase-waiting="proposals"]');
      await waiting.waitFor();
      expect(await waiting.textContent()).toMatch(/^Waiting for \d+ more (proposals?|verified citizens?)( and \d+ more verified citizens?)?$/);
    }
    expect(await phases.textContent()).toMatch(/Decision \d+/);
    // The header shows the same phases, each a link to its screen.
    const headerPhases = page.getByRole('navigation', { name: 'Current phases' });
    expect(await headerPhases.getByRole('link').first().getAttribute('href')).toMatch(/^\/(decisions|archive)/);
    expect(await page.getByRole('link', { name: 'Propose a law' }).getAttribute('href')).toBe('/decisions/proposals');
    expect(await page.locator('footer').textContent()).toContain(`© ${new Date().getFullYear()} Civic`);
    expect(problems).toEqual([]);
  });

  it('explains the process with its rules on /about, and answers questions on /help and /legal', async () => {
    const { page } = await open('/about');
    await heading(page, 'About');
    // The rules state the decisions service's settings, so they appear once those are loaded.
    await page.locator('main').getByText('5 creators per law').waitFor();
    const about = await page.locator('main').textContent();
    for (const rule of ['150 verified users and 10 proposals', 'top 3 proposals', '5 creators per law', 'strictly more “for” votes', 'one proposal every 7 days']) {
      expect(about).toContain(rule);
    }
    await page.goto(`${baseUrl}/legal`);
    await heading(page, 'Legal notice');
    const legal = await page.locator('main').textContent();
    expect(legal).toContain('no third-party cookies');
    expect(legal).toContain('IP addresses are stored to prevent');
    expect(legal).toContain('your profile is anonymized and your email address is removed');
    await page.goto(`${baseUrl}/help`);
    await heading(page, 'Help');
    expect(await page.getByRole('heading', { level: 2 }).count()).toBeGreaterThanOrEqual(5);
  });

  it('sends a fatal rendering error to /error', async () => {
    const { page } = await open('/users/fatal-profile/someone/activity', {
      prepare: (page) =>
        page.route('**/api/users/fatal-profile', (route) =>
          // A profile whose user name is not text: rendering it throws.
          route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ id: 'fatal-profile', userName: { broken: true }, memberSince: '2026-01-01T00:00:00Z', lawsCreated: 0, articlesCreated: 0, chatMessages: 0, moderator: false, scribe: false, deleted: false }) }),
        ),
    });
    await heading(page, 'Something went wrong');
    expect(new URL(page.url()).pathname).toBe('/error');
    expect(await page.locator('main').textContent()).toContain('Error 500');
    expect(await page.locator('main').getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/');
  });

  it('shows an API error as a translated toast with its date and time', async () => {
    const { page } = await open('/', { member: 'toast' });
    const user = await sessionUser(page);
    await page.route('**/api/users/edit-profile/**', (route) =>
      route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ statusCode: 403, statusMessage: 'Suspension error', data: { until: '2026-12-01T10:00:00Z' } }) }),
    );
    await page.goto(`${baseUrl}/users/${user.id}/${encodeURIComponent(user.userName)}/settings`);
    await heading(page, 'Your settings');
    await page.getByRole('button', { name: 'Français' }).click();
    await page.getByRole('button', { name: 'Enregistrer mon profil' }).click();
    const toast = page.locator('[data-snackbar="error"]');
    await toast.waitFor();
    expect(await toast.textContent()).toMatch(/^Erreur de suspension \(1er décembre 2026 à 11:00 \(heure de Paris\)\)$/);
  });

  it('asks for confirmation with No and Yes before deleting an account, and shows the snackbar for 4000 ms', async () => {
    const { page } = await open('/', { member: 'delete' });
    const user = await sessionUser(page);
    await page.goto(`${baseUrl}/users/${user.id}/${encodeURIComponent(user.userName)}/delete-account`);
    await heading(page, 'Delete your account');
    // Deleting asks for the current password first.
    await page.getByLabel('Your password').fill('shell-password-1');
    const submit = page.getByRole('button', { name: 'Delete my account' });

    await submit.click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    expect(await dialog.getByRole('button').allTextContents()).toEqual(['No', 'Yes']);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('No');
    await dialog.getByRole('button', { name: 'No' }).click();
    await dialog.waitFor({ state: 'detached' });
    // No: nothing happened, focus is back on the button.
    expect(new URL(page.url()).pathname).toContain('/delete-account');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Delete my account');
    // As after Escape below: the asking side reads the answer at its next 100 ms poll.
    await page.waitForTimeout(150);

    await submit.click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // The asking side reads the answer every 100 ms (the spec's modal poll): until it has, the form
    // is still busy with this question and takes no new submit.
    await page.waitForTimeout(150);

    // The snackbar's life is timed in the page, where a busy test process cannot stretch or shorten it.
    await page.evaluate(() => {
      const times: SnackbarTimes = {};
      (window as unknown as { snackbarTimes: SnackbarTimes }).snackbarTimes = times;
      new MutationObserver(() => {
        const shown = document.querySelector('[data-snackbar="success"]') !== null;
        if (shown && times.shownAt === undefined) times.shownAt = performance.now();
        if (!shown && times.shownAt !== undefined && times.goneAt === undefined) times.goneAt = performance.now();
      }).observe(document.body, { childList: true, subtree: true });
    });
    await submit.click();
    await dialog.getByRole('button', { name: 'Yes' }).click();
    const snackbar = page.locator('[data-snackbar="success"]');
    await snackbar.waitFor();
    expect(await snackbar.textContent()).toBe('Your account has been deleted.');
    await heading(page, 'Share and co-create the laws');
    // Not dismissible by default: no close button.
    expect(await snackbar.getByRole('button').count()).toBe(0);
    await snackbar.waitFor({ state: 'detached', timeout: 10_000 });
    const { shownAt, goneAt } = await page.evaluate(() => (window as unknown as { snackbarTimes: SnackbarTimes }).snackbarTimes);
    const shownFor = goneAt! - shownAt!;
    expect(shownFor).toBeGreaterThanOrEqual(3950);
    expect(shownFor).toBeLessThan(5500);
  });

  it('offers the troll hunt to moderators in the account menu, in English and French', async () => {
    const context = await browser.newContext({ locale: 'en-US', serviceWorkers: 'block' });
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    sessions.push({ context, page, problems: [], failedResponses: [] });
    await logInSharedModerator(context, sharedStack);
    await page.goto(`${baseUrl}/about`);
    await heading(page, 'About');
    await page.locator('header').getByRole('button', { name: /: account menu$/ }).click();
    const link = page.locator('header').getByRole('link', { name: 'Troll hunt' });
    expect(await link.getAttribute('href')).toBe('/decisions/troll-hunt');
    await link.click();
    await heading(remote(page, 'decisions'), 'Troll hunt');
    await page.getByRole('button', { name: 'Français' }).click();
    await heading(remote(page, 'decisions'), 'Chasse aux trolls');
    await page.locator('header').getByRole('button', { name: /menu du compte$/ }).click();
    expect(await page.locator('header').getByRole('link', { name: 'Chasse aux trolls' }).getAttribute('href')).toBe('/decisions/troll-hunt');
  });

  it('keeps the troll hunt out of the menu of members who are not moderators', async () => {
    const { page } = await open('/about', { member: 'plain' });
    await page.locator('header').getByRole('button', { name: /: account menu$/ }).click();
    await page.locator('header').getByRole('link', { name: 'My activity' }).waitFor();
    expect(await page.locator('header').getByRole('link', { name: 'Troll hunt' }).count()).toBe(0);
  });
});

describe('failed loads and new versions', () => {
  it('reloads the page once when a chunk fails to load, not twice within 10 seconds', async () => {
    let loads: { count: () => number } = { count: () => 0 };
    const { page } = await open('/elections/elected', {
      prepare: async (page) => {
        loads = countLoads(page);
        await page.route('**/remotes/elections/*/__federation_expose_*', (route) => route.abort());
      },
    });
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toContain('This part of the site is unavailable right now');
    // The first load failed and reloaded the page; the second failure, within 10 s, shows the panel.
    expect(loads.count()).toBe(2);
    const log = await page.evaluate(() => JSON.parse(sessionStorage.getItem('civic.chunk-reloads') ?? '{}') as Record<string, number>);
    expect(Object.keys(log)).toEqual(['/elections/elected']);
    await page.waitForTimeout(2000);
    expect(loads.count()).toBe(2);
  });

  it("reloads once when one of the shell's own screen chunks fails to load, then shows the error page", async () => {
    let loads: { count: () => number } = { count: () => 0 };
    let socketOpened: Promise<unknown> = Promise.resolve();
    const { page } = await open('/', {
      prepare: async (page) => {
        loads = countLoads(page);
        // A websocket, or socket.io's polling where the browser blocks it (the other wait is then left to time out quietly).
        const quietly = (wait: Promise<unknown>) => wait.catch(() => new Promise(() => undefined));
        socketOpened = Promise.race([quietly(page.waitForEvent('websocket')), quietly(page.waitForRequest((request) => new URL(request.url()).pathname.startsWith('/socket.io/')))]);
      },
    });
    await heading(page, 'Share and co-create the laws');
    // The page socket's client (docs/live.md) loads a second after the page: it is not a screen chunk.
    await socketOpened;
    const loaded = new Set(await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname)));
    // Every shell script not loaded yet (the login screen's chunk among them) now fails.
    await page.route(
      (url) => url.pathname.endsWith('.js') && !url.pathname.startsWith('/remotes/') && !loaded.has(url.pathname),
      (route) => route.abort(),
    );
    await page.locator('header').getByRole('link', { name: 'Log in' }).click();
    await heading(page, 'Something went wrong');
    expect(loads.count()).toBe(2);
    expect(new URL(page.url()).pathname).toBe('/error');
    await page.waitForTimeout(1500);
    expect(loads.count()).toBe(2);
  });

  it('offers a reload once a new build is deployed', async () => {
    const { page } = await open('/', {
      prepare: async (page) => {
        await page.clock.install();
      },
    });
    await heading(page, 'Share and co-create the laws');
    const prompt = page.locator('[data-update-prompt]');
    // The deployed build is the page's own: no prompt at the next check.
    await page.clock.fastForward('05:01');
    await page.waitForTimeout(500);
    expect(await prompt.count()).toBe(0);
    // A new build: /build-manifest.json names other entry scripts.
    await page.route('**/build-manifest.json', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ version: 'next', entry: ['/main.0123456789.js'] }) }),
    );
    await page.clock.fastForward('05:01');
    await prompt.waitFor();
    expect(await prompt.textContent()).toContain('A new version of the site is available.');
    const [reload] = await Promise.all([
      page.waitForRequest((request) => request.isNavigationRequest() && request.frame() === page.mainFrame()),
      prompt.getByRole('button', { name: 'Reload the page' }).click(),
    ]);
    expect(new URL(reload.url()).pathname).toBe('/');
  });

  it('registers a service worker at /sw.js that serves the shell on the next visit', async () => {
    const { page } = await open('/', { serviceWorkers: 'allow' });
    await heading(page, 'Share and co-create the laws');
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${baseUrl}/`);
    await page.waitForFunction(async () => (await caches.keys()).includes('civic-shell-v1'));
    const fromWorker: string[] = [];
    page.on('response', (response) => {
      if (response.fromServiceWorker()) fromWorker.push(new URL(response.url()).pathname);
    });
    await page.reload();
    await heading(page, 'Share and co-create the laws');
    expect(fromWorker.some((path) => /^\/main\.[0-9a-f]+\.js$/.test(path))).toBe(true);
  });
});
