/**
 * A jsdom document as the browser globals React and Testing Library read (window, document and the
 * DOM classes jsdom has and Node lacks). Install it before importing React DOM or Testing Library
 * (a dynamic import after the call). The globals stay until the test file ends (jest gives each file
 * its own): React may still run work it scheduled after the last test, and it reads `window` then.
 */
import { JSDOM } from 'jsdom';

/**
 * How long Testing Library's `findBy…` and `waitFor` wait. Its default, 1 s, is shorter than a first
 * render takes when `pnpm test` keeps both cores busy; a test that fails still fails, only later.
 */
const ASYNC_WAIT_MS = 10_000;

export async function installDom(url = 'http://localhost/'): Promise<void> {
  const dom = new JSDOM('<!doctype html><html><body></body></html>', { url, pretendToBeVisual: true });
  const window = dom.window as unknown as Record<string, unknown>;
  // Web storage is left out: its proxies do not survive being copied around by jest.
  const names = ['window', 'document', 'navigator', ...Object.getOwnPropertyNames(window).filter((name) => !(name in globalThis) && !/Storage$/i.test(name))];
  for (const name of new Set(names)) {
    Object.defineProperty(globalThis, name, { value: name === 'window' ? window : window[name], configurable: true, writable: true });
  }
  // Imported once the document exists: Testing Library binds `screen` to it as it loads.
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: ASYNC_WAIT_MS });
}

/**
 * The few globals React DOM needs to render with `act` and no Testing Library (window, document,
 * navigator, HTMLElement, Node, and `more` of the window's names), in React's act environment. They
 * are removed by hand after the file's tests: jest's own clean-up of leftover globals recurses through
 * jsdom's window. Returns the window, for a test to fake what jsdom lacks (matchMedia, layout).
 */
export function installActDom({ more = [], visual = false }: { more?: readonly string[]; visual?: boolean } = {}) {
  const { window } = new JSDOM('<!doctype html><html><body></body></html>', { pretendToBeVisual: visual });
  const names = ['window', 'document', 'navigator', 'HTMLElement', 'Node', ...more];
  for (const name of names) {
    Object.defineProperty(globalThis, name, { value: name === 'window' ? window : window[name as keyof typeof window], configurable: true, writable: true });
  }
  afterAll(() => {
    for (const name of names) delete (globalThis as Record<string, unknown>)[name];
    window.close();
  });
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  return window;
}
