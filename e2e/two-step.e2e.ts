import { endpoints } from '@pixelhall/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logIn, signOut } from './support/account-forms';
import { currentRoute, open, storedToken } from './support/app';
import { expectScreenOnPage, usePhone } from './support/browser';
import { callAs, uniqueWord } from './support/community';
import { totpCode as codeOf } from './support/two-step';

let page: Page;
usePhone((p) => {
  page = p;
});

const SECURITY = '/me/setting/accountandsecurity';
const PASSWORD = 'correct horse';

/** A member with a password, whose day's check-in is done, signed in nowhere yet. */
async function memberWithPassword(): Promise<string> {
  const username = uniqueWord('otp').slice(0, 20);
  const { token } = await callAs(null, endpoints.auth.register, {
    username,
    email: `${username}@example.org`,
    password: PASSWORD,
  });
  await callAs(token, endpoints.tasks.startUp, { type: 1, authLogin: true });
  await callAs(token, endpoints.auth.signOut, {});
  return username;
}

/** The password step of a log-in for a member with two-step sign-in on: lands on its page. */
async function passwordStep(username: string, search = ''): Promise<void> {
  await open(page, `/login${search}`);
  await expectScreenOnPage(page, 'login');
  await logIn(page, username, PASSWORD);
  await page.waitForURL(/#\/auth\/secondstep/);
  await expectScreenOnPage(page, 'auth-secondstep');
  expect(await storedToken(page)).toBeNull();
}

describe('two-step sign-in', () => {
  it('sets up an authenticator app, then signs in with a code and with a recovery code, once', async () => {
    const username = await memberWithPassword();
    await open(page, '/login');
    await expectScreenOnPage(page, 'login');
    await logIn(page, username, PASSWORD);
    await page.waitForURL(/#\/me$/);

    // Set-up: a just-begun session needs no other proof. The key is read off the screen.
    await open(page, SECURITY);
    await expectScreenOnPage(page, 'me-setting-accountandsecurity');
    const section = page.getByTestId('two-step-section');
    await section.getByTestId('two-step-set-up').click();
    const sheet = page.getByTestId('two-step-setup');
    await sheet.waitFor();
    expect(await sheet.getByRole('img', { name: 'QR code for your authenticator app' }).count()).toBe(1);
    const secret = (await sheet.getByTestId('two-step-secret').textContent())!.replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    // A wrong code first: said at the field, and nothing turns on.
    const wrong = String((Number(codeOf(secret)) + 500_000) % 1_000_000).padStart(6, '0');
    await page.getByTestId('two-step-setup-code').locator('input').fill(wrong);
    await page.getByTestId('two-step-turn-on').click();
    await sheet
      .locator('.adm-form-item-feedback-error')
      .getByText('That code is not right. Check your authenticator app and try again.')
      .waitFor();
    await page.getByTestId('two-step-setup-code').locator('input').fill(codeOf(secret));
    await page.getByTestId('two-step-turn-on').click();

    // Ten recovery codes, shown this once.
    const codesSheet = page.getByTestId('recovery-codes');
    await codesSheet.waitFor();
    const codes = await codesSheet.getByTestId('recovery-code').allTextContents();
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    await page.getByTestId('recovery-codes-done').click();
    await codesSheet.waitFor({ state: 'hidden' });
    await section.locator('[data-testid="two-step-app"][data-on]').waitFor();
    expect(await section.getByTestId('two-step-recovery-left').textContent()).toBe('10 recovery codes left');

    // Signed out, the password alone no longer signs in; the app's code does, and the log-in
    // still goes where it was going.
    await signOut(page);
    await passwordStep(username, `?redirect=${encodeURIComponent(SECURITY)}`);
    // The step after now: newer than the one enable took, whenever the test gets here.
    await page.getByTestId('second-step-code').locator('input').fill(codeOf(secret, 1));
    await page.getByTestId('second-step-submit').click();
    await page.waitForURL(/#\/me\/setting\/accountandsecurity$/);
    expect(await storedToken(page)).not.toBeNull();

    // With a recovery code instead.
    await signOut(page);
    await passwordStep(username);
    await page.getByTestId('second-step-switch').click();
    await page.getByTestId('second-step-recovery').locator('input').fill(codes[0]!);
    await page.getByTestId('second-step-submit').click();
    await page.waitForURL(/#\/me$/);
    await page.getByText('Recovery codes left: 9').first().waitFor();
    expect(await storedToken(page)).not.toBeNull();

    // The same recovery code again: refused plainly, at the field, and no session.
    await signOut(page);
    await passwordStep(username);
    await page.getByTestId('second-step-switch').click();
    await page.getByTestId('second-step-recovery').locator('input').fill(codes[0]!);
    await page.getByTestId('second-step-submit').click();
    await page
      .locator('.adm-form-item-feedback-error')
      .getByText('That recovery code was already used. Each one works only once.')
      .waitFor();
    expect(currentRoute(page)).toMatch(/^\/auth\/secondstep/);
    expect(await storedToken(page)).toBeNull();

    // Another one still works.
    await page.getByTestId('second-step-recovery').locator('input').fill(codes[1]!);
    await page.getByTestId('second-step-submit').click();
    await page.waitForURL(/#\/me$/);
    expect(await storedToken(page)).not.toBeNull();
  }, 120_000);
});
