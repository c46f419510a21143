import type { BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';

export const baseUrl = () => inject('baseUrl');

/** Opens the app at a hash route, e.g. `/me/setting`. */
export async function open(page: Page, route: string, search = ''): Promise<void> {
  await page.goto(`${baseUrl()}/${search}#${route}`);
}

/** The route part of the page's hash, e.g. `/home`. */
export function currentRoute(page: Page): string {
  return new URL(page.url()).hash.replace(/^#/, '');
}

/** Signs the browser in with a token, the way the app stores it. */
export async function useToken(context: BrowserContext, token: string): Promise<void> {
  await context.addInitScript((t) => {
    if (!localStorage.getItem('pixelhall.session')) {
      localStorage.setItem('pixelhall.session', JSON.stringify({ state: { token: t }, version: 1 }));
    }
  }, token);
}

export async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(
    () => JSON.parse(localStorage.getItem('pixelhall.session') ?? '{}').state?.token ?? null,
  );
}
