import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { baseUrl, open } from './support/app';
import { expectScreenOnPage, launchBrowser, phoneContext } from './support/browser';
import { skipHomePopup } from './support/community';
import { recordPolicyViolations } from './support/content-security-policy';
import { downloadSeededGame, hostCall, waitForFirstFrame } from './support/games-play';

// Its own phone rather than usePhone's, which fails a journey on any violation: this one makes one.
let browser: Browser;
let context: BrowserContext;
let page: Page;
let violations: string[];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());
beforeEach(async () => {
  context = await phoneContext(browser);
  await skipHomePopup(context);
  violations = await recordPolicyViolations(context);
  page = await context.newPage();
});
afterEach(() => context.close());

describe('the content security policy', () => {
  it('lets Home, a post and a game run untouched while refusing a script injected into the page', async () => {
    const response = await page.goto(`${baseUrl()}/#/home`);
    const policy = response?.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("object-src 'none'");

    await expectScreenOnPage(page, 'home');
    await page.getByTestId('post-card').first().click();
    await expectScreenOnPage(page, 'post');

    await open(page, '/game');
    const game = await downloadSeededGame(page, baseUrl(), 'Tile Garden');
    await hostCall(page, 'startGame', game);
    await page.locator('.ph-player').waitFor();
    await waitForFirstFrame(page);
    expect(violations).toEqual([]);

    // The policy is in force: markup smuggled into the page cannot run a script of its own.
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.head.append(script);
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    expect(violations.every((v) => /script-src|Content Security Policy/.test(v))).toBe(true);
  });
});
