import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { open } from './support/app';
import { expectScreenOnPage, usePhone } from './support/browser';

let context: BrowserContext;
let page: Page;
usePhone((p, c) => {
  page = p;
  context = c;
});

const background = (p: Page) => p.evaluate(() => getComputedStyle(document.body).backgroundColor);

describe('theme', () => {
  it('switches between dark and light and keeps the choice across a reload', async () => {
    await open(page, '/me/setting');
    await expectScreenOnPage(page, 'me-setting');
    const dark = await background(page);
    expect(dark).toBe('rgb(14, 15, 26)');
    await page.getByTestId('theme-switch').click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    expect(await background(page)).toBe('rgb(244, 244, 250)');
    await page.reload();
    await expectScreenOnPage(page, 'me-setting');
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
    expect(await background(page)).toBe('rgb(244, 244, 250)');
    await page.getByTestId('theme-switch').click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
  });

  it('follows a theme forced by the host application info, and locks the switch', async () => {
    await open(page, '/me/setting', '?theme=light');
    await expectScreenOnPage(page, 'me-setting');
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    await page.getByText('Set by the app you opened Pixelhall from').waitFor();
    expect(await page.getByTestId('theme-switch').getAttribute('aria-disabled')).toBe('true');
  });
});

describe('language', () => {
  it('switches the interface language and keeps it across a reload', async () => {
    await open(page, '/me/setting');
    await expectScreenOnPage(page, 'me-setting');
    await page.getByTestId('language-item').click();
    await page.getByText('日本語', { exact: true }).click();
    await page.waitForFunction(() => document.documentElement.lang === 'ja-JP');
    const title = page.locator('[data-screen="me-setting"] .adm-nav-bar-title');
    await expect.poll(() => title.textContent()).toBe('設定');
    await page.reload();
    await expectScreenOnPage(page, 'me-setting');
    expect(await title.textContent()).toBe('設定');
    expect(await page.getByTestId('language-item').textContent()).toContain('日本語');
    await page
      .locator('.tab-bar')
      .waitFor({ state: 'detached' })
      .catch(() => {});
    await open(page, '/home');
    await expectScreenOnPage(page, 'home');
    expect(await page.locator('.tab-bar .adm-tab-bar-item-title').allTextContents()).not.toContain('Home');
  });

  it('sends the chosen language to the server, which answers in it', async () => {
    await context.addInitScript(() => {
      localStorage.setItem(
        'pixelhall.preferences',
        JSON.stringify({ state: { locale: { id: 1, value: 'es-ES', text: 'Español' } }, version: 1 }),
      );
    });
    await open(page, '/login');
    await expectScreenOnPage(page, 'login');
    await page.locator('input[autocomplete="username"]').fill('nobody_at_all');
    await page.locator('input[autocomplete="current-password"]').fill('not the password');
    await page.getByTestId('login-submit').click();
    // The server's own words for the refusal, in Spanish (the contract's es-ES messages).
    await page
      .locator('.adm-form-item-feedback-error')
      .getByText('El nombre de usuario o la contraseña no son correctos')
      .waitFor();
  });
});
