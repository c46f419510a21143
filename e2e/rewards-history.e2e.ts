import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { currentRoute, open } from './support/app';
import { expectScreenOnPage, usePhone } from './support/browser';
import { signedInToday } from './support/community';

let context: BrowserContext;
let page: Page;
usePhone((p, c) => {
  page = p;
  context = c;
});

describe('rewards history (user/reward)', () => {
  it('is reached from the tasks and lists what the member earned, newest first', async () => {
    // The day's check-in is a reward of its own.
    await signedInToday(context, 'earn');
    await open(page, '/me/task');
    await expectScreenOnPage(page, 'me-task');
    await page.getByTestId('rewards-history-link').click();
    await expectScreenOnPage(page, 'me-rewards');
    expect(currentRoute(page)).toBe('/me/rewards');
    const item = page.getByTestId('reward-item').first();
    await item.waitFor();
    expect(await item.getAttribute('data-source')).toBe('checkin');
    expect(await item.textContent()).toContain('Daily check-in');
  });

  it('is reached from the wallet too', async () => {
    await signedInToday(context, 'wallet');
    await open(page, '/me/wallet');
    await expectScreenOnPage(page, 'me-wallet');
    await page.getByTestId('rewards-history-link').click();
    await expectScreenOnPage(page, 'me-rewards');
    await page.getByTestId('reward-history').waitFor();
  });

  it('sends a visitor to log in', async () => {
    await open(page, '/me/rewards');
    await page.waitForURL(/#\/login/);
  });
});
