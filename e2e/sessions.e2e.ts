import { endpoints } from '@pixelhall/contract';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logIn } from './support/account-forms';
import { currentRoute, open, storedToken } from './support/app';
import { expectScreenOnPage, usePhone } from './support/browser';
import { callAs, skipHomePopup, uniqueWord } from './support/community';
import { IPHONE_USER_AGENT } from './support/sessions';

let context: BrowserContext;
let page: Page;
usePhone((p, c) => {
  page = p;
  context = c;
});

const SECURITY = '/me/setting/accountandsecurity';
const PASSWORD = 'correct horse';

/** A member with a password, whose day's check-in is done and who is signed in nowhere yet. */
async function memberWithPassword(): Promise<{ username: string }> {
  const username = uniqueWord('dev').slice(0, 20);
  const { token } = await callAs(null, endpoints.auth.register, {
    username,
    email: `${username}@example.org`,
    password: PASSWORD,
  });
  await callAs(token, endpoints.tasks.startUp, { type: 1, authLogin: true });
  await callAs(token, endpoints.auth.signOut, {});
  return { username };
}

/** Logs in through the log-in screen, as the member would on that device. */
async function logInOn(p: Page, username: string): Promise<void> {
  await open(p, '/login');
  await expectScreenOnPage(p, 'login');
  await logIn(p, username, PASSWORD);
  await p.waitForURL(/#\/me$/);
}

const rowsOn = (p: Page): Locator =>
  p.locator('[data-screen="me-setting-accountandsecurity"] [data-testid="session-row"]');
const dialogWith = (p: Page, text: string) => p.locator('.adm-dialog-body:visible', { hasText: text });
const expiryDialog = (p: Page) => dialogWith(p, 'The user is not logged in');

/** The signed-in devices list of Account and security, once it holds `count` devices. */
async function openDevices(p: Page, count: number): Promise<Locator> {
  // The list is read when the screen opens; a screen already open is opened afresh.
  if (currentRoute(p) === SECURITY) await p.reload();
  else await open(p, SECURITY);
  await expectScreenOnPage(p, 'me-setting-accountandsecurity');
  await expect.poll(() => rowsOn(p).count()).toBe(count);
  return rowsOn(p);
}

/**
 * The next members-only call of a device signed out elsewhere (the app starting again on its
 * screen, as after a while in the background): refused, so the app signs it out.
 */
async function expectSignedOutElsewhere(p: Page): Promise<void> {
  await p.reload();
  await expiryDialog(p).waitFor();
  expect(await storedToken(p)).toBeNull();
  await p.locator('.adm-dialog').getByText('Log in', { exact: true }).click();
  await p.waitForURL(/#\/login/);
}

describe('signed-in devices', () => {
  it('lists both devices and signs the other out, one and then every other; its next call is refused', async () => {
    const { username } = await memberWithPassword();
    // A second phone, an iPhone: the app tells the server so in its device header.
    const iphone = await context.browser()!.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: 'en-US',
      userAgent: IPHONE_USER_AGENT,
    });
    try {
      await skipHomePopup(iphone);
      const other = await iphone.newPage();
      await logInOn(page, username);
      await logInOn(other, username);

      // The iPhone sees itself as this device, and the first phone beside it.
      const seenFromIphone = await openDevices(other, 2);
      const itself = seenFromIphone.filter({ has: other.getByTestId('session-current') });
      expect(await itself.textContent()).toContain('iPhone');

      const rows = await openDevices(page, 2);
      const here = rows.filter({ has: page.getByTestId('session-current') });
      expect(await here.textContent()).toContain('This device');
      expect(await here.textContent()).toContain('Active now');
      expect(await here.getByTestId('session-sign-out').count()).toBe(0);
      const theIphone = rows.filter({ hasText: 'iPhone' });
      const details = (await theIphone.textContent()) ?? '';
      expect(details).toContain('Version 1.8.6');
      expect(details).toMatch(/Signed in [A-Z][a-z]{2} \d{2}, \d{4} \d{2}:\d{2}/);
      expect(details).toMatch(/Last seen (now|\d+ minutes? ago)/);
      // Shortened: the last part of the address is never shown.
      expect(details).toMatch(/Network \d+\.\d+\.\d+\.x|Network [0-9a-f:]+::\/48/);

      // Signing one device out asks first; cancelling keeps it.
      await theIphone.getByTestId('session-sign-out').click();
      await dialogWith(page, 'Sign out iPhone, signed in').waitFor();
      await page.locator('.adm-dialog').getByText('Cancel', { exact: true }).click();
      await dialogWith(page, 'Sign out iPhone').waitFor({ state: 'hidden' });
      expect(await rowsOn(page).count()).toBe(2);

      await theIphone.getByTestId('session-sign-out').click();
      await page.locator('.adm-dialog').getByText('Sign out', { exact: true }).click();
      await page.getByText('That device has been signed out').first().waitFor();
      await expect.poll(() => rowsOn(page).count()).toBe(1);
      expect(await rowsOn(page).getByTestId('session-current').count()).toBe(1);

      await expectSignedOutElsewhere(other);

      // Signed in again on the iPhone, then signed out with every other device.
      await logIn(other, username, PASSWORD);
      await other.waitForURL(/#\/me$/);
      await openDevices(page, 2);
      await page.getByTestId('sessions-sign-out-others').click();
      await dialogWith(page, 'Sign out of Pixelhall on every other device?').waitFor();
      await page.locator('.adm-dialog').getByText('Sign out all', { exact: true }).click();
      await page.getByText('Every other device has been signed out').first().waitFor();
      await expect.poll(() => rowsOn(page).count()).toBe(1);
      expect(await page.getByTestId('sessions-sign-out-others').count()).toBe(0);

      await expectSignedOutElsewhere(other);
      // This device stays signed in.
      await page.reload();
      await expect.poll(() => rowsOn(page).count()).toBe(1);
      expect(await storedToken(page)).toBeTruthy();
      expect(currentRoute(page)).toBe(SECURITY);
    } finally {
      await iphone.close();
    }
  });
});
