import type { Locator, Page } from 'playwright-core';

/** A real press of the mouse on the middle of `target` (no lower than 40 px into it), held for `ms`. */
export async function pressAndHold(page: Page, target: Locator, ms: number): Promise<void> {
  const box = await target.boundingBox();
  if (!box) throw new Error('nothing to press');
  await page.mouse.move(box.x + box.width / 2, box.y + Math.min(box.height / 2, 40));
  await page.mouse.down();
  // Time is the subject: how long the finger stays down.
  await page.waitForTimeout(ms);
  await page.mouse.up();
}

/** The menu a long press or a "more" button opens (antd-mobile's action sheet). */
export const openMenuSheet = (page: Page): Locator => page.locator('.adm-action-sheet:visible');
