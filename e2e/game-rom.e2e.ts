import { endpoints, type Game } from '@pixelhall/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { currentRoute, open } from './support/app';
import { expectScreenOnPage, usePhone } from './support/browser';
import { signedInToday } from './support/community';
import { gameApi, pageUi, throttle } from './support/page-ui';
import { stubDirectoryPicker } from './support/picker';
import { romDirectory } from './support/rom-dir';

let context: BrowserContext;
let page: Page;
usePhone((p, c) => {
  page = p;
  context = c;
});

const { screen, dialog, toast, dialogButton, until, host } = pageUi(() => page);

/** A seeded game by name, from the game service. */
async function seededGame(name: string): Promise<Game> {
  const game = (await gameApi(endpoints.games.gameList, { keyword: name, num: 5 })).list.find(
    (g) => g.game_name === name,
  );
  if (!game) throw new Error(`the seed has no ${name}`);
  return game;
}

/** Tile Garden and Ember Cave: seeded NES homebrews, real ROMs the web host downloads and imports. */
let tileGarden: Game;
let emberCave: Game;
beforeAll(async () => {
  tileGarden = await seededGame('Tile Garden');
  emberCave = await seededGame('Ember Cave');
});

const downloadState = () => screen('rom').getByTestId('rom-actions').getAttribute('data-download-state');

describe('/rom/{id}', () => {
  it('shows the game; a favourite shows on /me/favorite and leaves it from the row', async () => {
    await signedInToday(context, 'Player');
    await open(page, `/rom/${tileGarden.id}`);
    await expectScreenOnPage(page, 'rom');
    const rom = screen('rom');
    expect(await rom.getByTestId('rom-name').textContent()).toBe('Tile Garden');
    const info = rom.getByTestId('rom-info');
    // The emulator's name arrives with the catalogue's conditions; its id shows until then.
    await info.locator('[data-field="emulator"] dd').getByText('NES', { exact: true }).waitFor();
    expect(await info.locator('[data-field="type"] dd').textContent()).toBe('Puzzle');
    expect(await info.locator('[data-field="version"] dd').textContent()).toBe(tileGarden.version);

    const heart = rom.getByTestId('rom-favourite');
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    await heart.click();
    await until(
      () => heart.getAttribute('aria-pressed'),
      (v) => v === 'true',
    );

    await open(page, '/me/favorite');
    await expectScreenOnPage(page, 'me-favorite');
    const list = screen('me-favorite').getByTestId('favourite-list');
    const row = list.locator(`[data-game-id="${tileGarden.id}"]`);
    await row.waitFor();
    await row.getByTestId('favourite-remove').click();
    await screen('me-favorite').getByText('No favourites yet', { exact: false }).waitFor();
  });

  it('asks a visitor to sign in before favouriting', async () => {
    await open(page, `/rom/${tileGarden.id}`);
    await expectScreenOnPage(page, 'rom');
    await screen('rom').getByTestId('rom-favourite').click();
    await toast('The user is not logged in');
    await until(
      async () => currentRoute(page),
      (route) => route === '/login',
    );
  });

  it('opens "Not enough coins" when the game service answers 1003, as it does for the main API', async () => {
    // The game service has its own code set, which carries 1003 too; no seeded game costs gold,
    // so the answer is the game service's envelope for it, as the product lists it.
    await signedInToday(context, 'Shortof');
    await page.route('**/game-api/download/game', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          code: 1003,
          msg: 'Lack of gold COINS',
          data: null,
          reason: 'errors.lack_of_gold',
        }),
      }),
    );
    try {
      await open(page, `/rom/${emberCave.id}`);
      await expectScreenOnPage(page, 'rom');
      await screen('rom').getByTestId('rom-download').click();
      const shortage = dialog().filter({ hasText: 'Not enough coins' });
      await shortage.waitFor();
      await shortage.getByRole('button', { name: 'Get coins' }).click();
      await page.waitForURL(/#\/me\/task$/);
      // Nothing was started: the host holds no download of it.
      expect(await host('getGameRomInfo', { gameId: emberCave.id })).toBeNull();
    } finally {
      await page.unroute('**/game-api/download/game');
    }
  });

  it('plays only once downloaded: Download shows progress and reaches Downloaded; Delete asks first', async () => {
    await signedInToday(context, 'Player');
    await open(page, `/rom/${tileGarden.id}`);
    await expectScreenOnPage(page, 'rom');
    const rom = screen('rom');
    expect(await downloadState()).toBe('download');
    const count = async (which: 'download' | 'play') =>
      Number((await rom.getByTestId(`rom-${which}-count`).textContent())?.replace(/\D/g, ''));
    const downloadsBefore = await count('download');
    const playsBefore = await count('play');

    await rom.getByTestId('rom-play').click();
    await toast('Please download this game rom first!');

    // Slow enough to watch the progress, pause and resume; the seeded ROM is ~24 KB.
    await throttle(page, 6 * 1024);
    await rom.getByTestId('rom-download').click();
    await rom.getByTestId('rom-progress').waitFor();
    await until(downloadState, (s) => s === 'downloading');
    await rom.getByTestId('rom-play').click();
    await toast('The game rom is downloading, please wait!');

    await rom.getByTestId('rom-pause').click();
    await until(downloadState, (s) => s === 'paused');
    expect(await rom.getByTestId('rom-progress').textContent()).toContain('Paused');
    await rom.getByTestId('rom-resume').click();
    await until(downloadState, (s) => s === 'downloading' || s === 'queued' || s === 'downloaded');
    const percent = await rom
      .getByTestId('rom-progress-percent')
      .textContent()
      .catch(() => null);
    if (percent !== null) expect(percent).toMatch(/^\d{1,3}%$/);
    await throttle(page, -1);
    await until(downloadState, (s) => s === 'downloaded', 30_000);
    await rom.getByTestId('rom-downloaded').waitFor();
    // The counters follow without a reload: the download counted, then a play once the game starts.
    expect(await count('download')).toBe(downloadsBefore + 1);
    await rom.getByTestId('rom-play').click();
    const player = page.locator('.ph-player');
    await player.waitFor();
    await until(
      () => count('play'),
      (n) => n === playsBefore + 1,
      15_000,
    );
    await player.getByRole('button', { name: 'Back', exact: true }).click();
    await player.waitFor({ state: 'detached' });
    expect(await count('play')).toBe(playsBefore + 1);

    // The downloads screen lists it under Downloaded.
    await open(page, '/game/download?tab=downloaded');
    await expectScreenOnPage(page, 'game-download');
    await screen('game-download')
      .getByTestId('downloaded-list')
      .locator(`[data-game-id="${tileGarden.id}"]`)
      .waitFor();

    await open(page, `/rom/${tileGarden.id}`);
    await expectScreenOnPage(page, 'rom');
    await until(downloadState, (s) => s === 'downloaded');
    // Cancelling the confirmation keeps the game.
    await rom.getByTestId('rom-delete').click();
    await dialogButton('Cancel').click();
    expect(await downloadState()).toBe('downloaded');
    await rom.getByTestId('rom-delete').click();
    await dialog().getByText('Delete this game?').waitFor();
    await dialogButton('Delete').click();
    await until(downloadState, (s) => s === 'download');
  });
});

