import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { endpoints } from '@pixelhall/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, open } from './support/app';
import { expectScreenOnPage, usePhone } from './support/browser';
import { callAs, createNamedMember } from './support/community';
import { downloadSeededGame, hostCall, waitForFirstFrame } from './support/games-play';
import { startServer, WEB_DIST } from './support/server';

let page: Page;
let context: BrowserContext;
usePhone((p, c) => {
  page = p;
  context = c;
});

/** Each test precaches the whole app in a fresh profile first, and two of them boot a game. */
const SLOW = 120_000;

/**
 * Waits for the service worker to finish installing (the shell precached), then reloads: a
 * worker waiting for the member's go-ahead does not take over the page that registered it.
 */
async function underServiceWorker(): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

const homeCards = () => page.locator('[data-screen="home"] [data-testid="post-card"]');

/**
 * What Home's cards say, each post's moment as its exact timestamp: "2 minutes ago" may read
 * "3 minutes ago" a few seconds later, and the cards are the same.
 */
const homeCardTexts = () =>
  homeCards().evaluateAll((cards) =>
    cards.map((card) => {
      const copy = card.cloneNode(true) as HTMLElement;
      for (const time of copy.querySelectorAll('time')) time.textContent = time.dateTime;
      return copy.textContent;
    }),
  );

/** Every response the service worker keeps for visitors, as `key → body`. */
function publicPagesCache(): Promise<Record<string, string>> {
  return page.evaluate(async () => {
    const cache = await caches.open('pixelhall-public-pages');
    const entries: Record<string, string> = {};
    for (const request of await cache.keys()) {
      entries[request.url] = (await (await cache.match(request))?.text()) ?? '';
    }
    return entries;
  });
}

/**
 * Starts the app again signed in (or out) the way the app keeps its session. The session is
 * written by a script that runs in the new page before the app does: the running app writes its
 * own session back whenever its store changes (a user answer, a reward landing), so one written
 * into it before the reload could be overwritten by the old member.
 */
async function restartAs(token: string | null): Promise<void> {
  const signIn = await page.addInitScript((t) => {
    if (t) localStorage.setItem('pixelhall.session', JSON.stringify({ state: { token: t }, version: 1 }));
    else localStorage.removeItem('pixelhall.session');
  }, token);
  await page.reload();
  await signIn.dispose();
}

