import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { currentRoute, open } from './support/app';
import { expectScreenOnPage, usePhone } from './support/browser';

let page: Page;
usePhone((p) => {
  page = p;
});

const screen = (name: string) => page.locator(`[data-screen="${name}"]:visible`);
/** The names on the game cards of a list, in order. */
const names = (list: string) =>
  page.locator(`[data-testid="${list}"]:visible [data-testid="game-card"] .game-card__name`).allInnerTexts();
const chips = (list: string) =>
  page.locator(`[data-testid="${list}"]:visible [data-testid="game-card"] .game-chip`).allInnerTexts();
const genres = (list: string) =>
  page.locator(`[data-testid="${list}"]:visible [data-testid="game-card"] .game-card__genre`).allInnerTexts();
const firstCard = (list: string) =>
  page.locator(`[data-testid="${list}"]:visible [data-testid="game-card"]`).first();

describe('browsing the game area', () => {
  it('searches by a popular word and by a typed keyword, keeps the history, and opens a game', async () => {
    await open(page, '/game');
    await expectScreenOnPage(page, 'game');
    await screen('game').getByRole('button', { name: 'Search games' }).click();
    await expectScreenOnPage(page, 'game-search');

    // A popular search from the demo world.
    await screen('game-search').locator('[data-testid="game-hot-words"]').getByText('tile garden').click();
    await firstCard('game-search-results').waitFor();
    expect(await names('game-search-results')).toEqual(['Tile Garden']);

    // A typed keyword replaces it.
    const input = screen('game-search').getByPlaceholder('Search games');
    await input.fill('ninja');
    await input.press('Enter');
    await page.locator('[data-testid="game-search-results"]:visible').getByText('Moonlit Ninja').waitFor();
    expect(await names('game-search-results')).toEqual(['Moonlit Ninja']);

    // The history outlives a reload, newest first.
    await page.reload();
    await expectScreenOnPage(page, 'game-search');
    const history = screen('game-search').locator('[data-testid="game-search-history"] .search-chip__word');
    await history.first().waitFor();
    expect(await history.allInnerTexts()).toEqual(['ninja', 'tile garden']);

    // Searching again from the history, then opening the game.
    await history.first().click();
    await firstCard('game-search-results').click();
    expect(currentRoute(page)).toMatch(/^\/rom\/\d+$/);
  });

  it('narrows the catalogue by genre and emulator, and keeps the filters on coming back', async () => {
    await open(page, '/game/components/classification');
    await expectScreenOnPage(page, 'game-components-classification');
    await firstCard('game-classification-results').waitFor();
    const everything = await names('game-classification-results');

    await screen('game-components-classification')
      .locator('[data-filter="genre"]')
      .getByRole('button', { name: 'Puzzle' })
      .click();
    await page.waitForFunction(() => location.hash.includes('genre=puzzle'));
    await expect
      .poll(async () => new Set(await genres('game-classification-results')), { timeout: 10_000 })
      .toEqual(new Set(['Puzzle']));
    const puzzles = await names('game-classification-results');
    expect(puzzles.length).toBeGreaterThan(0);
    expect(puzzles.length).toBeLessThan(everything.length);

    await screen('game-components-classification')
      .locator('[data-filter="emulator"]')
      .getByRole('button', { name: 'Game Boy', exact: true })
      .click();
    await page.waitForFunction(() => location.hash.includes('emulator=gb'));
    await expect
      .poll(async () => new Set(await chips('game-classification-results')), { timeout: 10_000 })
      .toEqual(new Set(['Game Boy']));
    const pocketPuzzles = await names('game-classification-results');
    expect(pocketPuzzles.length).toBeLessThan(puzzles.length);

    // Into a game and back: the same filters, the same games.
    await firstCard('game-classification-results').click();
    expect(currentRoute(page)).toMatch(/^\/rom\/\d+$/);
    await page.goBack();
    await expectScreenOnPage(page, 'game-components-classification');
    expect(currentRoute(page)).toBe('/game/components/classification?emulator=gb&genre=puzzle');
    await firstCard('game-classification-results').waitFor();
    expect(await names('game-classification-results')).toEqual(pocketPuzzles);
  });

  it('says "Coming soon" for an emulator with no games yet, and "No data here yet" for filters that find none', async () => {
    await open(page, '/game/components/classification?emulator=snes');
    await expectScreenOnPage(page, 'game-components-classification');
    await screen('game-components-classification').getByText('Coming soon').waitFor();
    await open(page, '/game/components/classification?emulator=snes&genre=puzzle');
    await screen('game-components-classification').getByText('No data here yet').waitFor();
  });

  it('opens a topic with its games, and a section with "More"', async () => {
    await open(page, '/game');
    await expectScreenOnPage(page, 'game');
    const topic = screen('game').locator('[data-testid="game-topic-card"]').first();
    await topic.scrollIntoViewIfNeeded();
    const title = await topic.locator('.game-topic-card__title').innerText();
    const count = Number((await topic.locator('.game-topic-card__count').innerText()).match(/\d+/)![0]);
    await topic.click();
    await expectScreenOnPage(page, 'game-topic');
    expect(currentRoute(page)).toMatch(/^\/game\/topic\?id=\d+$/);
    await expect.poll(() => screen('game-topic').locator('.game-topic-hero__title').innerText()).toBe(title);
    await expect.poll(async () => (await names('game-topic-games')).length).toBe(count);

    await page.goBack();
    await expectScreenOnPage(page, 'game');
    const weekHot = screen('game').locator('[data-testid="game-section-week_hot"]');
    const shown = await weekHot.locator('.game-card__name').allInnerTexts();
    await weekHot.getByTestId('game-section-more').click();
    await expectScreenOnPage(page, 'game-more');
    expect(currentRoute(page)).toBe('/game/more?key=week_hot');
    await screen('game-more').getByText('Hot this week').waitFor();
    await firstCard('game-more-list').waitFor();
    // The section's first games lead its full list, in the same order.
    expect((await names('game-more-list')).slice(0, shown.length)).toEqual(shown);
  });

  it('lists recent games: play asks for a download first, one can go, all can be cleared', async () => {
    await page.context().addInitScript(() => {
      if (localStorage.getItem('pixelhall.recent-games')) return;
      const game = (gameId: number | null, romMd5: string, gameName: string, hoursAgo: number) => ({
        gameId,
        romMd5,
        gameName,
        coverImage: '',
        emuName: 'nes',
        coreName: 'fceumm',
        playedAt: Date.now() - hoursAgo * 3_600_000,
      });
      const games = [game(1, 'a'.repeat(32), 'Tile Garden', 1), game(null, 'b'.repeat(32), 'my-homebrew', 5)];
      localStorage.setItem('pixelhall.recent-games', JSON.stringify({ state: { games }, version: 1 }));
    });
    await open(page, '/game');
    const strip = screen('game').locator('[data-testid="game-recent-strip"]');
    await strip.waitFor();
    expect(await names('game-recent-strip')).toEqual(['Tile Garden', 'my-homebrew']);
    await strip.getByTestId('game-section-more').click();
    await expectScreenOnPage(page, 'game-recent');

    // Tile Garden is not on this device: playing it asks for the download.
    const rows = screen('game-recent').locator('[data-testid="game-card"]');
    await rows.first().getByTestId('game-recent-play').click();
    await page.locator('.adm-toast-main:visible').getByText('Please download this game rom first!').waitFor();

    await rows.nth(1).getByTestId('game-recent-remove').click();
    await expect.poll(() => names('game-recent-list')).toEqual(['Tile Garden']);

    await screen('game-recent').getByTestId('game-recent-clear').click();
    await page.locator('.adm-dialog-body:visible').getByRole('button', { name: 'Clear all' }).click();
    await screen('game-recent').getByText('No data here yet').waitFor();

    // The hub hides the strip once nothing was played.
    await page.goBack();
    await expectScreenOnPage(page, 'game');
    await expect.poll(() => strip.count()).toBe(0);
  });
});
