import { BASE_PREFIX, localeOption } from '@pixelhall/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, currentRoute, open, useToken } from './support/app';
import { expectScreenOnPage, usePhone } from './support/browser';
import { type CommunityMember, createNamedMember } from './support/community';
import { downloadSeededGame, hostCall } from './support/games-play';
import { withDatabase } from './support/members';
import { pageUi } from './support/page-ui';
import { stubDirectoryPicker } from './support/picker';
import { romDirectory } from './support/rom-dir';

let context: BrowserContext;
let page: Page;
usePhone((p, c) => {
  page = p;
  context = c;
});

const { screen, dialog, toast } = pageUi(() => page);

/** A member whose account has an email address, as one who signed up with it would. */
async function memberWithEmail(prefix: string): Promise<CommunityMember & { email: string }> {
  const member = await createNamedMember(prefix);
  const email = `${member.nickname.toLowerCase().replace(/[^a-z0-9]/g, '')}@pixelhall.test`;
  await withDatabase((database) =>
    database.db.updateTable('users').set({ email }).where('id', '=', member.id).execute(),
  );
  await useToken(context, member.token);
  return { ...member, email };
}

const feedbackOf = (userId: number) =>
  withDatabase((database) =>
    database.db.selectFrom('feedback').selectAll().where('user_id', '=', userId).execute(),
  );

