import type { Page } from 'playwright-core';
import { open } from './app';

/** Fills the sign-up form at /auth/register, as a person types it (the confirmation defaults to the password). */
export async function fillRegister(
  p: Page,
  v: { username: string; email: string; password: string; confirm?: string },
): Promise<void> {
  await p.getByPlaceholder('3 to 20 letters').fill(v.username);
  await p.getByPlaceholder('you@example.com').fill(v.email);
  await p.getByPlaceholder('At least 8 characters').fill(v.password);
  await p.getByPlaceholder('Type the password again').fill(v.confirm ?? v.password);
}

/** Fills and sends the log-in form at /login. */
export async function logIn(p: Page, name: string, password: string): Promise<void> {
  await p.getByPlaceholder('Your user name or email address').fill(name);
  await p.getByPlaceholder('Your password').fill(password);
  await p.getByTestId('login-submit').click();
}

/** Signs out from account and security, confirming, and waits for Me. */
export async function signOut(p: Page): Promise<void> {
  await open(p, '/me/setting/accountandsecurity');
  await p.getByTestId('sign-out').click();
  await p.locator('.adm-dialog').getByText('Sign out', { exact: true }).click();
  await p.waitForURL(/#\/me$/);
}
