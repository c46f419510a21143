import { endpoints } from '@pixelhall/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fillRegister, signOut } from './support/account-forms';
import { currentRoute, open, storedToken, useToken } from './support/app';
import { expectScreenOnPage, usePhone } from './support/browser';
import { callAs } from './support/community';
import { createMember, revokeSession, setOption } from './support/members';

let context: BrowserContext;
let page: Page;
usePhone((p, c) => {
  page = p;
  context = c;
});

const expiryDialogs = (p: Page) =>
  p.locator('.adm-dialog-body:visible', { hasText: 'The user is not logged in' });

describe('session expiry', () => {
  it('shows one expiry dialog when several calls fail together, and clears the token', async () => {
    const member = await createMember();
    await useToken(context, member.token);
    await revokeSession(member.sessionId);

    // Me asks for the member and their counts at once: every one of those calls is refused.
    const failures: string[] = [];
    page.on('response', async (r) => {
      if (!r.url().includes('/api/')) return;
      const body = (await r.json().catch(() => null)) as { code?: number } | null;
      if (body?.code === 10001) failures.push(new URL(r.url()).pathname);
    });
    await open(page, '/me');
    await expiryDialogs(page).waitFor();
    await expect.poll(() => failures.length, { message: 'refused calls' }).toBeGreaterThan(1);
    // Time is the subject: no second dialog follows the other refusals (one would within a frame).
    await page.waitForTimeout(300);
    expect(await expiryDialogs(page).count()).toBe(1);
    expect(await storedToken(page)).toBeNull();

    await page.locator('.adm-dialog').getByText('Log in', { exact: true }).click();
    await page.waitForURL(/#\/login/);
  });

  it('never sends a members-only call without a token', async () => {
    await open(page, '/me');
    await expectScreenOnPage(page, 'me');
    await page.getByTestId('visitor-card').waitFor();
    const calls: string[] = [];
    page.on('request', (r) => calls.push(r.url()));
    // Time is the subject: no members-only call goes out for a while after the screen shows.
    await page.waitForTimeout(300);
    expect(calls.filter((u) => u.includes('/api/get/user'))).toEqual([]);
  });

  it('shows a signed-in member on Me', async () => {
    const member = await createMember();
    await useToken(context, member.token);
    await open(page, '/me');
    await page.getByTestId('profile-card').getByText(member.nickname).waitFor();
    expect(await page.getByTestId('profile-card').textContent()).toContain('Lv.1');
  });
});

describe('new-post button', () => {
  it('sends a visitor to /login', async () => {
    await open(page, '/home');
    await expectScreenOnPage(page, 'home');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('The user is not logged in').waitFor();
    await page.waitForURL(/#\/login$/);
  });

  it('offers POST and Game; Game always shows the level-21 notice, which closes with the popup', async () => {
    const member = await createMember();
    await useToken(context, member.token);
    await open(page, '/home');
    await expectScreenOnPage(page, 'home');
    await page.getByRole('button', { name: 'Create' }).click();
    const popup = page.getByTestId('new-post-popup');
    await popup.waitFor();
    await popup.getByTestId('new-post-game').click();
    const notice = page.locator('.adm-dialog-body:visible', {
      hasText: 'This function is only available to level 21 users.',
    });
    await notice.waitFor();
    await page.locator('.adm-dialog').getByText('Cancel', { exact: true }).click();
    await notice.waitFor({ state: 'hidden' });
    await expect(popup.isVisible()).resolves.toBe(true);

    // Shown again on every choice of Game; closing the popup closes it too.
    await popup.getByTestId('new-post-game').click();
    await notice.waitFor();
    await page.keyboard.press('Escape');
    await page.evaluate(() => document.querySelector<HTMLElement>('.adm-popup .adm-mask')?.click());
    await notice.waitFor({ state: 'hidden' });
    await popup.waitFor({ state: 'hidden' });
  });

  it('goes to /note on POST', async () => {
    const member = await createMember();
    await useToken(context, member.token);
    await open(page, '/home');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByTestId('new-post-post').click();
    await page.waitForURL(/#\/note$/);
    expect(currentRoute(page)).toBe('/note');
  });
});

describe('mine button', () => {
  it('shows only when the server option is on, and opens the mining page with a mining token', async () => {
    await setOption('mining_config', { mining_button: false, mining_url: 'https://mine.example.org/start' });
    const options = page.waitForResponse((r) => r.url().includes('/api/get/options'));
    await open(page, '/home');
    await expectScreenOnPage(page, 'home');
    await options;
    expect(await page.getByTestId('mine-button').count()).toBe(0);

    await setOption('mining_config', { mining_button: true, mining_url: 'https://mine.example.org/start' });
    const member = await createMember();
    await useToken(context, member.token);
    await page.reload();
    await page.getByTestId('mine-button').click();
    await page.waitForURL(/#\/webview/);
    const frame = new URL((await page.locator('iframe.webview-frame').getAttribute('src')) ?? '');
    expect(`${frame.origin}${frame.pathname}`).toBe('https://mine.example.org/start');
    // A short-lived token made for the page, never the session token; the page learns the member from it.
    const miningToken = frame.searchParams.get('token') ?? '';
    expect(miningToken).not.toBe(member.token);
    expect(frame.toString()).not.toContain(member.token);
    const owner = await callAs(null, endpoints.mining.miningMember, { token: miningToken });
    expect(owner.user_id).toBe(member.id);
    await setOption('mining_config', { mining_button: false, mining_url: 'https://mine.example.org/start' });
  });
});

describe('several tabs of one browser', () => {
  it('follow a sign-in and a sign-out made in another tab', async () => {
    await open(page, '/me');
    await page.getByTestId('visitor-card').waitFor();

    const other = await context.newPage();
    const name = `tabs${Date.now().toString(36)}`;
    await open(other, '/auth/register');
    await expectScreenOnPage(other, 'auth-register');
    await fillRegister(other, { username: name, email: `${name}@example.com`, password: 'correct horse' });
    await other.getByTestId('register-submit').click();
    await expectScreenOnPage(other, 'auth-activedetail');

    // The first tab was never touched: it shows the member the other signed in.
    await page.getByTestId('profile-card').getByText(name).waitFor();
    expect(await storedToken(page)).toBe(await storedToken(other));

    await signOut(other);

    await page.getByTestId('visitor-card').waitFor();
    expect(await storedToken(page)).toBeNull();
  });
});
