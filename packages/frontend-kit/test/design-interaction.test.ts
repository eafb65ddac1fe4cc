/**
 * The design components' keyboard and pointer behaviour, in a jsdom document: the menu (arrows,
 * Home, End, Escape giving focus back, a click outside), the tabs' arrow keys, and the side panel's
 * bottom sheet on a phone (opens as a dialog, Escape closes and gives focus back to its button).
 */
import { installActDom } from './support/dom.js';

const window = installActDom({ more: ['KeyboardEvent', 'MouseEvent', 'Event'], visual: true });
// A phone-width window: the side panel is a bottom sheet.
window.matchMedia = ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;
// jsdom lays nothing out: every element counts as shown for the focus trap.
window.HTMLElement.prototype.getClientRects = function () {
  return [{}] as unknown as DOMRectList;
};

// After the globals: react-dom decides at load time whether it runs in a browser.
const { act, createElement: h, useState } = await import('react');
const { createRoot } = await import('react-dom/client');
const { IntlProvider } = await import('react-intl');
const { Menu, SidePanelLayout, Tabs } = await import('../src/design/index.js');

let container: HTMLElement;
let root: ReturnType<typeof createRoot>;

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const show = (node: Parameters<typeof root.render>[0]) => act(() => root.render(h(IntlProvider, { locale: 'en' }, node)));
const key = (target: Element, name: string, extra: KeyboardEventInit = {}) =>
  act(() => {
    target.dispatchEvent(new window.KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true, ...extra }));
  });
const click = (target: Element) => act(() => (target as HTMLElement).click());
const focused = () => document.activeElement?.textContent;

describe('Menu', () => {
  const chosen: string[] = [];
  const items = ['Edit', 'Move', 'Delete'].map((label) => ({ key: label, label, onSelect: () => chosen.push(label), danger: label === 'Delete' }));

  beforeEach(() => {
    chosen.length = 0;
    show(h(Menu, { label: 'More actions', items }));
  });
  const button = () => container.querySelector('button[aria-haspopup="menu"]')!;

  it('opens on a click with focus on the first action, and moves with the arrow keys, Home and End', () => {
    expect(button().getAttribute('aria-expanded')).toBe('false');
    expect(container.querySelector('[role="menu"]')).toBeNull();
    click(button());
    expect(button().getAttribute('aria-expanded')).toBe('true');
    const menu = container.querySelector('[role="menu"]')!;
    expect(button().getAttribute('aria-controls')).toBe(menu.id);
    expect([...menu.querySelectorAll('[role="menuitem"]')].map((item) => item.textContent)).toEqual(['Edit', 'Move', 'Delete']);
    expect(focused()).toBe('Edit');
    key(document.activeElement!, 'ArrowDown');
    expect(focused()).toBe('Move');
    key(document.activeElement!, 'End');
    expect(focused()).toBe('Delete');
    key(document.activeElement!, 'ArrowDown');
    expect(focused()).toBe('Edit');
    key(document.activeElement!, 'ArrowUp');
    expect(focused()).toBe('Delete');
    key(document.activeElement!, 'Home');
    expect(focused()).toBe('Edit');
  });

  it('closes on Escape and gives focus back to its button', () => {
    click(button());
    key(document.activeElement!, 'Escape');
    expect(container.querySelector('[role="menu"]')).toBeNull();
    expect(document.activeElement).toBe(button());
    expect(button().getAttribute('aria-expanded')).toBe('false');
  });

  it('runs the chosen action once and closes', () => {
    click(button());
    click([...container.querySelectorAll('[role="menuitem"]')][1]!);
    expect(chosen).toEqual(['Move']);
    expect(container.querySelector('[role="menu"]')).toBeNull();
  });

  it('opens from the keyboard with the down arrow, and closes on a click outside', () => {
    key(button(), 'ArrowDown');
    expect(focused()).toBe('Edit');
    act(() => {
      document.body.dispatchEvent(new window.MouseEvent('pointerdown', { bubbles: true }));
    });
    expect(container.querySelector('[role="menu"]')).toBeNull();
    expect(chosen).toEqual([]);
  });
});

