import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameNameOf, upsertEmulator } from '../src/features/games/catalogue';
import { createFileStore } from '../src/features/uploads/storage';
import { gameBoyRom } from '../src/seed/games/gameboy';
import { HOMEBREWS, homebrewRom } from '../src/seed/games/homebrew';
import { opsTestDatabase } from './support/ops';

const t = opsTestDatabase();
const dir = mkdtempSync(path.join(tmpdir(), 'pixelhall-roms-'));
const uploads = path.join(dir, 'uploads');
const roms = path.join(dir, 'roms');
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');
const nes = homebrewRom(HOMEBREWS[2]!);
const gb = gameBoyRom('Owl Post', 7);

beforeAll(async () => {
  // The command stores ROMs in UPLOAD_DIR; runOps passes this process's environment on.
  process.env.UPLOAD_DIR = uploads;
  mkdirSync(path.join(roms, 'handhelds'), { recursive: true });
  writeFileSync(path.join(roms, 'ember_cave-demo.NES'), nes);
  writeFileSync(path.join(roms, 'handhelds', 'owl post.gb'), gb);
  writeFileSync(path.join(roms, 'readme.txt'), 'not a rom');
  const base = { icon_url_text: '/i.webp', core_name: 'x' };
  await upsertEmulator(
    t.database.db,
    { ...base, emulator_uid: 'nes', emulator_name: 'NES', platform: 'NES', extensions: ['nes'] },
    0,
  );
  await upsertEmulator(
    t.database.db,
    { ...base, emulator_uid: 'gb', emulator_name: 'Game Boy', platform: 'Game Boy', extensions: ['gb'] },
    1,
  );
});
afterAll(() => {
  delete process.env.UPLOAD_DIR;
  rmSync(dir, { recursive: true, force: true });
});

describe('games:add <folder>', () => {
  it('names games from their files', () => {
    expect(gameNameOf('/x/super_mario-bros (USA).nes')).toBe('Super Mario Bros (USA)');
  });

  it('adds every ROM by extension with both MD5s, and only once', async () => {
    const first = await t.ops('games:add', roms, '--genre', 'homebrew');
    expect(first.code).toBe(0);
    expect(first.out).toContain('2 added, 0 already there, 1 not ROM files');
    const rows = await t.database.db.selectFrom('games').selectAll().orderBy('game_name').execute();
    expect(rows.map((r) => [r.game_name, r.emulator_type, r.genre])).toEqual([
      ['Ember Cave Demo', 'nes', 'homebrew'],
      ['Owl Post', 'gb', 'homebrew'],
    ]);
    expect(rows[0]).toMatchObject({
      rom_md5: md5(nes),
      rom_md5_headerless: md5(nes.subarray(16)),
      rom_name: 'ember_cave-demo.NES',
    });
    expect(rows[1]).toMatchObject({ rom_md5: md5(gb), rom_md5_headerless: null, icon_image: '/i.webp' });
    expect(Number(rows[0]!.size)).toBe(nes.length);
    expect(await createFileStore(uploads).size(rows[0]!.rom_sha256)).toBe(nes.length);

    const again = await t.ops('games:add', roms);
    expect(again.out).toContain('0 added, 2 already there, 1 not ROM files');
    // The standard emulators the database lacked were added; the ones it had were kept.
    const emulators = await t.database.db
      .selectFrom('emulators')
      .select(['emulator_uid', 'icon_url_text'])
      .orderBy('position')
      .execute();
    expect(emulators.map((e) => e.emulator_uid).sort()).toEqual(['gb', 'gba', 'nes', 'segaMD', 'snes']);
    expect(emulators.find((e) => e.emulator_uid === 'nes')!.icon_url_text).toBe('/i.webp');
    expect(emulators.find((e) => e.emulator_uid === 'gba')!.icon_url_text).toMatch(
      /^\/upload\/files\/[0-9a-f]{64}\.webp$/,
    );
  });

  it('needs a folder', async () => {
    const res = await t.ops('games:add');
    expect(res.code).toBe(1);
    expect(res.out).toContain('games:add needs a folder');
  });
});
