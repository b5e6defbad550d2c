/**
 * Accessibility as a test: axe (axe-core's own source, run in the page) finds no violation, of any impact,
 * on the page as it is now, in the light and then the dark colour scheme.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { expect } from 'vitest';
import type { JourneyPage } from './browsers';

const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

/** axe's findings on the page as it is now, each as one readable line. */
async function violations(page: JourneyPage): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.addScript(AXE);
  return page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(): Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run()).violations.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')} — ${v.nodes[0]?.failureSummary ?? v.help}`,
    );
  });
}

/** No violation on the page as it is now, in the light and then the dark scheme; the message names which. */
export async function expectClean(page: JourneyPage, state: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.colorScheme(scheme);
    await page.waitForFunction(
      (dark) => matchMedia('(prefers-color-scheme: dark)').matches === dark,
      {},
      scheme === 'dark',
    );
    // A colour transition (the options page's switches) has ended before axe reads the colours.
    await page.evaluate(() =>
      Promise.all(document.getAnimations().flatMap((a) => (a instanceof CSSTransition ? [a.finished] : []))),
    );
    expect(await violations(page), `axe on ${state} (${scheme})`).toEqual([]);
  }
}
