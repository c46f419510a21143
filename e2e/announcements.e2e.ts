import { endpoints } from '@pixelhall/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { open } from './support/app';
import { expectScreenOnPage, usePhone } from './support/browser';
import { callAs } from './support/community';

let page: Page;
usePhone(
  (p) => {
    page = p;
  },
  { announcements: true },
);

describe('the home pop-up', () => {
  it('shows the current announcement once per device', async () => {
    const popup = await callAs(null, endpoints.posts.popUp, {});
    expect(popup).not.toBeNull();
    await open(page, '/home');
    await expectScreenOnPage(page, 'home');
    const body = page.getByTestId('home-popup');
    await body.waitFor({ state: 'visible' });
    await expect(body.getByRole('heading').textContent()).resolves.toBe(popup!.title);
    await body.getByRole('button').click();
    await body.waitFor({ state: 'detached' });

    // Its button may have followed the announcement's link: come back to Home, then reload.
    await open(page, '/home');
    await page.reload();
    await expectScreenOnPage(page, 'home');
    await page.locator('[data-screen="home"] [data-testid="post-card"]').first().waitFor();
    expect(await page.getByTestId('home-popup').count()).toBe(0);
  });
});
