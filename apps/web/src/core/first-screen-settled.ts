import type { QueryClient } from '@tanstack/react-query';

/**
 * When the first screen is done: what it does not need (the host, the rest of the catalog, the
 * service worker) waits for it, so it never competes with the first screen on a slow network.
 * The shell says what to wait for at start-up (shell/first-screen.ts); the feed that shows first
 * says when it has shown (`firstScreenShown`).
 */

/** What the first screen is still waiting for besides its data: its screen, the app itself. */
const held: Promise<unknown>[] = [];
let settled: Promise<void> | null = null;

/** Makes `firstScreenSettled` wait for this too (its failure does not hold anything up). */
export function holdFirstScreen(work: Promise<unknown>): void {
  held.push(work.catch(() => {}));
}

/** A screen that never shows (a crash, an endless wait) must not hold the rest back for good. */
const SHOWN_AT_THE_LATEST_MS = 15_000;
let markShown = () => {};

/** Makes `firstScreenSettled` wait until the first screen's feed has shown (or 15 s have passed). */
export function holdUntilFirstScreenShown(): void {
  holdFirstScreen(
    new Promise<void>((resolve) => {
      markShown = resolve;
      setTimeout(resolve, SHOWN_AT_THE_LATEST_MS);
    }),
  );
}

/** A first screen's feed calls this once it has rendered what it got: posts, nothing, or an error. */
export function firstScreenShown(): void {
  markShown();
}

/**
 * Resolves once the first screen has shown its data and the browser is idle, the first
 * time it is asked.
 */
export function firstScreenSettled(client: QueryClient): Promise<void> {
  settled ??= Promise.all([...held])
    .then(() => queriesSettled(client))
    .then(idle);
  return settled;
}

function queriesSettled(client: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    if (client.isFetching() === 0) return resolve();
    const stop = client.getQueryCache().subscribe(() => {
      if (client.isFetching() > 0) return;
      stop();
      resolve();
    });
  });
}

/** After the render the loaded screen and data cause (browsers without idle callbacks: soon). */
function idle(): Promise<void> {
  return new Promise((resolve) => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: 1000 });
    else setTimeout(resolve, 200);
  });
}