describe('the offline app', () => {
  it(
    'opens with the network off, on Home with the first page it had',
    async () => {
      await open(page, '/home');
      await homeCards().first().waitFor();
      await underServiceWorker();
      await homeCards().first().waitFor();
      const online = await homeCardTexts();
      // The first page came through the worker, which kept a copy.
      expect(Object.keys(await publicPagesCache()).some((url) => url.includes('/api/home/posts'))).toBe(true);

      await context.setOffline(true);
      await page.reload();
      await expectScreenOnPage(page, 'home');
      await homeCards().first().waitFor();
      expect(await homeCardTexts()).toEqual(online);
      // The page itself came from the worker's precache: the server is out of reach.
      expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    },
    SLOW,
  );

  it(
    'plays a downloaded game with the network off once it has been played online',
    async () => {
      await open(page, '/game');
      await underServiceWorker();
      const game = await downloadSeededGame(page, baseUrl(), 'Tile Garden');
      await hostCall(page, 'startGame', game);
      await waitForFirstFrame(page);
      // EmulatorJS and the core were kept as they were fetched.
      const kept = await page.evaluate(async () => {
        const name = (await caches.keys()).find((n) => n.startsWith('pixelhall-emulator-'));
        if (!name) return [];
        return (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
      });
      expect(kept).toContain('/emulator/emulator.min.js');
      expect(kept.some((p) => /^\/emulator\/cores\/fceumm(-legacy)?-wasm\.data$/.test(p))).toBe(true);

      await context.setOffline(true);
      await page.reload();
      await expectScreenOnPage(page, 'game');
      await hostCall(page, 'startGame', game);
      await waitForFirstFrame(page);
    },
    SLOW,
  );

  it(
    "opens a member's Home with the network off on the first page they last saw, theirs alone",
    async () => {
      const member = await createNamedMember('offline-member');
      await open(page, '/home');
      await underServiceWorker();
      await restartAs(member.token);
      await homeCards().first().waitFor();
      const online = await homeCardTexts();

      await context.setOffline(true);
      await page.reload();
      await homeCards().first().waitFor();
      expect(await homeCardTexts()).toEqual(online);

      // Another session on the device starts without it, and the kept page is gone.
      await restartAs((await createNamedMember('offline-next')).token);
      await expectScreenOnPage(page, 'home');
      await page.getByText('Load failed', { exact: true }).first().waitFor();
      expect(await homeCards().count()).toBe(0);
      expect(await page.evaluate(() => localStorage.getItem('pixelhall.home-snapshot'))).toBeNull();
    },
    SLOW,
  );

  it(
    "never keeps a member's answer where a visitor or another member could be served it",
    async () => {
      const liker = await createNamedMember('offline-liker');
      await open(page, '/home');
      await homeCards().first().waitFor();
      await underServiceWorker();
      await homeCards().first().waitFor();
      const visitorCopy = await publicPagesCache();
      expect(Object.keys(visitorCopy).length).toBeGreaterThan(0);

      // The member's first page differs from a visitor's: the newest post is liked.
      const newest = await callAs(liker.token, endpoints.posts.homePosts, {});
      await callAs(liker.token, endpoints.posts.likePost, { id: newest.list[0]!.id, like: true });
      await restartAs(liker.token);
      await homeCards().first().waitFor();
      await page
        .locator('[data-screen="home"] [data-testid="post-like"][aria-pressed="true"]')
        .first()
        .waitFor();
      expect(await publicPagesCache()).toEqual(visitorCopy);
      expect(JSON.stringify(visitorCopy)).not.toContain('"liked":true');

      // Another member with the network off gets no one's copy: their reads go to the network.
      const other = await createNamedMember('offline-other');
      await context.setOffline(true);
      await restartAs(other.token);
      await expectScreenOnPage(page, 'home');
      await page.getByText('Load failed', { exact: true }).first().waitFor();
      expect(await homeCards().count()).toBe(0);
    },
    SLOW,
  );
});

describe('a new deployment', () => {
  it(
    'is picked up on the next start after the member says Reload, and not before',
    async () => {
      // A deployment of its own, so the test can change the files under the running app.
      const dist = mkdtempSync(path.join(tmpdir(), 'pixelhall-sw-dist-'));
      cpSync(WEB_DIST, dist, { recursive: true });
      const server = await startServer({ webDist: dist });
      try {
        await page.goto(`${server.url}/#/home`);
        await expectScreenOnPage(page, 'home');
        await underServiceWorker();
        const marker = () => page.locator('meta[name="pixelhall-test-build"]').count();

        // The next build: a changed index.html, so the worker's precache list (sw.js) changes too.
        const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
        writeFileSync(
          path.join(dist, 'index.html'),
          html.replace('<head>', '<head><meta name="pixelhall-test-build" content="next" />'),
        );
        const sw = readFileSync(path.join(dist, 'sw.js'), 'utf8');
        const next = sw.replace(/(url:"index\.html",revision:")[^"]+"/, '$1next"');
        expect(next).not.toBe(sw);
        writeFileSync(path.join(dist, 'sw.js'), next);
        for (const file of ['index.html', 'sw.js'])
          for (const ext of ['.br', '.gz']) rmSync(path.join(dist, file + ext), { force: true });

        const prompt = page.locator('.adm-dialog-body:visible');
        await page.reload();
        await prompt.getByText('New version', { exact: true }).waitFor();
        expect(await marker()).toBe(0);
        // Later keeps the running version; the start after asks again.
        await prompt.getByText('Later', { exact: true }).click();
        await prompt.waitFor({ state: 'hidden' });
        await page.reload();
        await prompt.getByText('New version', { exact: true }).waitFor();
        expect(await marker()).toBe(0);

        await prompt.getByText('Reload', { exact: true }).click();
        await page.waitForFunction(() => document.querySelector('meta[name="pixelhall-test-build"]'));
        await expectScreenOnPage(page, 'home');
      } finally {
        await server.stop();
        rmSync(dist, { recursive: true, force: true });
      }
    },
    SLOW,
  );
});
