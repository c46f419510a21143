import { endpoints } from '@pixelhall/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logIn } from './support/account-forms';
import { baseUrl, storedToken } from './support/app';
import { expectScreenOnPage, usePhone } from './support/browser';
import { callAs, uniqueWord } from './support/community';
import { addVirtualAuthenticator, onLocalhost } from './support/passkeys';

let context: BrowserContext;
let page: Page;
usePhone((p, c) => {
  page = p;
  context = c;
});

const SECURITY = '/me/setting/accountandsecurity';
const PASSWORD = 'correct horse';

/** The app on localhost, where passkeys work (support/passkeys.ts). */
async function openHere(route: string): Promise<void> {
  await page.goto(`${onLocalhost(baseUrl())}/#${route}`);
}

/** A member with a password, whose day's check-in is done, signed in nowhere yet. */
async function memberWithPassword(): Promise<string> {
  const username = uniqueWord('key').slice(0, 20);
  const { token } = await callAs(null, endpoints.auth.register, {
    username,
    email: `${username}@example.org`,
    password: PASSWORD,
  });
  await callAs(token, endpoints.tasks.startUp, { type: 1, authLogin: true });
  await callAs(token, endpoints.auth.signOut, {});
  return username;
}

const rows = () => page.locator(`[data-screen="me-setting-accountandsecurity"] [data-testid="passkey-row"]`);

describe('passkeys', () => {
  it('registers a passkey in Account and security, signs in with it and no password, then as a second step', async () => {
    const { cdp, authenticatorId } = await addVirtualAuthenticator(context, page);
    const username = await memberWithPassword();

    await openHere('/login');
    await expectScreenOnPage(page, 'login');
    await logIn(page, username, PASSWORD);
    await page.waitForURL(/#\/me$/);

    await openHere(SECURITY);
    await expectScreenOnPage(page, 'me-setting-accountandsecurity');
    const section = page.getByTestId('passkeys-section');
    await section.getByText('No passkeys yet').waitFor();

    // Named first: the device's kind is offered, the member types their own.
    await page.getByTestId('passkey-add').click();
    const name = page.getByLabel('Name', { exact: true });
    await name.waitFor();
    expect(await name.inputValue()).not.toBe('');
    await name.fill('Journey phone');
    await page.getByTestId('passkey-name-submit').click();

    // The member's first second step: ten recovery codes, shown once.
    const codes = page.getByTestId('recovery-codes');
    await codes.waitFor();
    expect(await codes.getByTestId('recovery-code').count()).toBe(10);
    await page.getByTestId('recovery-codes-done').click();
    await codes.waitFor({ state: 'hidden' });

    await expect.poll(() => rows().count()).toBe(1);
    expect(await rows().first().textContent()).toContain('Journey phone');
    expect(await rows().getByTestId('passkey-last-used').textContent()).toBe('Not used yet');
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);

    await page.getByTestId('sign-out').click();
    await page.locator('.adm-dialog').getByText('Sign out', { exact: true }).click();
    await page.waitForURL(/#\/me$/);
    expect(await storedToken(page)).toBeNull();

    // No name, no password: the device offers the passkey it holds for this site.
    await openHere('/login');
    await expectScreenOnPage(page, 'login');
    await page.getByTestId('passkey-sign-in').click();
    await page.waitForURL(/#\/me$/);
    await page
      .getByText(/Welcome back/)
      .first()
      .waitFor();
    expect(await storedToken(page)).not.toBeNull();

    await openHere(SECURITY);
    await expectScreenOnPage(page, 'me-setting-accountandsecurity');
    await expect.poll(() => rows().count()).toBe(1);
    await expect
      .poll(() => rows().getByTestId('passkey-last-used').textContent())
      .toMatch(/^Last used [A-Z][a-z]{2} \d{2}, \d{4} \d{2}:\d{2}$/);

    // The passkey is a second step now: the password alone answers "second step needed", and
    // the same passkey finishes that log-in.
    await page.getByTestId('sign-out').click();
    await page.locator('.adm-dialog').getByText('Sign out', { exact: true }).click();
    await page.waitForURL(/#\/me$/);
    await openHere('/login');
    await logIn(page, username, PASSWORD);
    await expectScreenOnPage(page, 'auth-secondstep');
    expect(await storedToken(page)).toBeNull();
    await page.getByTestId('passkey-second-step').click();
    await page.waitForURL(/#\/me$/);
    expect(await storedToken(page)).not.toBeNull();
  }, 90_000);
});
