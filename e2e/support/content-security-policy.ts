import type { BrowserContext, ConsoleMessage } from 'playwright-core';

/**
 * Collects every Content-Security-Policy violation in a context's pages, across reloads: the
 * documents' `securitypolicyviolation` events, and Chromium's console reports, which also cover
 * what the page's workers were refused.
 */
export async function recordPolicyViolations(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeBinding('__reportPolicyViolation', (_source, text: string) => {
    violations.push(text);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportPolicyViolation(text: string): void })
        .__reportPolicyViolation;
      report(
        `${event.effectiveDirective} refused ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  const onConsole = (message: ConsoleMessage) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  };
  context.on('console', onConsole);
  return violations;
}
