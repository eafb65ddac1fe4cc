/**
 * Accessibility checks with axe-core in the page under test: its source is evaluated in the page
 * through the DevTools protocol (so the Content-Security-Policy, which refuses inline scripts, does not
 * apply), then axe runs on the whole document. Answers the violations of serious or critical impact.
 */
import axe from 'axe-core';
import type { Page } from 'playwright-core';

export interface AxeViolation {
  rule: string;
  impact: string;
  help: string;
  /** CSS selectors of the offending elements. */
  targets: string[];
}

type AxeWindow = typeof globalThis & { axe?: { run: typeof axe.run } };

/**
 * The rules whose result depends on colours alone: a page in its dark theme has the same document as
 * in its light one, so only these can find anything new there.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** `rules`: only these axe rules (all of them by default). */
export async function seriousAxeViolations(page: Page, rules?: readonly string[]): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => typeof (globalThis as AxeWindow).axe !== 'undefined');
  if (!loaded) await page.evaluate(axe.source);
  const violations = await page.evaluate(async (only) => {
    const options = only ? { resultTypes: ['violations' as const], runOnly: { type: 'rule' as const, values: only } } : { resultTypes: ['violations' as const] };
    const results = await (globalThis as AxeWindow).axe!.run(document, options);
    return results.violations.map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? 'unknown',
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  }, rules ? [...rules] : null);
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

/** One line per violation, for test failure messages and reports. */
export function describeViolations(violations: readonly AxeViolation[]): string[] {
  return violations.map((violation) => `${violation.impact} ${violation.rule} (${violation.help}): ${violation.targets.join(', ')}`);
}
