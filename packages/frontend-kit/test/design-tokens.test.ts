/**
 * The design tokens as design.css defines them, in the light theme and the dark one: the pairs a
 * reader sees together reach WCAG AA contrast (4.5:1 for text, 3:1 for bars and control edges).
 */
import { readFileSync } from 'node:fs';

const css = readFileSync(new URL('../src/design/design.css', import.meta.url), 'utf8');

/** The `--ui-color-*` values of the first `:root { }` block found after `from`. */
function colours(from: number): Record<string, string> {
  const start = css.indexOf(':root {', from);
  const block = css.slice(start, css.indexOf('}', start));
  return Object.fromEntries([...block.matchAll(/--ui-color-([\w-]+):\s*(#[0-9a-f]{6});/gi)].map((match) => [match[1]!, match[2]!.toLowerCase()]));
}

const light = colours(0);
const dark = { ...light, ...colours(css.indexOf('@media (prefers-color-scheme: dark)')) };

/** WCAG 2 relative luminance and contrast ratio. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high! + 0.05) / (low! + 0.05);
}

const TEXT = 4.5;
const GRAPHIC = 3;
// [foreground, background, minimum]
const pairs: [string, string, number][] = [
  ['text', 'bg', TEXT],
  ['text', 'surface', TEXT],
  ['text', 'surface-2', TEXT],
  ['muted', 'bg', TEXT],
  ['muted', 'surface', TEXT],
  ['muted', 'surface-2', TEXT],
  ['on-accent', 'accent', TEXT],
  ['on-accent', 'accent-strong', TEXT],
  ['link', 'bg', TEXT],
  ['link', 'surface', TEXT],
  ['link', 'accent-soft', TEXT],
  ['success', 'surface', TEXT],
  ['success', 'success-soft', TEXT],
  ['warning', 'surface', TEXT],
  ['warning', 'warning-soft', TEXT],
  ['danger', 'surface', TEXT],
  ['danger', 'danger-soft', TEXT],
  ['text', 'warning-soft', TEXT],
  // The bars' colours beside their numbers, on the card behind them.
  ['vote-for', 'surface', GRAPHIC],
  ['vote-against', 'surface', GRAPHIC],
  ['vote-neutral', 'surface', GRAPHIC],
  ['vote-blank-edge', 'surface', GRAPHIC],
  ['vote-blank-edge', 'vote-blank', GRAPHIC],
  ['border-strong', 'surface', GRAPHIC],
  ['accent', 'surface', GRAPHIC],
  ['focus', 'bg', GRAPHIC],
  ['focus', 'surface', GRAPHIC],
];

describe.each([
  ['light', light],
  ['dark', dark],
] as const)('the %s theme', (_theme, tokens) => {
  it('defines every colour token', () => {
    for (const name of ['text', 'muted', 'bg', 'surface', 'surface-2', 'border', 'accent', 'accent-strong', 'on-accent', 'success', 'warning', 'danger', 'focus', 'vote-for', 'vote-against', 'vote-neutral', 'vote-blank']) {
      expect(tokens[name]).toMatch(/^#[0-9a-f]{6}$/);
    }
  });

  it.each(pairs)('%s on %s reaches %d:1', (foreground, background, minimum) => {
    expect(contrast(tokens[foreground]!, tokens[background]!)).toBeGreaterThanOrEqual(minimum);
  });

  it('tells the four vote choices apart from each other', () => {
    const votes = ['vote-for', 'vote-against', 'vote-neutral', 'vote-blank'].map((name) => tokens[name]);
    expect(new Set(votes).size).toBe(4);
  });
});

it('the dark theme really changes the page colours', () => {
  expect(dark.bg).not.toBe(light.bg);
  expect(luminance(dark.bg!)).toBeLessThan(luminance(light.bg!));
  expect(luminance(dark.text!)).toBeGreaterThan(luminance(light.text!));
});
