import type { Page } from 'playwright-core';

/** The error antd-mobile shows under a form field. */
export const fieldErrors = (page: Page) => page.locator('.adm-form-item-feedback-error').allTextContents();

/** Waits until the form shows exactly these field errors (in any order). */
export async function expectFieldErrors(page: Page, expected: string[]): Promise<void> {
  const want = [...expected].sort().join('|');
  const until = Date.now() + 5_000;
  let got = '';
  while (Date.now() < until) {
    got = (await fieldErrors(page))
      .map((t) => t.trim())
      .filter(Boolean)
      .sort()
      .join('|');
    if (got === want) return;
    await page.waitForTimeout(100);
  }
  throw new Error(`field errors were [${got}], expected [${want}]`);
}