describe('Tabs', () => {
  function Stateful() {
    const [selected, setSelected] = useState('texts');
    return h(Tabs, {
      label: 'Views',
      selected,
      onSelect: setSelected,
      tabs: [
        { key: 'texts', label: 'Texts' },
        { key: 'chat', label: 'Chat' },
        { key: 'votes', label: 'Votes' },
      ],
    });
  }

  it('moves focus and selection with the arrow keys, keeping one tab in the Tab order', () => {
    show(h(Stateful));
    const tabs = () => [...container.querySelectorAll<HTMLElement>('[role="tab"]')];
    const state = () => tabs().map((tab) => `${tab.textContent}:${tab.getAttribute('aria-selected')}:${tab.tabIndex}`);
    tabs()[0]!.focus();
    key(tabs()[0]!, 'ArrowRight');
    expect(state()).toEqual(['Texts:false:-1', 'Chat:true:0', 'Votes:false:-1']);
    expect(focused()).toBe('Chat');
    key(document.activeElement!, 'ArrowLeft');
    key(document.activeElement!, 'ArrowLeft');
    expect(focused()).toBe('Votes');
    expect(state()).toEqual(['Texts:false:-1', 'Chat:false:-1', 'Votes:true:0']);
    key(document.activeElement!, 'Home');
    expect(focused()).toBe('Texts');
  });
});

describe('SidePanelLayout on a phone', () => {
  it('opens the aside as a modal sheet, keeps Tab inside it, and closes on Escape back to its button', () => {
    show(h(SidePanelLayout, { main: h('p', null, 'Texts'), aside: h('input', { 'aria-label': 'Message' }), asideLabel: 'Live chat', asideTitle: 'Chat', unread: 2 }));
    const aside = container.querySelector('[data-side-panel]')!;
    const input = aside.querySelector('input')!;
    const tab = container.querySelector<HTMLButtonElement>('.ui-side-layout__tab')!;
    expect(aside.getAttribute('role')).toBeNull();
    expect(tab.textContent).toBe('Chat2 unread');

    click(tab);
    expect(aside.getAttribute('role')).toBe('dialog');
    expect(aside.getAttribute('aria-modal')).toBe('true');
    expect(container.querySelector('[data-layout="side-panel"]')!.hasAttribute('data-open')).toBe(true);
    expect(focused()).toBe('Close');
    // The aside is the same element: the chat inside it was not mounted again.
    expect(aside.querySelector('input')).toBe(input);

    input.focus();
    key(input, 'Tab');
    expect(focused()).toBe('Close');
    key(document.activeElement!, 'Tab', { shiftKey: true });
    expect(document.activeElement).toBe(input);

    key(input, 'Escape');
    expect(aside.getAttribute('role')).toBeNull();
    expect(document.activeElement).toBe(tab);
    expect(aside.querySelector('input')).toBe(input);
  });
});

describe('SidePanelLayout before its panel is known', () => {
  it('shows the main column alone, then keeps it mounted, with what was typed, when the panel arrives', () => {
    // A form with state of its own, as a proposal form is: a remount would empty it.
    function Draft() {
      const [words, setWords] = useState('');
      return h('input', { 'aria-label': 'Title', value: words, onChange: (event: { target: { value: string } }) => setWords(event.target.value) });
    }
    const layout = (aside: ReturnType<typeof h> | null) => h(SidePanelLayout, { main: h(Draft), aside, asideLabel: 'Live chat', asideTitle: 'Chat' });
    show(layout(null));
    expect(container.querySelector('[data-layout="main-only"]')).not.toBeNull();
    expect(container.querySelector('[data-side-panel]')).toBeNull();
    expect(container.querySelector('.ui-side-layout__tab')).toBeNull();
    const input = container.querySelector('input')!;
    act(() => {
      // React tracks the value it set: the native setter, then an input event, as a keystroke does.
      Object.getOwnPropertyDescriptor(window.HTMLInputElement.prototype, 'value')!.set!.call(input, 'Bike lanes');
      input.dispatchEvent(new window.Event('input', { bubbles: true }));
    });

    show(layout(h('p', null, 'Messages')));
    expect(container.querySelector('[data-layout="side-panel"] [data-side-panel]')!.textContent).toContain('Messages');
    expect(container.querySelector('input')).toBe(input);
    expect(input.value).toBe('Bike lanes');
  });
});
