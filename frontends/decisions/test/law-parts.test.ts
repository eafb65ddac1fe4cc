/**
 * The law screens' parts as they render: the ballot under an article or amendment speaks of a text,
 * not of a proposal, and shows only when the text's answer lets the reader vote; the one vote
 * control (proposals and texts alike) shows the reader's vote with a way to take it back, and an
 * amendment's changes keep their words apart; the creation screen opens on the law the reader was
 * drawn to write.
 */
import { createElement as h, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import type { Article } from '@civic/contracts';
import { FeedbackProvider } from '@civic/frontend-kit/remote-feedback';
import { defaultLaw } from '../src/ui/law-choice.js';
import { SessionProvider } from '@civic/frontend-kit/remote-session';
import { BallotControls } from '../src/ui/BallotControls.js';
import { Changes } from '../src/ui/LawMeta.js';
import { VoteControl } from '../src/ui/VoteControl.js';

async function catalog(locale: 'en' | 'fr'): Promise<Record<string, string>> {
  const module = (await import(new URL(`../src/i18n/${locale}.json`, import.meta.url).href, { with: { type: 'json' } })) as { default: Record<string, string> };
  return module.default;
}
const catalogs = { en: await catalog('en'), fr: await catalog('fr') };

function markup(locale: 'en' | 'fr', node: ReactNode): string {
  const page = h(
    IntlProvider,
    { locale, messages: catalogs[locale] },
    h(MemoryRouter, null, h(SessionProvider, null, h(FeedbackProvider, { services: undefined, children: node }))),
  );
  return renderToStaticMarkup(page);
}

/** The markup's text, tags removed. */
function render(locale: 'en' | 'fr', node: ReactNode): string {
  return markup(locale, node).replace(/<[^>]+>/g, '');
}

const never = () => Promise.reject(new Error('not sent while rendering'));

const article = { id: 'a1', myVote: null, counts: { for: 0, against: 0, neutral: 0, blank: 0 }, may: { vote: true } } as unknown as Article;

describe.each(['en', 'fr'] as const)('the law parts (%s)', (locale) => {
  it('say under an article that the reader has not voted on this text, never on “this proposal”', () => {
    const text = render(locale, h(BallotControls, { lawId: 'l1', text: article, label: 'Article 1', onVoted: () => undefined }));
    expect(text).toContain(catalogs[locale]['decisions.vote.noneOnText']);
    expect(text).not.toContain(catalogs[locale]['decisions.vote.none']);
  });

  it('name a proposal in the vote control and say when the reader has not voted on it, with no way to take back', () => {
    const counts = { for: 0, against: 0, neutral: 0, blank: 0, score: 0 };
    const html = markup(locale, h(VoteControl, { title: 'Free buses', counts, myVote: null, noVote: { id: 'decisions.vote.none' }, cast: never, onVoted: () => undefined }));
    const text = html.replace(/<[^>]+>/g, '');
    expect(text).toContain(catalogs[locale]['decisions.vote.yourVoteOn']!.replace('{title}', 'Free buses'));
    expect(text).toContain(catalogs[locale]['decisions.vote.none']);
    expect(html.match(/type="radio"/g)).toHaveLength(4);
    expect(html).not.toContain('checked');
    expect(text).not.toContain(catalogs[locale]['decisions.vote.takeBack']);
    expect(html).toContain('data-my-vote=""');
    // No vote yet: the bars say so in words.
    expect(text).toContain(catalogs[locale]['decisions.vote.noVotesYet']);
  });

  it('draw the votes as bars, each with its number and share written out, and the score', () => {
    const counts = { for: 3, against: 1, neutral: 0, blank: 0, score: 2 };
    const html = markup(locale, h(VoteControl, { title: 'Free buses', counts, score: true, myVote: 'for', noVote: { id: 'decisions.vote.none' }, cast: never, onVoted: () => undefined }));
    const text = html.replace(/<[^>]+>/g, '');
    expect(html.match(/class="ui-bars__row /g)).toHaveLength(4);
    expect(text).toMatch(locale === 'fr' ? /Pour3\s?\(75\s?%\)/ : /For3 \(75%\)/);
    expect(html).toMatch(/data-count="score">[^<]*<strong>2<\/strong>/);
  });

  it('show the reader’s vote checked, said in words, with the button to take it back', () => {
    const voted = { ...article, myVote: 'against' } as Article;
    const html = markup(locale, h(BallotControls, { lawId: 'l1', text: voted, label: 'Article 1', onVoted: () => undefined }));
    const text = html.replace(/<[^>]+>/g, '');
    expect(html).toMatch(/<input type="radio"[^>]*checked="" value="against"/);
    expect(html.match(/checked=""/g)).toHaveLength(1);
    expect(text).toContain(catalogs[locale]['decisions.vote.yourVote']!.replace('{choice}', catalogs[locale]['decisions.vote.against']!));
    expect(text).toContain(catalogs[locale]['decisions.vote.takeBack']);
    expect(html).toContain('data-my-vote="against"');
    // Nothing is being sent: neither the group nor the button says it is busy.
    expect(html).not.toContain('aria-busy');
    expect(html).not.toContain('aria-disabled');
  });

  it('show a text’s counts without the choices when its answer does not let the reader vote', () => {
    const counts = { for: 2, against: 1, neutral: 0, blank: 0 };
    const html = markup(locale, h(BallotControls, { lawId: 'l1', text: { ...article, counts, myVote: 'for', may: { vote: false } } as unknown as Article, label: 'Article 1', onVoted: () => undefined }));
    expect(html.match(/class="ui-bars__row /g)).toHaveLength(4);
    expect(html).not.toContain('type="radio"');
    expect(html.replace(/<[^>]+>/g, '')).not.toContain(catalogs[locale]['decisions.vote.takeBack']);
  });

  it('keep a space between a removed word and the added one', () => {
    const text = render(locale, h(Changes, { before: 'Les bus sont gratuits le dimanche.', after: 'Les bus sont gratuits le samedi.' }));
    expect(text).toContain('dimanche samedi.');
  });
});

describe('the law a phase screen shows without ?law=', () => {
  const reader = '11111111-1111-4111-8111-111111111111';
  const law = (id: string, creators: string[]) => ({ id, creators: creators.map((userId) => ({ userId, userName: 'x' })) });
  const laws = [law('first', ['22222222-2222-4222-8222-222222222222']), law('mine', [reader])];

  it('is the one the reader was drawn to write', () => {
    expect(defaultLaw(laws, reader)).toBe('mine');
  });

  it('is the first for a reader drawn for none, or a visitor; none without laws', () => {
    expect(defaultLaw(laws, '33333333-3333-4333-8333-333333333333')).toBe('first');
    expect(defaultLaw(laws, null)).toBe('first');
    expect(defaultLaw([], reader)).toBeNull();
  });
});
