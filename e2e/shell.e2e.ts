import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, currentRoute, open, useToken } from './support/app';
import { expectScreenOnPage, usePhone } from './support/browser';
import { createMember } from './support/members';

let context: BrowserContext;
let page: Page;
usePhone((p, c) => {
  page = p;
  context = c;
});

describe('routing', () => {
  it('lands on #/home from /, dark and in English, with the tab bar', async () => {
    await page.goto(`${baseUrl()}/`);
    await expectScreenOnPage(page, 'home');
    expect(currentRoute(page)).toBe('/home');
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    expect(await page.getAttribute('html', 'lang')).toBe('en-US');
    const tabs = await page.locator('.tab-bar .adm-tab-bar-item-title').allTextContents();
    expect(tabs).toEqual(['Home', 'Game', 'Me']);
    // The seeded demo world fills the New feed.
    await page.locator('[data-screen="home"] .post-card').first().waitFor();
  });

  it('sends a visitor from a members-only route to #/login', async () => {
    await open(page, '/me/task');
    await page.waitForURL(/#\/login/);
    expect(currentRoute(page)).toBe(`/login?redirect=${encodeURIComponent('/me/task')}`);
  });

  it('lets a member stay on a members-only route', async () => {
    const member = await createMember();
    await useToken(context, member.token);
    await open(page, '/me/news');
    await expectScreenOnPage(page, 'me-news');
    expect(currentRoute(page)).toBe('/me/news');
  });

  it('shows the catch-all screen for unknown paths', async () => {
    await open(page, '/definitely/not/a/page');
    await expectScreenOnPage(page, 'not-found');
    await page.getByRole('button', { name: 'Back to Home' }).click();
    await expectScreenOnPage(page, 'home');
    expect(currentRoute(page)).toBe('/home');
  });

  it('shows the catch-all screen for a page opened without the id of what it shows', async () => {
    for (const route of [
      '/game/topic',
      '/game/topic?id=abc',
      '/me/achievement/details',
      '/post/abc',
      '/user/0',
    ]) {
      await open(page, '/home');
      await expectScreenOnPage(page, 'home');
      await open(page, route);
      await expectScreenOnPage(page, 'not-found');
      await page.getByRole('button', { name: 'Back to Home' }).waitFor();
    }
  });

  it('leaves the developer gallery out of a production build', async () => {
    await open(page, '/demo');
    await expectScreenOnPage(page, 'not-found');
  });

  it('moves between the tabs with the tab bar', async () => {
    await open(page, '/home');
    await page.locator('.tab-bar').getByText('Game', { exact: true }).click();
    await expectScreenOnPage(page, 'game');
    await page.locator('.tab-bar').getByText('Me', { exact: true }).click();
    await expectScreenOnPage(page, 'me');
    expect(currentRoute(page)).toBe('/me');
  });
});

describe('keep-alive', () => {
  it('keeps a keep-alive screen mounted with its scroll position across a round trip', async () => {
    await open(page, '/home');
    await expectScreenOnPage(page, 'home');
    // Scrolled once the feed has loaded, so nothing loading above moves the offset afterwards.
    await page.locator('[data-screen="home"] [data-testid="post-card"]').first().waitFor();
    await page.evaluate(() => {
      const home = document.querySelector<HTMLElement>('[data-screen="home"]')!;
      home.dataset.probe = 'kept';
      const tall = document.createElement('div');
      tall.style.height = '3000px';
      home.appendChild(tall);
      home.scrollTop = 640;
      home.dispatchEvent(new Event('scroll'));
    });
    await page.locator('.tab-bar').getByText('Game', { exact: true }).click();
    await expectScreenOnPage(page, 'game');
    expect(await page.locator('[data-screen="home"]').isVisible()).toBe(false);
    await page.locator('.tab-bar').getByText('Home', { exact: true }).click();
    await expectScreenOnPage(page, 'home');
    const state = await page.evaluate(() => {
      const home = document.querySelector<HTMLElement>('[data-screen="home"]')!;
      return { probe: home.dataset.probe, scrollTop: home.scrollTop };
    });
    expect(state).toEqual({ probe: 'kept', scrollTop: 640 });
  });

  it('re-creates a screen that is not kept alive', async () => {
    await open(page, '/me/about');
    await expectScreenOnPage(page, 'me-about');
    await page.evaluate(() => {
      document.querySelector<HTMLElement>('[data-screen="me-about"]')!.dataset.probe = 'old';
    });
    await page.goBack().catch(() => {});
    await open(page, '/me/setting');
    await expectScreenOnPage(page, 'me-setting');
    await page.getByText('About & Upgrade').click();
    await expectScreenOnPage(page, 'me-about');
    expect(await page.getAttribute('[data-screen="me-about"]', 'data-probe')).toBeNull();
  });
});

describe('status bar', () => {
  it('follows the route theme, else the app theme', async () => {
    await context.addInitScript(() => {
      localStorage.setItem(
        'pixelhall.preferences',
        JSON.stringify({ state: { theme: 'light' }, version: 1 }),
      );
    });
    await open(page, '/home');
    await expectScreenOnPage(page, 'home');
    await page.waitForFunction(() => document.documentElement.dataset.statusBar === 'light');
    expect(await page.getAttribute('meta[name="theme-color"]', 'content')).toBe('#f4f4fa');
    // /me has a dark status-bar theme and a hidden status bar (docs/product/app-shell-and-settings.md#routes).
    await page.locator('.tab-bar').getByText('Me', { exact: true }).click();
    await page.waitForFunction(() => document.documentElement.dataset.statusBar === 'hidden');
    expect(await page.getAttribute('meta[name="theme-color"]', 'content')).toBe('#0e0f1a');
  });
});

describe('about and upgrade', () => {
  it('shows the version and the server’s answer', async () => {
    await open(page, '/me/about');
    await expectScreenOnPage(page, 'me-about');
    expect(await page.getByTestId('current-version').textContent()).toBe('Version 1.8.6');
    await page.getByText('You are using the latest version.').waitFor();
  });
});