/** What the app would send, straight to the game service (its base is not the main API's). */
async function submitAs(token: string, payload: Record<string, string>): Promise<void> {
  const response = await fetch(`${baseUrl()}/${BASE_PREFIX.game}/feedback/submit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(payload),
  });
  const envelope = (await response.json()) as { code: number; msg: string };
  if (envelope.code !== 1) throw new Error(`feedback/submit: ${envelope.msg}`);
}

/** The text box inside an antd-mobile field (the test id sits on its wrapper). */
const field = (form: ReturnType<typeof screen>, id: string) =>
  form.getByTestId(id).locator('input, textarea').first();

/** Counts the page's calls to feedback/submit, so a refused form can be shown to send nothing. */
function countSubmits(): () => number {
  let sent = 0;
  page.on('request', (request) => {
    if (request.url().includes('feedback/submit')) sent += 1;
  });
  return () => sent;
}

describe('feedback', () => {
  it('a member sends feedback with the device prefilled, gets thanked and goes back', async () => {
    const member = await memberWithEmail('Reporter');
    const submits = countSubmits();
    await open(page, '/me');
    await expectScreenOnPage(page, 'me');
    await screen('me').getByTestId('game-entries').getByText('Feedback').click();
    await expectScreenOnPage(page, 'me-feedback');
    const form = screen('me-feedback');

    // The host's system info and the member's address fill the form.
    const deviceName = field(form, 'feedback-device-name');
    await expect.poll(() => deviceName.inputValue()).toMatch(/^Chrome on /);
    expect(await field(form, 'feedback-device-version').inputValue()).toMatch(/^Chrome \d+$/);
    await expect.poll(() => field(form, 'feedback-email').inputValue()).toBe(member.email);

    const problem = 'The volume slider jumps back to 50% after I leave the game settings.';
    await field(form, 'feedback-problem').fill(problem);
    await form.getByText(`${problem.length}/2000`).waitFor();
    await form.getByTestId('feedback-submit').click();

    await toast('Thanks! Your feedback has been sent.');
    await expectScreenOnPage(page, 'me');
    expect(currentRoute(page)).toBe('/me');
    expect(submits()).toBe(1);
    const rows = await feedbackOf(member.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ problem, email: member.email });
    expect(String(rows[0]!.device_name)).toMatch(/^Chrome on /);
  });

  it('refuses bad input with the translated validation messages and sends nothing', async () => {
    const member = await memberWithEmail('Typo');
    await context.addInitScript((locale) => {
      localStorage.setItem('pixelhall.preferences', JSON.stringify({ state: { locale }, version: 1 }));
    }, localeOption('es-ES'));
    const submits = countSubmits();
    await open(page, '/me/feedback');
    await expectScreenOnPage(page, 'me-feedback');
    const form = screen('me-feedback');
    await expect.poll(() => field(form, 'feedback-email').inputValue()).toBe(member.email);
    // The host's device details fill in once it answers: wait, or they land between the steps.
    await expect.poll(() => field(form, 'feedback-device-version').inputValue()).not.toBe('');

    await field(form, 'feedback-device-name').fill('   ');
    await field(form, 'feedback-email').fill('jugador@pixelhall');
    await form.getByTestId('feedback-submit').click();
    // Empty device name and problem, and a malformed address, in Spanish.
    await expect.poll(() => form.getByText('Rellena todos los campos', { exact: true }).count()).toBe(2);
    await form.getByText('El formato del correo electrónico no es correcto', { exact: true }).waitFor();

    await field(form, 'feedback-email').fill('');
    await form.getByTestId('feedback-submit').click();
    await form.getByText('Introduce tu dirección de correo electrónico', { exact: true }).waitFor();
    expect(submits()).toBe(0);
    expect(await feedbackOf(member.id)).toHaveLength(0);
    expect(currentRoute(page)).toBe('/me/feedback');
  });

  it('shows the server refusing a sixth report within the hour and stays on the form', async () => {
    const member = await memberWithEmail('Chatty');
    const payload = {
      device_name: 'Pixel 8',
      device_version: 'Android 14',
      problem: 'Earlier report',
      email: member.email,
    };
    for (let i = 0; i < 5; i++) await submitAs(member.token, payload);
    await open(page, '/me/feedback');
    await expectScreenOnPage(page, 'me-feedback');
    const form = screen('me-feedback');
    await expect.poll(() => field(form, 'feedback-email').inputValue()).toBe(member.email);
    await field(form, 'feedback-problem').fill('One more thing');
    await form.getByTestId('feedback-submit').click();
    await page
      .locator('.adm-toast-main:visible')
      .getByText(/^Too many requests\. Please try again in \d+ seconds\.$/)
      .waitFor();
    expect(currentRoute(page)).toBe('/me/feedback');
    expect(await feedbackOf(member.id)).toHaveLength(5);
  });
});

describe('game settings', () => {
  it('is reached from Settings, and the emulator settings survive a reload and reset', async () => {
    await open(page, '/me/setting');
    await expectScreenOnPage(page, 'me-setting');
    await screen('me-setting').getByTestId('game-settings-item').click();
    await expectScreenOnPage(page, 'me-setting-game');
    const settings = () => screen('me-setting-game');

    // A visitor keeps saves on the device but cannot upload them.
    const upload = settings().getByTestId('emulator-auto-upload');
    expect(await upload.getAttribute('aria-checked')).toBe('false');
    expect(await upload.getAttribute('aria-disabled')).toBe('true');
    await settings().getByText('Log in to keep your saves in the cloud.').waitFor();

    await settings().getByTestId('emulator-pad').getByText('Off', { exact: true }).click();
    await settings().getByTestId('emulator-keep-battery').click();
    // The slider's track: a tap near its right end sets a high volume.
    const track = settings().getByTestId('emulator-volume').locator('.adm-slider-track');
    const box = (await track.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.9, box.y + box.height / 2);
    await expect.poll(() => settings().getByTestId('emulator-volume-value').textContent()).toBe('90%');

    await page.reload();
    await expectScreenOnPage(page, 'me-setting-game');
    expect(await settings().getByTestId('emulator-volume-value').textContent()).toBe('90%');
    expect(await settings().getByTestId('emulator-keep-battery').getAttribute('aria-checked')).toBe('false');
    const padChosen = () =>
      settings().getByTestId('emulator-pad').locator('.adm-selector-item-active').textContent();
    expect(await padChosen()).toBe('Off');
    const stored = await page.evaluate(() =>
      JSON.parse(localStorage.getItem('pixelhall.emulator-settings')!),
    );
    expect(stored.state).toMatchObject({ virtualPad: 'off', volume: 0.9, keepBatterySaves: false });

    await settings().getByTestId('emulator-reset').click();
    await dialog().getByText('Put every emulator setting back to its default?').waitFor();
    await page.locator('.adm-dialog-footer:visible').getByText('Reset', { exact: true }).click();
    await toast('Emulator settings reset');
    expect(await settings().getByTestId('emulator-volume-value').textContent()).toBe('50%');
    expect(await padChosen()).toBe('Auto');
    expect(await settings().getByTestId('emulator-keep-battery').getAttribute('aria-checked')).toBe('true');
  });

  it('lists the supported systems with their extensions, and the storage in use', async () => {
    await open(page, '/me/setting/game');
    await expectScreenOnPage(page, 'me-setting-game');
    const systems = screen('me-setting-game').getByTestId('emulator-list');
    const system = (name: string) => systems.locator('.adm-list-item').filter({ hasText: name });
    await system('Super Nintendo').getByText('.sfc .smc', { exact: true }).waitFor();
    await system('NES').first().getByText('.nes', { exact: true }).waitFor();
    await system('Mega Drive').getByText('.md .gen .smd', { exact: true }).waitFor();
    const storage = screen('me-setting-game').getByTestId('storage');
    await expect.poll(() => storage.getByTestId('storage-used').textContent()).toMatch(/ of \d/);
    expect(await storage.getByTestId('storage-downloads').textContent()).toBe('None');
    expect(await storage.getByTestId('storage-clear').isDisabled()).toBe(true);
  });

  it('Clear downloads asks first, then deletes the downloaded games from the device', async () => {
    await open(page, '/me/setting/game');
    await expectScreenOnPage(page, 'me-setting-game');
    const game = await downloadSeededGame(page, baseUrl(), 'Tile Garden');
    const storage = screen('me-setting-game').getByTestId('storage');
    await expect.poll(() => storage.getByTestId('storage-downloads').textContent()).toMatch(/^1 · \d/);

    // Cancelling the question keeps the game.
    await storage.getByTestId('storage-clear').click();
    await dialog()
      .getByText(
        'Delete every downloaded game from this device and cancel the downloads in progress? Save archives are kept.',
      )
      .waitFor();
    await page.locator('.adm-dialog-footer:visible').getByText('Cancel', { exact: true }).click();
    expect(await hostCall(page, 'getGameRomInfo', { gameId: game.gameId })).not.toBeNull();

    await storage.getByTestId('storage-clear').click();
    await page.locator('.adm-dialog-footer:visible').getByText('Delete', { exact: true }).click();
    await toast('Downloads cleared');
    await expect.poll(() => storage.getByTestId('storage-downloads').textContent()).toBe('None');
    expect(await hostCall(page, 'getGameRomInfo', { gameId: game.gameId })).toBeNull();
  });

  it('a member may switch on cloud upload', async () => {
    const member = await createNamedMember('Uploader');
    await useToken(context, member.token);
    await open(page, '/me/setting/game');
    await expectScreenOnPage(page, 'me-setting-game');
    const upload = screen('me-setting-game').getByTestId('emulator-auto-upload');
    expect(await upload.getAttribute('aria-disabled')).not.toBe('true');
    await upload.click();
    await expect.poll(() => upload.getAttribute('aria-checked')).toBe('true');
    await page.reload();
    await expectScreenOnPage(page, 'me-setting-game');
    expect(
      await screen('me-setting-game').getByTestId('emulator-auto-upload').getAttribute('aria-checked'),
    ).toBe('true');
  });

  it('the ROM directory selector imports a picked directory, sums it up and scans it again', async () => {
    const rom = romDirectory();
    await open(page, '/me/setting/game');
    await expectScreenOnPage(page, 'me-setting-game');
    const section = screen('me-setting-game').getByTestId('rom-directory');
    await section.getByText('No ROM directory chosen yet').waitFor();
    await stubDirectoryPicker(page, 'My ROMs', rom.files);

    await section.getByTestId('rom-choose').click();
    const sheet = page.getByTestId('import-sheet');
    await sheet.getByTestId('import-summary').waitFor({ timeout: 30_000 });
    expect(await sheet.getByTestId('import-summary-title').textContent()).toBe('Import finished');
    expect(await sheet.getByTestId('import-found').textContent()).toBe(String(rom.found));
    expect(await sheet.getByTestId('import-imported').textContent()).toBe(String(rom.found));
    expect(await sheet.getByTestId('import-matched').textContent()).toBe(String(rom.matched));
    expect(await sheet.getByTestId('import-duplicates').textContent()).toBe('0');

    // Behind the sheet the directory is remembered, with what it gave.
    await sheet.getByText('Close', { exact: true }).click();
    expect(await section.getByTestId('rom-directory-name').textContent()).toBe('My ROMs');
    await section.getByText(`${rom.found} games imported`).waitFor();
    await section.getByText(`${rom.matched} matched to the catalogue`).waitFor();
    await section.getByText(/^Last scanned /).waitFor();

    // Scanning again finds the same files, now all known.
    await section.getByTestId('rom-rescan').click();
    await expect
      .poll(() => sheet.getByTestId('import-duplicates').textContent(), { timeout: 30_000 })
      .toBe(String(rom.found));
    expect(await sheet.getByTestId('import-imported').textContent()).toBe('0');
    await sheet.getByTestId('import-view').click();
    await expectScreenOnPage(page, 'game-download');
    expect(currentRoute(page)).toBe('/game/download?tab=imported');
  });
  it('the import sheet can be hidden while an import runs and brought back to its progress', async () => {
    const rom = romDirectory();
    await open(page, '/me/setting/game');
    await expectScreenOnPage(page, 'me-setting-game');
    await stubDirectoryPicker(page, 'Held ROMs', rom.files);
    // The catalogue answers only when the test says so: the import waits in its matching phase.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/game/romMatch', async (route) => {
      await held;
      await route.continue();
    });
    const section = screen('me-setting-game').getByTestId('rom-directory');
    await section.getByTestId('rom-choose').click();
    const sheet = page.getByTestId('import-sheet');
    await sheet.getByText('Matching with the catalogue', { exact: true }).waitFor();
    expect(await sheet.getByTestId('import-files').textContent()).toBe(`${rom.found} / ${rom.found}`);
    // Matching keeps what was hashed whatever happens: nothing to cancel any more.
    expect(await sheet.getByTestId('import-cancel').count()).toBe(0);

    await sheet.getByText('Hide', { exact: true }).click();
    await sheet.waitFor({ state: 'hidden' });
    await section.getByText('Show progress').click();
    await sheet.getByText('Matching with the catalogue', { exact: true }).waitFor();
    release();
    await sheet.getByText('Import finished', { exact: true }).waitFor();
    expect(await sheet.getByTestId('import-matched').textContent()).toBe(String(rom.matched));
  });

  it('Cancel stops an import while it hashes and sums up what was kept', async () => {
    await open(page, '/me/setting/game');
    await expectScreenOnPage(page, 'me-setting-game');
    // 64 files of 4 MB: hashing them takes long enough to tap Cancel halfway.
    await page.evaluate(async () => {
      const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle('Big ROMs', {
        create: true,
      });
      const chunk = new Uint8Array(4 * 1024 * 1024);
      for (let i = 0; i < 64; i += 1) {
        chunk.fill(i);
        const writable = await (await dir.getFileHandle(`big-${i}.gba`, { create: true })).createWritable();
        await writable.write(chunk);
        await writable.close();
      }
      // The folder is listed only once the test says so: the sheet rises first, and the hashing
      // starts under a button that holds still. On a loaded machine the sheet's rise outlasted
      // the hashing, and Cancel could never be tapped before it ended.
      const listed = new Promise<void>((resolve) => {
        (window as unknown as { listFolder: () => void }).listFolder = resolve;
      });
      const values = dir.values.bind(dir);
      Object.assign(dir, {
        async *values() {
          await listed;
          yield* values();
        },
      });
      (window as unknown as { showDirectoryPicker: unknown }).showDirectoryPicker = async () => dir;
    });
    const section = screen('me-setting-game').getByTestId('rom-directory');
    await section.getByTestId('rom-choose').click();
    const sheet = page.getByTestId('import-sheet');
    await sheet.getByText('Looking for game files', { exact: true }).waitFor();
    // A trial click waits until the button is visible and still, and clicks nothing.
    await sheet.getByTestId('import-cancel').click({ trial: true });
    await page.evaluate(() => (window as unknown as { listFolder: () => void }).listFolder());
    await sheet.getByText('Reading game files', { exact: true }).waitFor();
    await sheet.getByTestId('import-cancel').click();
    await sheet.getByText('Import stopped', { exact: true }).waitFor();
    const found = Number(await sheet.getByTestId('import-found').textContent());
    expect(found).toBeLessThan(64);
    expect(await sheet.getByTestId('import-imported').textContent()).toBe(String(found));
    await sheet.getByText('Close', { exact: true }).click();
    expect(await section.getByTestId('rom-directory-name').textContent()).toBe('Big ROMs');
  });
});

describe('Me and About', () => {
  it('Me leads to every game page', async () => {
    await open(page, '/me');
    await expectScreenOnPage(page, 'me');
    const entries = screen('me').getByTestId('game-entries');
    for (const [label, route] of [
      ['My games', 'me-game'],
      ['Save archives', 'me-archives'],
      ['Downloads', 'game-download'],
    ] as const) {
      await entries.getByText(label, { exact: true }).click();
      await expectScreenOnPage(page, route);
      await page.goBack();
      await expectScreenOnPage(page, 'me');
    }
    // The member-only ones send a visitor to log in.
    await entries.getByText('Favourites', { exact: true }).click();
    await expectScreenOnPage(page, 'login');
  });

  it('About shows an update with its notes, the forced-update warning and the download', async () => {
    await page.route('**/main/checkVersion*', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          code: 1,
          msg: 'OK',
          data: {
            current_version: '1.8.6',
            latest_version: '2.0.0',
            has_update: true,
            force_update: true,
            notes: 'Cloud saves for every slot.',
            released_at: Date.UTC(2026, 10, 1),
            download_url: 'https://pixelhall.example/download',
          },
        }),
      }),
    );
    await open(page, '/me/about');
    await expectScreenOnPage(page, 'me-about');
    const status = screen('me-about').getByTestId('update-status');
    await status.getByText('Cloud saves for every slot.').waitFor();
    await status.getByText(/2\.0\.0/).waitFor();
    await status.getByTestId('force-update').waitFor();
    expect(await status.getByTestId('latest-version').count()).toBe(0);
    await status.getByText('Download the update').waitFor();
  });
});
