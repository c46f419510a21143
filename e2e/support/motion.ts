import type { Page } from 'playwright-core';

/**
 * Waits until nothing on the page is fading or moving in: no CSS transition or animation left
 * running, endless ones (a spinner, a glow) aside, as they never end. What is then measured or
 * pictured is what the reader sees once the page has come to rest.
 */
export async function motionless(page: Page, timeoutMs = 10_000): Promise<void> {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
    undefined,
    { timeout: timeoutMs },
  );
}

/**
 * Waits until the screen's content has arrived, then until it has come to rest (`motionless`):
 * transitions of the route change fade text in, and contrast is measured as painted. Arrived
 * means no loading placeholder or busy region is left on it (the app's heartbeat keeps the
 * network from ever going idle, so that is no signal); a list's "loading more" at its foot and
 * screens kept alive out of sight do not count. A screen that is still loading after
 * `loadingMs` is taken as it is, its placeholder part of what a person sees.
 */
export async function screenAtRest(page: Page, loadingMs = 8_000): Promise<void> {
  await page
    .waitForFunction(
      () =>
        ![
          ...document.querySelectorAll<HTMLElement>(
            '.adm-skeleton, .adm-spin-loading, .adm-dot-loading, [aria-busy="true"]',
          ),
        ].some((el) => el.offsetParent !== null && !el.closest('.adm-infinite-scroll')),
      undefined,
      { timeout: loadingMs },
    )
    .catch(() => undefined);
  await motionless(page);
}
