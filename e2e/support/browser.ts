import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium';
import { skipHomePopup } from './community';
import { recordPolicyViolations } from './content-security-policy';

/** Debian's Chromium, headless, with no traffic of its own (this machine's network is closed). */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM))
    throw new Error(`Chromium not found at ${CHROMIUM}: install Debian's chromium package`);
  // launch() gives every browser a fresh, throwaway user-data dir.
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

/** A phone: 390×844, touch, the app's own storage empty. */
export function phoneContext(browser: Browser, options: { locale?: string } = {}): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: options.locale ?? 'en-US',
  });
}

/** Waits for a screen's root by its route name (`data-screen`, docs/product/app-shell-and-settings.md#routes). */
export async function expectScreenOnPage(page: Page, name: string): Promise<void> {
  await page
    .locator(`[data-screen="${name}"]:visible`)
    .first()
    .waitFor({ state: 'visible', timeout: 15_000 });
}

/**
 * One browser per test file and a fresh phone context per test; `onEach` receives the page and
 * context of each test. The demo world's announcement pop-up would cover Home at random moments,
 * so it counts as already seen unless a journey is about it. A test fails if the app broke its
 * own Content-Security-Policy anywhere along the way.
 */
export function usePhone(
  onEach: (page: Page, context: BrowserContext) => void,
  options: { announcements?: boolean } = {},
): void {
  let browser: Browser;
  let context: BrowserContext;
  let violations: string[];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());
  beforeEach(async () => {
    context = await phoneContext(browser);
    if (!options.announcements) await skipHomePopup(context);
    violations = await recordPolicyViolations(context);
    onEach(await context.newPage(), context);
  });
  afterEach(async () => {
    await context.close();
    if (violations.length > 0)
      throw new Error(`Content-Security-Policy violations:\n${violations.join('\n')}`);
  });
}
