import { endpoints } from '@pixelhall/contract';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { currentRoute, open } from './support/app';
import { expectScreenOnPage, usePhone } from './support/browser';
import { callAs, postAs, signedInToday, uniqueWord } from './support/community';
import { openMenuSheet, pressAndHold } from './support/press';

let context: BrowserContext;
let page: Page;
usePhone((p, c) => {
  page = p;
  context = c;
});

const press = (target: Locator, ms: number) => pressAndHold(page, target, ms);
const menuSheet = () => openMenuSheet(page);

describe('long press (500 ms) on feed cards', () => {
  it("opens a feed post's menu, the post page's own, while a short press opens the post", async () => {
    const author = await signedInToday(context, 'feed');
    const post = await postAs(author, `Held in a feed ${uniqueWord('p')}`);
    const feed = `/user/${author.id}`;
    await open(page, feed);
    const card = page.locator(`[data-testid="post-card"][data-post-id="${post.id}"]:visible`);
    await card.waitFor();

    // 200 ms is a tap: no menu, and the card opens the post as it always did.
    await press(card.locator('.post-text__body'), 200);
    await page.waitForFunction((id) => location.hash === `#/post/${id}`, post.id);
    expect(await menuSheet().count()).toBe(0);

    await open(page, feed);
    await card.waitFor();
    await press(card.locator('.post-text__body'), 600);
    await menuSheet().getByText('Share', { exact: true }).waitFor();
    // The release did not also open the post, nor select its text.
    expect(currentRoute(page)).toBe(feed);
    expect(await page.evaluate(() => window.getSelection()?.toString() ?? '')).toBe('');
    // The author's entries are the post page's, and they act on this post.
    await menuSheet().getByText('Colour and style', { exact: true }).waitFor();
    await menuSheet().getByText('Close comments', { exact: true }).click();
    await expect
      .poll(
        async () => (await callAs(author.token, endpoints.posts.postDetail, { id: post.id })).comments_open,
      )
      .toBe(false);
    await expect.poll(() => menuSheet().count()).toBe(0);
  });

  it("opens a game card's menu: favourite, share, its page; a short press opens the game", async () => {
    await signedInToday(context, 'games');
    const list = '/game/components/classification';
    await open(page, list);
    await expectScreenOnPage(page, 'game-components-classification');
    const card = page
      .locator('[data-testid="game-classification-results"]:visible [data-testid="game-card"]')
      .first();
    await card.waitFor();
    const id = Number(await card.getAttribute('data-game-id'));
    const name = await card.locator('.game-card__name').innerText();

    await press(card, 200);
    await page.waitForFunction((gameId) => location.hash === `#/rom/${gameId}`, id);
    expect(await menuSheet().count()).toBe(0);

    await open(page, list);
    await card.waitFor();
    await press(card, 600);
    const sheet = menuSheet();
    await sheet.getByText(name, { exact: true }).waitFor();
    expect(currentRoute(page)).toBe(list);
    await sheet.getByText('Share', { exact: true }).waitFor();
    await sheet.getByText('Add to favourites', { exact: true }).click();
    await expect.poll(() => menuSheet().count()).toBe(0);

    await press(card, 600);
    await menuSheet().getByText('Remove from favourites', { exact: true }).waitFor();
    await menuSheet().getByText('Open game page', { exact: true }).click();
    await page.waitForFunction((gameId) => location.hash === `#/rom/${gameId}`, id);
    await expectScreenOnPage(page, 'rom');
    // Read afresh from the server: the favourite was saved.
    await page.reload();
    await expect
      .poll(() =>
        page.locator('[data-screen="rom"]:visible [data-testid="rom-favourite"]').getAttribute('aria-label'),
      )
      .toBe('Remove from favourites');
  });
});
