/**
 * The shell and its two remotes in a real browser, against the running stack (E2E_BASE_URL): the
 * gateway serves the shell at /, the remotes under /remotes/<name>/ and /remotes.json.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser } from '../src/browser.js';

const baseUrl = (process.env.E2E_BASE_URL ?? '').replace(/\/+$/, '');
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

async function open(path: string, options: { locale?: string; prepare?: (page: Page) => Promise<unknown> } = {}): Promise<Session> {
  const context = await browser.newContext({ locale: options.locale ?? 'en-US' });
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

beforeAll(async () => {
  if (!baseUrl) throw new Error('E2E_BASE_URL is not set: the browser tests need the running stack');
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

  it('renders the decisions screen from the decisions remote', async () => {
    const { page, problems, failedResponses } = await open('/decisions');
    const root = remote(page, 'decisions');
    await heading(root, 'Decisions');
    expect(await root.textContent()).toContain('Each decision goes through five phases');
    expect(await root.getByRole('link', { name: 'Voting on proposals' }).getAttribute('href')).toBe(
      '/decisions/voting-on-proposals',
    );
    expect(problems).toEqual([]);
    expect(failedResponses).toEqual([]);
  });

  it('renders the elections screen from the elections remote', async () => {
    const { page, problems, failedResponses } = await open('/elections');
    const root = remote(page, 'elections');
    await heading(root, 'Elections');
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
    const { context, page, problems } = await open('/decisions');
    await heading(remote(page, 'decisions'), 'Decisions');

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
    const { page, problems, failedResponses } = await open('/elections/elected');
    await heading(remote(page, 'elections'), 'Elected officials');
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
        page.route('**/remotes/decisions/__federation_expose_*', (route) =>
          route.fulfill({ status: 200, contentType: 'text/javascript', body: 'throw new Error("broken remote");' }),
        ),
    });
    expect(await page.getByRole('alert').textContent()).toContain('This part of the site is unavailable right now');
    await heading(page, 'Archive');
  });
});
