import { readFileSync } from 'node:fs';
import { JSDOM } from 'jsdom';
import { descriptionOf, setDescription } from '../src/app/document-meta.js';

type Catalog = Record<string, string>;
const catalog = async (locale: 'en' | 'fr') =>
  ((await import(new URL(`../src/i18n/${locale}.json`, import.meta.url).href, { with: { type: 'json' } })) as { default: Catalog }).default;
const en = await catalog('en');
const fr = await catalog('fr');

describe('the meta description of each route', () => {
  const cases: [string, string][] = [
    ['/', 'meta.description.home'],
    ['/decisions/proposals', 'meta.description.proposals'],
    ['/decisions/voting-on-proposals', 'meta.description.voting'],
    ['/decisions/creations', 'meta.description.drafting'],
    ['/decisions/final-vote', 'meta.description.finalVote'],
    ['/decisions', 'meta.description.decisions'],
    ['/decisions/0b5c6d1e-1111-4222-8333-444455556666', 'meta.description.decisions'],
    ['/kanban/laws', 'meta.description.kanban'],
    ['/archive', 'meta.description.archive'],
    ['/archive/', 'meta.description.archive'],
    ['/archive/0b5c6d1e-1111-4222-8333-444455556666', 'meta.description.archivedLaw'],
    ['/elections/elected', 'meta.description.elections'],
    ['/about', 'meta.description.about'],
    ['/help', 'meta.description.help'],
    ['/legal', 'meta.description.legal'],
    ['/notifications', 'meta.description.other'],
    // A prefix is a whole segment: /decisionsX is not a decisions page.
    ['/decisionsX', 'meta.description.other'],
  ];

  it.each(cases)('%s is described by %s', (path, id) => {
    expect(descriptionOf(path).id).toBe(id);
  });

  it('has every description in English and French, distinct per route and of a useful length', () => {
    const ids = [...new Set(cases.map(([, id]) => id))];
    for (const messages of [en, fr]) {
      const texts = ids.map((id) => messages[id]);
      expect(texts.every((text) => typeof text === 'string' && text.length >= 50 && text.length <= 160)).toBe(true);
      expect(new Set(texts).size).toBe(ids.length);
    }
    expect(ids.filter((id) => en[id] === fr[id])).toEqual([]);
  });

  it('replaces the page description, or adds one when the page has none', () => {
    const { document } = new JSDOM('<!doctype html><html><head><meta name="description" content="old"></head><body></body></html>').window;
    setDescription(en['meta.description.proposals']!, document);
    setDescription(fr['meta.description.proposals']!, document);
    const tags = document.head.querySelectorAll('meta[name="description"]');
    expect(tags).toHaveLength(1);
    expect(tags[0]!.getAttribute('content')).toBe(fr['meta.description.proposals']);

    const bare = new JSDOM('<!doctype html><html><head></head><body></body></html>').window.document;
    setDescription(en['meta.description.home']!, bare);
    expect(bare.head.querySelector('meta[name="description"]')!.getAttribute('content')).toBe(en['meta.description.home']);
  });
});

describe('the early remote download of the first page (index.ts)', () => {
  /** The object literal assigned to `name` in a source file, without spaces. */
  const literal = (file: string, name: string) => {
    const text = readFileSync(new URL(`../src/${file}`, import.meta.url), 'utf8');
    const match = new RegExp(`${name}\\b[^=]*=\\s*(\\{[^}]*\\})`).exec(text);
    if (!match) throw new Error(`${name} not found in ${file}`);
    return match[1]!.replace(/\s+/g, '').replace(/,\}$/, '}');
  };

  it('knows the same remote paths as the routes', () => {
    expect(literal('index.ts', 'earlyRemotePaths')).toBe(literal('AppRoutes.tsx', 'remotePaths'));
  });
});
