import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

// axe-core is evaluated through the DevTools protocol, which the page's Content-Security-Policy does not govern (a
// <script> tag with its source inline would be refused, as any inline script is): the product's policy stays as it is.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeFinding {
  rule: string;
  impact: string;
  nodes: string[];
}

/** The critical and serious WCAG A/AA violations inside `scope` (a CSS selector; the whole document by default). */
export async function seriousViolations(page: Page, scope = 'html'): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  // Colours are measured once a dialog or menu has faded in: mid-transition everything is half transparent.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity));
  return page.evaluate(async (selector) => {
    type Result = { id: string; impact: string | null; nodes: { target: string[]; failureSummary?: string }[] };
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: Result[] }> } }).axe;
    const { violations } = await axe.run({ include: [[selector]] }, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return violations
      .filter((v) => v.impact === 'critical' || v.impact === 'serious')
      .map((v) => ({
        rule: v.id,
        impact: v.impact ?? '',
        nodes: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} — ${(n.failureSummary ?? '').split('\n').slice(1, 2).join('').trim().slice(0, 140)}`),
      }));
  }, scope);
}

export function describeFindings(where: string, findings: AxeFinding[]): string[] {
  return findings.map((f) => `${where}: ${f.impact} ${f.rule}\n    ${f.nodes.join('\n    ')}`);
}
