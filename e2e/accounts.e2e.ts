import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { fillRegister, logIn, signOut } from './support/account-forms';
import { currentRoute, open, storedToken } from './support/app';
import { expectScreenOnPage, usePhone } from './support/browser';
import { expectFieldErrors } from './support/forms';
import { latestMailTo } from './support/mail';
import { revokeSession, sessionIdOf } from './support/members';
import { untilStill } from './support/until';

let context: BrowserContext;
let page: Page;
usePhone((p, c) => {
  page = p;
  context = c;
});

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

describe('form validation, at the field', () => {
  it('log in', async () => {
    await open(page, '/login');
    await expectScreenOnPage(page, 'login');
    await page.getByTestId('login-submit').click();
    await expectFieldErrors(page, ['Please enter your user name', 'Please enter your password']);
  });

  it('says a refusal once, at its field, and never shows the browser’s own bubble', async () => {
    const toasts = page.locator('.adm-toast-main');
    await open(page, '/login');
    await expectScreenOnPage(page, 'login');
    await logIn(page, 'nobody_at_all', 'not the password');
    await page
      .locator('.adm-form-item-feedback-error')
      .getByText('The user name or password is incorrect')
      .waitFor();
    // Time is the subject: no toast follows the answer (one would within a frame or two).
    await page.waitForTimeout(500);
    expect(await toasts.count()).toBe(0);

    await open(page, '/auth/register');
    await expectScreenOnPage(page, 'auth-register');
    await page.evaluate(() => {
      document.addEventListener('invalid', () => document.body.setAttribute('data-bubbled', ''), true);
    });
    await fillRegister(page, { username: 'pixelpat', email: 'no-at-sign', password: 'correct horse' });
    await page.getByTestId('register-submit').click();
    await page.locator('.adm-form-item-feedback-error').getByText('The email format is incorrect').waitFor();
    expect(await page.locator('body[data-bubbled]').count()).toBe(0);

    await page.getByPlaceholder('you@example.com').fill(`taken${unique()}@example.org`);
    await page.getByTestId('register-submit').click();
    await page
      .locator('.adm-form-item-feedback-error')
      .getByText('This user name is already taken')
      .waitFor();
    // Time is the subject, as above.
    await page.waitForTimeout(500);
    expect(await toasts.count()).toBe(0);
  });

  it('sign up', async () => {
    await open(page, '/auth/register');
    await expectScreenOnPage(page, 'auth-register');
    await page.getByTestId('register-submit').click();
    await expectFieldErrors(page, [
      'Please enter your user name',
      'Please enter your email address',
      'Please enter your password',
    ]);
    await fillRegister(page, { username: 'a b', email: 'nope@x', password: 'short', confirm: 'other' });
    await page.getByTestId('register-submit').click();
    await expectFieldErrors(page, [
      'User names are 3 to 20 letters, digits, dots, dashes or underscores',
      'The email format is incorrect',
      'The password must contain at least eight characters',
      'The passwords do not match',
    ]);
  });

  it('forgot and reset password', async () => {
    await open(page, '/auth/retrievepassword');
    await page.getByTestId('retrieve-submit').click();
    await expectFieldErrors(page, ['Please enter your email address']);
    await open(page, '/auth/reset', '');
    await page.getByTestId('reset-submit').click();
    const errors = await page.locator('.adm-form-item-feedback-error').allTextContents();
    expect(errors).toEqual(expect.arrayContaining(['Please enter the code', 'Please enter your password']));
  });

  it('shows a taken user name at the field, in the chosen language', async () => {
    await context.addInitScript(() => {
      localStorage.setItem(
        'pixelhall.preferences',
        JSON.stringify({
          state: { locale: { id: 4, value: 'pt-BR', text: 'Português (Brasil)' } },
          version: 1,
        }),
      );
    });
    const name = `taken${unique()}`;
    await open(page, '/auth/register');
    await expectScreenOnPage(page, 'auth-register');
    await page.locator('input').nth(0).fill(name);
    await page.locator('input').nth(1).fill(`${name}@example.org`);
    await page.locator('input').nth(2).fill('correct horse');
    await page.locator('input').nth(3).fill('correct horse');
    await page.getByTestId('register-submit').click();
    await page.waitForURL(/#\/auth\/activedetail/);
    await page.evaluate(() => localStorage.removeItem('pixelhall.session'));
    await open(page, '/auth/register');
    await page.reload();
    await expectScreenOnPage(page, 'auth-register');
    await page.locator('input').nth(0).fill(name.toUpperCase());
    await page.locator('input').nth(1).fill(`other${name}@example.org`);
    await page.locator('input').nth(2).fill('correct horse');
    await page.locator('input').nth(3).fill('correct horse');
    await page.getByTestId('register-submit').click();
    await expectFieldErrors(page, ['Este nome de usuário já está em uso']);
  });
});

describe('the member journey', () => {
  it('register → profile → sign out → log in → forgot → reset → log in with the new password', async () => {
    const name = `pilot${unique()}`;
    const email = `${name}@example.org`;

    await open(page, '/auth/register');
    await expectScreenOnPage(page, 'auth-register');
    await fillRegister(page, { username: name, email, password: 'correct horse' });
    await page.getByTestId('register-submit').click();
    await expectScreenOnPage(page, 'auth-activedetail');
    await page.locator('[data-screen="auth-activedetail"]').getByText(email).waitFor();
    expect(await storedToken(page)).toBeTruthy();

    // Until the mailed code proves the address, it is not the account's: log-in by e-mail needs it.
    const proof = await latestMailTo(inject('mailDir'), email, { matching: /\?code=[A-Z2-9]{8}\b/ });
    const proofCode = /\?code=([A-Z2-9]{8})\b/.exec(proof)![1]!;
    await open(page, `/auth/activedetail?code=${proofCode}`);
    await page.getByTestId('email-proven').waitFor();

    // Edit the nickname and the avatar.
    await open(page, '/user/edit');
    await expectScreenOnPage(page, 'user-edit');
    await page.getByTestId('edit-nickname').click();
    await expectScreenOnPage(page, 'user-edit-nickname');
    await page.getByLabel('Nickname').fill('');
    await page.getByTestId('profile-field-save').click();
    await expectFieldErrors(page, ['Please enter your nickname']);
    await page.getByLabel('Nickname').fill('Pixel Pilot');
    await page.getByTestId('profile-field-save').click();
    await expectScreenOnPage(page, 'user-edit');
    await page.getByTestId('edit-nickname').getByText('Pixel Pilot').waitFor();
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/upload/upload/file'));
    await page
      .getByTestId('avatar-input')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await avatarPng() });
    expect((await (await uploaded).json()).code).toBe(1);
    await expect
      .poll(() => page.getByTestId('edit-avatar').locator('img').getAttribute('src'))
      .toMatch(/\/upload\/files\/[0-9a-f]{64}\.webp$/);
    await open(page, '/me');
    await page.getByTestId('profile-name').getByText('Pixel Pilot').waitFor();

    // Sign out from account and security.
    await signOut(page);
    await page.getByTestId('visitor-card').waitFor();
    expect(await storedToken(page)).toBeNull();

    // Log in again, by e-mail, with the wrong password first.
    await open(page, '/login');
    await expectScreenOnPage(page, 'login');
    await logIn(page, email.toUpperCase(), 'wrong password');
    await page.getByText('The user name or password is incorrect').first().waitFor();
    await logIn(page, email, 'correct horse');
    await page.waitForURL(/#\/me$/);
    expect(await storedToken(page)).toBeTruthy();

    // Forgot password → the mailed code → a new password; every session ends.
    await open(page, '/auth/retrievepassword');
    await page.getByPlaceholder('you@example.com').fill(email);
    await page.getByTestId('retrieve-submit').click();
    await page.waitForURL(/#\/auth\/reset/);
    const mail = await latestMailTo(inject('mailDir'), email, { matching: /^\d{6}\r?$/m });
    const code = /\b(\d{6})\b/.exec(mail)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await page.getByPlaceholder('The 6 digits').fill(code!);
    await page.getByPlaceholder('At least 8 characters').fill('brand new pass');
    await page.getByPlaceholder('Type the password again').fill('brand new pass');
    await page.getByTestId('reset-submit').click();
    await page.waitForURL(/#\/login$/);
    expect(await storedToken(page)).toBeNull();

    await logIn(page, name, 'correct horse');
    await page.getByText('The user name or password is incorrect').first().waitFor();
    await logIn(page, name, 'brand new pass');
    await page.waitForURL(/#\/me$/);
    expect(currentRoute(page)).toBe('/me');
  });

  it('shows the expiry dialog when the server revokes the token', async () => {
    const name = `exp${unique()}`;
    await open(page, '/auth/register');
    await fillRegister(page, { username: name, email: `${name}@example.org`, password: 'correct horse' });
    await page.getByTestId('register-submit').click();
    await expectScreenOnPage(page, 'auth-activedetail');
    const token = (await storedToken(page))!;
    const sessionId = await sessionIdOf(token);
    await revokeSession(sessionId);
    await open(page, '/me');
    await page.reload();
    await page.locator('.adm-dialog-body:visible', { hasText: 'The user is not logged in' }).waitFor();
    expect(await storedToken(page)).toBeNull();
  });

  it('lets a visitor look around, then sign up keeping the same account', async () => {
    await open(page, '/login');
    await page.getByTestId('login-visitor').click();
    await page.waitForURL(/#\/me$/);
    const visitorToken = await storedToken(page);
    await open(page, '/auth/register');
    await expectScreenOnPage(page, 'auth-register');
    const name = `tour${unique()}`;
    await fillRegister(page, { username: name, email: `${name}@example.org`, password: 'correct horse' });
    await page.getByTestId('register-submit').click();
    await page.getByTestId('account-card').getByText(name).first().waitFor();
    expect(await storedToken(page)).toBe(visitorToken);
  });
});

describe('third-party sign-in', () => {
  it('signs in through a real OpenID provider with the authorization-code flow and PKCE', async () => {
    await open(page, '/login', '');
    await page.goto(`${inject('baseUrl')}/#/login?redirect=${encodeURIComponent('/me/about')}`);
    await expectScreenOnPage(page, 'login');
    await page.getByTestId('provider-pixelid').click();
    await page.waitForURL(new RegExp(`^${inject('oidcIssuer')}`));
    const login = `alice${unique()}`;
    await page.locator('input[name=login]').fill(login);
    await page.locator('input[name=password]').fill('anything');
    await page.locator('button[type=submit]').click();
    await page.locator('button[type=submit]').click(); // consent
    await page.waitForURL(/#\/me\/about/, { timeout: 20_000 });
    expect(await storedToken(page)).toBeTruthy();
    await open(page, '/me/setting/accountandsecurity');
    await page.getByText(`${login}@pixelid.test`).first().waitFor();
    await page.getByTestId('linked-providers').getByText('PixelID').waitFor();
  });
});

/** A real PNG made on the spot (sharp is the server's image library). */
async function avatarPng(): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width: 320, height: 200, channels: 3, background: '#ffb020' } })
    .png()
    .toBuffer();
}

describe('toasts and overlays', () => {
  it('keeps the welcome toast off the daily check-in overlay that opens with it', async () => {
    const name = `ovl${unique()}`;
    await open(page, '/auth/register');
    await expectScreenOnPage(page, 'auth-register');
    await fillRegister(page, { username: name, email: `${name}@example.org`, password: 'correct horse' });
    await page.getByTestId('register-submit').click();
    const card = page.locator('.reward-card');
    const toast = page.locator('.adm-toast-main', { hasText: 'Welcome' });
    await card.waitFor();
    await toast.waitFor();
    // Both have finished moving in: where they stand holds still.
    const [cardBox, toastBox] = await untilStill(
      () => Promise.all([card.boundingBox(), toast.boundingBox()]),
      (before, after) => JSON.stringify(before) === JSON.stringify(after),
      { apart: 100, what: 'the card and the toast at rest' },
    );
    expect(cardBox).not.toBeNull();
    expect(toastBox).not.toBeNull();
    expect(toastBox!.y + toastBox!.height).toBeLessThanOrEqual(cardBox!.y);
  });
});
