import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { FileStore } from '../uploads/public';

const INES_MAGIC = Buffer.from([0x4e, 0x45, 0x53, 0x1a]);
const INES_HEADER = 16;
const INES_TRAINER = 512;

const md5 = (data: Buffer) => createHash('md5').update(data).digest('hex');

/**
 * A ROM's MD5s: of the whole file, and where the platform defines a header, of the image
 * without it. For NES that is the 16-byte iNES header (and a 512-byte trainer when the header
 * says there is one), as No-Intro and RetroAchievements identify NES games.
 */
export function romHashes(data: Buffer): { md5: string; headerless: string | null } {
  const whole = md5(data);
  if (data.length > INES_HEADER && data.subarray(0, 4).equals(INES_MAGIC)) {
    const skip = INES_HEADER + ((data[6] ?? 0) & 0x04 ? INES_TRAINER : 0);
    return { md5: whole, headerless: md5(data.subarray(skip)) };
  }
  return { md5: whole, headerless: null };
}

export interface EmulatorDef {
  emulator_uid: string;
  emulator_name: string;
  icon_url_text: string;
  platform: string;
  core_name: string;
  extensions: string[];
}

/** The emulator whose extensions include the file's, or null for a file that isn't a ROM. */
export function emulatorFor<E extends Pick<EmulatorDef, 'extensions'>>(
  emulators: E[],
  fileName: string,
): E | null {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return null;
  const ext = fileName.slice(dot + 1).toLowerCase();
  return emulators.find((e) => e.extensions.includes(ext)) ?? null;
}

export async function upsertEmulator(db: Kysely<DB>, e: EmulatorDef, position: number): Promise<void> {
  const values = {
    emulator_name: e.emulator_name,
    icon_url_text: e.icon_url_text,
    platform: e.platform,
    core_name: e.core_name,
    extensions: e.extensions.join(','),
    position,
  };
  await db
    .insertInto('emulators')
    .values({ emulator_uid: e.emulator_uid, ...values })
    .onConflict((oc) => oc.column('emulator_uid').doUpdateSet(values))
    .execute();
}

export async function loadEmulators(db: Kysely<DB>): Promise<EmulatorDef[]> {
  const rows = await db.selectFrom('emulators').selectAll().orderBy('position').execute();
  return rows.map((r) => ({ ...r, extensions: r.extensions.split(',').filter(Boolean) }));
}

export interface NewGame {
  name: string;
  romName: string;
  rom: Buffer;
  emulator: Pick<EmulatorDef, 'emulator_uid' | 'platform'>;
  genre: string;
  description?: string;
  icon?: string;
  screenshots?: string[];
  videos?: string[];
  version?: string;
  uploadTime: number;
  recommendRank?: number | null;
}

/**
 * Adds a game: its ROM into the upload store (content-addressed) and the catalogue row with
 * both MD5s. A ROM already in the catalogue (same whole-file MD5) is not added twice: the
 * answer says which game it is.
 */
export async function addGame(
  db: Kysely<DB>,
  store: FileStore,
  game: NewGame,
): Promise<{ id: number; added: boolean }> {
  const { md5: romMd5, headerless } = romHashes(game.rom);
  const existing = await db.selectFrom('games').select('id').where('rom_md5', '=', romMd5).executeTakeFirst();
  if (existing) return { id: Number(existing.id), added: false };
  const sha256 = await store.put(game.rom);
  await db
    .insertInto('uploads')
    .values({
      sha256,
      mime: 'application/octet-stream',
      bytes: game.rom.length,
      width: null,
      height: null,
      owner_id: null,
      created_at: game.uploadTime,
    })
    .onConflict((oc) => oc.column('sha256').doNothing())
    .execute();
  const row = await db
    .insertInto('games')
    .values({
      game_uid: `g${randomBytes(8).toString('hex')}`,
      game_name: game.name,
      description: game.description ?? '',
      icon_image: game.icon ?? '',
      screenshots: JSON.stringify(game.screenshots ?? []),
      videos: JSON.stringify(game.videos ?? []),
      platform: game.emulator.platform,
      emulator_type: game.emulator.emulator_uid,
      genre: game.genre,
      version: game.version ?? '1.0',
      rom_sha256: sha256,
      rom_name: game.romName,
      size: game.rom.length,
      rom_md5: romMd5,
      rom_md5_headerless: headerless,
      upload_time: game.uploadTime,
      update_time: game.uploadTime,
      recommend_rank: game.recommendRank ?? null,
    })
    .onConflict((oc) => oc.column('rom_md5').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) {
    // A concurrent add of the same ROM won: answer that one.
    const winner = await db
      .selectFrom('games')
      .select('id')
      .where('rom_md5', '=', romMd5)
      .executeTakeFirstOrThrow();
    return { id: Number(winner.id), added: false };
  }
  return { id: Number(row.id), added: true };
}

/** "super_mario-bros (USA).nes" → "Super Mario Bros (USA)": a readable name from a file name. */
export function gameNameOf(fileName: string): string {
  const base = path.basename(fileName).replace(/\.[^.]+$/, '');
  return base
    .replace(/[_-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/(^|\s)(\p{Ll})/gu, (_m, space: string, letter: string) => space + letter.toUpperCase());
}

/** The most one ROM file may be: the upload limit (a bigger one is not a cartridge image). */
const ROM_MAX_BYTES = 500 * 1024 * 1024;

export interface FolderImport {
  added: { file: string; id: number }[];
  /** Already in the catalogue (same whole-file MD5). */
  known: { file: string; id: number }[];
  /** Files no emulator takes by extension, or too large. */
  ignored: string[];
}

/**
 * `games:add <folder>`: every ROM file under the folder (recursively), mapped to its emulator
 * by extension, stored with both MD5s. Running it again adds only what is new.
 */
export async function importFolder(
  db: Kysely<DB>,
  store: FileStore,
  folder: string,
  { genre = 'other', now }: { genre?: string; now: number },
): Promise<FolderImport> {
  const emulators = await loadEmulators(db);
  const result: FolderImport = { added: [], known: [], ignored: [] };
  const entries = (await readdir(folder, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
  for (const file of entries) {
    const rel = path.relative(folder, file);
    const emulator = emulatorFor(emulators, file);
    if (!emulator || (await stat(file)).size > ROM_MAX_BYTES) {
      result.ignored.push(rel);
      continue;
    }
    const { id, added } = await addGame(db, store, {
      name: gameNameOf(file),
      romName: path.basename(file),
      rom: await readFile(file),
      emulator,
      genre,
      icon: emulator.icon_url_text,
      uploadTime: now,
    });
    (added ? result.added : result.known).push({ file: rel, id });
  }
  return result;
}