describe('imported ROMs', () => {
  it('imports from the Imported tab through the import sheet, marks matches, shows Imported on /rom and forgets one', async () => {
    const generated = romDirectory();
    await open(page, '/game/download?tab=imported');
    await expectScreenOnPage(page, 'game-download');
    const downloads = screen('game-download');
    await downloads.getByText('No ROMs imported yet', { exact: false }).waitFor();
    await stubDirectoryPicker(page, 'Retro ROMs', generated.files);

    await downloads.getByTestId('imported-import').click();
    const sheet = page.getByTestId('import-sheet');
    await sheet.getByTestId('import-summary').waitFor({ timeout: 30_000 });
    expect(await sheet.getByTestId('import-matched').textContent()).toBe(String(generated.matched));
    await sheet.getByRole('button', { name: 'Close', exact: true }).click();

    const list = downloads.getByTestId('imported-list');
    await until(
      () => list.getByTestId('game-card').count(),
      (n) => n === generated.found,
    );
    expect(await list.getByText('Matched', { exact: true }).count()).toBe(generated.matched);
    expect(await list.getByText('Unmatched', { exact: true }).count()).toBe(
      generated.found - generated.matched,
    );

    // Ember Cave's headerless image matches, whatever its header: /rom shows it imported.
    await list.locator(`[data-game-id="${emberCave.id}"]`).first().getByRole('link').click();
    await expectScreenOnPage(page, 'rom');
    await screen('rom').getByTestId('rom-imported').waitFor();

    // Forgetting asks first and leaves the member's file alone.
    await open(page, '/game/download?tab=imported');
    await expectScreenOnPage(page, 'game-download');
    const mystery = screen('game-download')
      .getByTestId('imported-list')
      .getByTestId('game-card')
      .filter({ hasText: 'mystery' });
    await mystery.getByTestId('imported-forget').click();
    await dialogButton('Remove from list').click();
    await until(
      () => screen('game-download').getByTestId('imported-list').getByTestId('game-card').count(),
      (n) => n === generated.found - 1,
    );

    // /me/game lists what the device can play.
    await open(page, '/me/game');
    await expectScreenOnPage(page, 'me-game');
    await until(
      () => screen('me-game').getByTestId('my-games-list').getByTestId('game-card').count(),
      (n) => n === generated.found - 1,
    );
  });
});
