/**
 * The rule texts of /about and /help state the numbers the decisions service runs with, not the
 * defaults: a stack of its own with 2 selected proposals, 2-hour extensions, 2-day proposals phases
 * and 4 creators per law, and the identity service's 7 accounts per IP address (3 a day), read by a
 * visitor in English and in French.
 */
import type { Page } from 'playwright-core';
import { startOwnStack, type OwnStack } from '../src/own-stack.js';
import { openAndWaitFor, openSession } from '../src/session.js';
import { languages } from '../src/languages.js';

let stack: OwnStack | null = null;

beforeAll(async () => {
  stack = await startOwnStack(
    'e2e_rules_text',
    {
      SELECTED_PROPOSALS: '2',
      PHASE_EXTENSION_SECONDS: '7200',
      PHASE_PROPOSALS_SECONDS: String(2 * 24 * 60 * 60),
      CREATORS_PER_LAW: '4',
      MAX_ACCOUNTS_PER_IP: '7',
      MAX_ACCOUNTS_PER_IP_PER_DAY: '3',
    },
    { needsMail: false },
  );
}, 120_000);

afterAll(() => stack?.stop(), 60_000);

const texts = {
  en: {
    locale: 'en-US',
    about: 'About',
    help: 'Help',
    rules: ['The proposals phase lasts 2 days', 'extended by 2 hours at a time', 'The top 2 proposals become laws to write', '4 creators per law are drawn'],
    answer: '4 creators are drawn for each selected law',
    accounts: 'One IP address may create at most 7 accounts, and 3 a day.',
  },
  fr: {
    locale: 'fr-FR',
    about: 'À propos',
    help: 'Aide',
    rules: ['La phase de propositions dure 2 jours', 'prolongée de 2 heures à la fois', 'Les 2 meilleures propositions deviennent des lois à rédiger', '4 créateurs par loi sont tirés'],
    answer: '4 créateurs sont tirés au sort pour chaque loi retenue',
    accounts: 'Une même adresse IP peut créer au plus 7 comptes, et 3 par jour.',
  },
};

async function open(page: Page, path: string, title: string, awaited: string): Promise<string> {
  await openAndWaitFor(page, `${stack!.baseUrl}${path}`, title);
  await page.locator('main').getByText(awaited).waitFor();
  // Durations keep their number and unit together with a no-break space: compared as plain spaces.
  return ((await page.locator('main').textContent()) ?? '').replace(/\u00a0/g, ' ');
}

describe.each(languages)('rule texts (%s)', (lang) => {
  const t = texts[lang];

  it('states the configured numbers on /about and /help', async () => {
    const { context, page } = await openSession(stack!.browser, { locale: t.locale, serviceWorkers: 'block' }, 10_000);
    try {
      const about = await open(page, '/about', t.about, t.rules[0]!);
      for (const rule of t.rules) expect(about).toContain(rule);
      expect(await open(page, '/help', t.help, t.answer)).toContain(t.answer);
      await page.locator('main').getByText(t.accounts, { exact: false }).waitFor();
    } finally {
      await context.close();
    }
  });
});
