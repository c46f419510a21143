import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The error antd-mobile shows under a form field. */
export const fieldErrors = (page: Page) => page.locator('.adm-form-item-feedback-error').allTextContents();

/** Waits until the form shows exactly these field errors (in any order). */
export async function expectFieldErrors(page: Page, expected: string[]): Promise<void> {
  const shown = async () =>
    (await fieldErrors(page))
      .map((t) => t.trim())
      .filter(Boolean)
      .sort();
  await expect.poll(shown, { message: 'the form’s field errors' }).toEqual([...expected].sort());
}
