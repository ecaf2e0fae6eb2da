import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
export type AxeViolation = AxeResults['violations'][number];

/** Impacts that fail a page; 'minor' and 'moderate' are reported only. */
const BLOCKING = new Set(['serious', 'critical']);

function describe(violations: readonly AxeViolation[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map((n) => `      ${n.target.join(' ')}\n        ${n.failureSummary?.replace(/\n/g, '\n        ') ?? ''}`)
        .join('\n');
      const more = v.nodes.length > 5 ? `\n      … and ${v.nodes.length - 5} more` : '';
      return `  [${v.impact ?? 'unknown'}] ${v.id}: ${v.help}\n    ${v.helpUrl}\n${nodes}${more}`;
    })
    .join('\n');
}

/**
 * Runs axe on the page as it is now and fails on any serious or critical violation, printing
 * each with its selector and a fix summary. Lesser findings are attached to the report.
 */
export async function expectNoSeriousA11yViolations(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter((v) => v.impact != null && BLOCKING.has(v.impact));
  const minor = results.violations.filter((v) => !blocking.includes(v));
  if (minor.length > 0) {
    await test.info().attach(`axe-minor-${label}`, { body: describe(minor), contentType: 'text/plain' });
  }
  if (blocking.length > 0) {
    const report = describe(blocking);
    console.error(`axe: ${blocking.length} serious/critical violation(s) on ${label} (${page.url()}):\n${report}`);
    await test.info().attach(`axe-${label}`, { body: report, contentType: 'text/plain' });
  }
  expect(
    blocking.map((v) => `${v.impact}: ${v.id} (${v.nodes.length} node(s))`),
    `serious/critical accessibility violations on ${label}`,
  ).toEqual([]);
}
