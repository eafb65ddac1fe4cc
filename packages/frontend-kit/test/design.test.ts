/**
 * The design components as they render (server markup, as the apps' tests do): the bars' numbers,
 * shares and text equivalent, the timeline's current step, the side panel's two parts, the tabs'
 * roving tab order, and the keyboard movement the menu and the tabs share.
 */
import { createElement as h, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import {
  Button,
  ButtonLink,
  Card,
  Meter,
  PageHeader,
  PhaseTimeline,
  ResultBars,
  SidePanelLayout,
  Skeleton,
  TabPanel,
  Tabs,
  VoteBars,
  nextIndex,
  nowPosition,
  percentages,
} from '../src/design/index.js';

const render = (node: ReactNode, locale = 'en') => renderToStaticMarkup(h(IntlProvider, { locale }, h(MemoryRouter, null, node)));
/** The visible text, tags removed and spaces (including French thin spaces) made plain. */
const text = (markup: string) => markup.replace(/<[^>]+>/g, ' ').replace(/[\s\u00a0\u202f]+/g, ' ').trim();

describe('percentages', () => {
  it('adds up to 100, the largest remainders taking the rounding', () => {
    expect(percentages([2, 1, 0, 0])).toEqual([67, 33, 0, 0]);
    expect(percentages([7, 2, 1, 0]).reduce((a, b) => a + b)).toBe(100);
    expect(percentages([3, 2, 1])).toEqual([50, 33, 17]);
  });

  it('gives equal counts equal shares, even when that misses 100 by a point or two', () => {
    expect(percentages([1, 1, 1])).toEqual([33, 33, 33]);
    expect(percentages([1, 1, 1, 1, 1, 1])).toEqual([17, 17, 17, 17, 17, 17]);
    expect(percentages([2, 2, 1, 1, 0])).toEqual([33, 33, 17, 17, 0]);
    expect(percentages([5, 1, 1, 1, 1, 1, 1])).toEqual([46, 9, 9, 9, 9, 9, 9]);
  });

  it('is all zeros when nothing was counted (no division by zero)', () => {
    expect(percentages([0, 0, 0, 0])).toEqual([0, 0, 0, 0]);
  });
});

describe('VoteBars', () => {
  const counts = [
    { key: 'for', label: 'For', value: 6 },
    { key: 'against', label: 'Against', value: 3 },
    { key: 'neutral', label: 'Neutral', value: 1 },
    { key: 'blank', label: 'Blank', value: 0 },
  ] as const;

  it('shows each choice with its number and share as text, under the caption', () => {
    const markup = render(h(VoteBars, { counts: [...counts], caption: 'Votes on article 1' }));
    expect(markup).toContain('<figcaption class="ui-bars__caption">Votes on article 1</figcaption>');
    expect(text(markup)).toBe('Votes on article 1 For 6 (60%) Against 3 (30%) Neutral 1 (10%) Blank 0 (0%)');
    // The bars are drawn to the same shares, in the choice's colour class, and hidden from screen readers.
    expect(markup).toContain('<li class="ui-bars__row ui-bars__row--for" data-key="for"><span class="ui-bars__label">For</span><span class="ui-bars__track" aria-hidden="true"><span class="ui-bars__fill" style="width:60%">');
    expect(markup).toContain('style="width:0%"');
  });

  it('writes French numbers the French way', () => {
    const markup = render(h(VoteBars, { counts: [{ key: 'for', label: 'Pour', value: 1200 }, { key: 'against', label: 'Contre', value: 0 }], caption: 'Votes' }), 'fr');
    expect(text(markup)).toBe('Votes Pour 1 200 (100 %) Contre 0 (0 %)');
  });

  it('keeps empty tracks when there are no votes yet', () => {
    const markup = render(h(VoteBars, { counts: counts.map((count) => ({ ...count, value: 0 })), caption: 'No votes yet' }));
    expect(markup.match(/style="width:0%"/g)).toHaveLength(4);
    expect(text(markup)).toContain('No votes yet');
  });
});

describe('ResultBars', () => {
  it('ranks the rows, the largest drawn full width, the highlighted ones in bold', () => {
    const markup = render(
      h(ResultBars, {
        caption: 'Results',
        rows: [
          { key: 'b', label: 'Bea', value: 2 },
          { key: 'a', label: 'Ada', value: 8, highlight: true },
        ],
      }),
    );
    expect(text(markup)).toBe('Results Ada 8 (80%) Bea 2 (20%)');
    expect(markup).toContain('ui-bars__row--highlight" data-key="a"><span class="ui-bars__label"><strong>Ada</strong>');
    expect(markup).toMatch(/data-key="a">.*?width:100%.*data-key="b">.*?width:25%/);
  });
});

describe('PhaseTimeline', () => {
  const phases = [
    { key: 'proposals', label: 'proposals', start: '2026-03-01', end: '2026-03-10', state: 'done' },
    { key: 'voting', label: 'voting', start: '2026-03-10', end: '2026-03-20', state: 'current' },
    { key: 'creation', label: 'creation', state: 'upcoming' },
    { key: 'final', label: 'final vote', state: 'upcoming' },
  ] as const;

  it('marks the current phase as the current step, with "now" and the dates', () => {
    const markup = render(h(PhaseTimeline, { label: 'Decision cycle', phases: [...phases], now: '2026-03-15T00:00:00Z' }));
    expect(markup).toContain('role="group" aria-label="Decision cycle"');
    expect(markup.match(/aria-current="step"/g)).toHaveLength(1);
    expect(markup).toMatch(/<li class="ui-timeline__phase ui-timeline__phase--current" aria-current="step">/);
    // Dates in the platform's format and time zone; "Now" alone, not "Now · 15 Mar".
    expect(text(markup)).toContain('voting 10 Mar – 20 Mar Now');
    expect(text(markup)).not.toContain('Now ·');
    expect(text(markup)).toContain('proposals 1 Mar – 10 Mar finished');
    // The marker halfway through the current phase.
    expect(markup).toContain('--ui-now:50%');
  });

  it('shows a phase that starts and ends the same day with that day once', () => {
    const sameDay = [{ key: 'proposals', label: 'proposals', start: '2026-11-27T08:00:00Z', end: '2026-11-27T09:00:00Z', state: 'current' as const }];
    const markup = render(h(PhaseTimeline, { label: 'Cycle', phases: sameDay, now: '2026-11-27T08:30:00Z' }));
    expect(text(markup)).toContain('proposals 27 Nov Now');
    expect(text(markup)).not.toContain('27 Nov – 27 Nov');
  });

  it('speaks French in French', () => {
    const markup = render(h(PhaseTimeline, { label: 'Cycle', phases: [...phases], now: '2026-03-15T00:00:00Z' }), 'fr');
    expect(text(markup)).toContain('Maintenant');
    expect(text(markup)).toContain('à venir');
  });

  it('places "now" within the phase, at its ends when outside it', () => {
    expect(nowPosition('2026-03-10', '2026-03-20', '2026-03-12')).toBe(20);
    expect(nowPosition('2026-03-10', '2026-03-20', '2026-04-01')).toBe(100);
    expect(nowPosition('2026-03-10', '2026-03-20', '2026-01-01')).toBe(0);
    expect(nowPosition(undefined, '2026-03-20', '2026-03-12')).toBe(50);
  });
});

describe('SidePanelLayout', () => {
  it('renders the texts and the side panel, with the phone button showing the unread count', () => {
    const markup = render(h(SidePanelLayout, { main: h('p', null, 'The texts'), aside: h('p', null, 'The chat'), asideLabel: 'Live chat', asideTitle: 'Chat', unread: 3 }));
    expect(markup).toMatch(/^<div class="ui-side-layout" data-layout="side-panel">/);
    expect(markup).toContain('<div class="ui-side-layout__main"><p>The texts</p></div>');
    expect(markup).toMatch(/<aside class="ui-side-layout__aside" data-side-panel="" aria-label="Live chat">.*<p>The chat<\/p>.*<\/aside>/);
    expect(markup).toMatch(/<button type="button" class="ui-side-layout__tab" aria-expanded="false">Chat<span class="ui-badge ui-badge--danger">3<span class="ui-visually-hidden"> unread<\/span><\/span><\/button>/);
  });

  it('shows no badge without unread messages', () => {
    const markup = render(h(SidePanelLayout, { main: 'm', aside: 'a', asideLabel: 'Live chat', asideTitle: 'Chat' }));
    expect(markup).not.toContain('ui-badge');
  });
});

describe('Tabs', () => {
  const tabs = [
    { key: 'texts', label: 'Texts' },
    { key: 'chat', label: 'Chat', badge: 2 },
  ];

  it('puts only the selected tab in the Tab order and links each tab to its panel', () => {
    const markup = render(
      h('div', null, h(Tabs, { label: 'Views', tabs, selected: 'chat', onSelect: () => undefined }), h(TabPanel, { tabKey: 'texts', selected: 'chat', children: 'T' }), h(TabPanel, { tabKey: 'chat', selected: 'chat', children: 'C' })),
    );
    expect(markup).toContain('role="tablist" aria-label="Views"');
    expect(markup).toContain('role="tab" id="ui-tab-texts" aria-controls="ui-tabpanel-texts" aria-selected="false" tabindex="-1"');
    expect(markup).toContain('role="tab" id="ui-tab-chat" aria-controls="ui-tabpanel-chat" aria-selected="true" tabindex="0"');
    expect(markup).toContain('<div class="ui-tabpanel" role="tabpanel" id="ui-tabpanel-texts" aria-labelledby="ui-tab-texts" hidden="" tabindex="0">T</div>');
    expect(markup).toContain('<div class="ui-tabpanel" role="tabpanel" id="ui-tabpanel-chat" aria-labelledby="ui-tab-chat" tabindex="0">C</div>');
    expect(markup).toContain('>Chat<span class="ui-badge ui-badge--accent ui-tabs__badge">2</span>');
  });
});

describe('nextIndex (menu and tabs keys)', () => {
  it('moves along the orientation, wrapping, and jumps with Home and End', () => {
    expect(nextIndex('ArrowDown', 0, 3, 'vertical')).toBe(1);
    expect(nextIndex('ArrowDown', 2, 3, 'vertical')).toBe(0);
    expect(nextIndex('ArrowUp', 0, 3, 'vertical')).toBe(2);
    expect(nextIndex('ArrowRight', 1, 3, 'horizontal')).toBe(2);
    expect(nextIndex('ArrowLeft', 0, 3, 'horizontal')).toBe(2);
    expect(nextIndex('Home', 2, 3, 'vertical')).toBe(0);
    expect(nextIndex('End', 0, 3, 'horizontal')).toBe(2);
  });

  it('leaves other keys, and the cross axis, to the browser', () => {
    expect(nextIndex('ArrowRight', 0, 3, 'vertical')).toBeUndefined();
    expect(nextIndex('ArrowDown', 0, 3, 'horizontal')).toBeUndefined();
    expect(nextIndex('a', 0, 3, 'vertical')).toBeUndefined();
    expect(nextIndex('Home', 0, 0, 'vertical')).toBeUndefined();
  });
});

describe('the simple parts', () => {
  it('PageHeader renders the one h1, lead, meta and actions', () => {
    const markup = render(h(PageHeader, { title: 'Decisions', lead: 'What is decided', meta: 'Cycle 3', actions: h(Button, null, 'New') }));
    expect(markup.match(/<h1/g)).toHaveLength(1);
    expect(text(markup)).toBe('Decisions What is decided Cycle 3 New');
  });

  it('buttons and button links carry the variant classes; a busy button cannot be pressed again', () => {
    expect(render(h(Button, { variant: 'danger', size: 'sm' }, 'Delete'))).toBe('<button type="button" class="ui-button ui-button--danger ui-button--sm">Delete</button>');
    expect(render(h(Button, { busy: true }, 'Send'))).toBe('<button type="button" class="ui-button ui-button--primary" disabled="" aria-busy="true"><span class="ui-button__spinner" aria-hidden="true"></span>Send</button>');
    expect(render(h(ButtonLink, { to: '/x', variant: 'secondary' }, 'Go'))).toBe('<a class="ui-button ui-button--secondary" href="/x" data-discover="true">Go</a>');
  });

  it('Card titles at the asked level, Meter says its value, Skeleton is busy with a spoken label', () => {
    expect(render(h(Card, { title: 'Sources', titleLevel: 3, tone: 'accent' }, 'x'))).toBe('<section class="ui-card ui-card--accent"><div class="ui-card__header"><h3 class="ui-card__title">Sources</h3></div>x</section>');
    const meter = render(h(Meter, { label: 'Signatures', value: 30, max: 40 }));
    expect(meter).toContain('role="meter" aria-valuemin="0" aria-valuemax="40" aria-valuenow="30" aria-valuetext="30 / 40" aria-label="Signatures"');
    expect(meter).toContain('width:75%');
    expect(render(h(Skeleton, { label: 'Loading…', lines: 2 }))).toBe(
      '<div class="ui-skeleton" role="status" aria-busy="true"><span class="ui-visually-hidden">Loading…</span><span class="ui-skeleton__line" aria-hidden="true"></span><span class="ui-skeleton__line" aria-hidden="true"></span></div>',
    );
  });
});
