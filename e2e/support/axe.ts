import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
/** axe-core's browser bundle, read once: it runs inside the page, not in Node. */
const axeSource: string = require('axe-core').source;

/** The rules of WCAG 2.0 and 2.1, levels A and AA: what issue 15 asks the app to meet. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export type AxeViolation = {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; summary: string }>;
};

/**
 * Audits the page as it stands with axe-core. The source goes in through the DevTools protocol
 * (page.evaluate), which the app's Content-Security-Policy does not govern, so the audit needs
 * no exception in the policy that production serves.
 */
export async function auditPage(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axeSource);
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: AxeApi }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.map(String), summary: n.failureSummary ?? '' })),
    }));
  }, WCAG_TAGS);
}

/** A failure message a person can act on: rule, what it asks, and where on the page. */
export function describeViolations(screen: string, violations: AxeViolation[]): string {
  const lines = violations.flatMap((v) => [
    `${screen}: ${v.id} (${v.impact}) ${v.help}`,
    ...v.nodes.map((n) => `    ${n.target.join(' ')}\n      ${n.summary.replace(/\n/g, '\n      ')}`),
  ]);
  return lines.join('\n');
}

/** The part of axe-core's API the audit uses, as it looks from inside the page. */
type AxeApi = {
  run(
    context: Document,
    options: { runOnly: { type: 'tag'; values: string[] }; resultTypes: string[] },
  ): Promise<{
    violations: Array<{
      id: string;
      impact?: string | null;
      help: string;
      nodes: Array<{ target: unknown[]; failureSummary?: string }>;
    }>;
  }>;
};
