import type { ImportedGame, LocalGame } from '@pixelhall/contract/host';
import { describe, expect, it } from 'vitest';
import { downloadButtonState, findImported, romPlayTarget } from './rom-state';

const local = (over: Partial<LocalGame> = {}): LocalGame => ({
  gameId: 7,
  romMd5: 'aa'.repeat(16),
  emuName: 'nes',
  coreName: 'fceumm',
  gameName: 'Tile Garden',
  coverImage: '/c.webp',
  fileName: 'tile-garden.nes',
  size: 40_976,
  receivedBytes: 0,
  status: 'not-started',
  speedBytes: 0,
  progress: 0,
  error: null,
  addedAt: 1,
  updatedAt: 1,
  ...over,
});

const rom = (over: Partial<ImportedGame> = {}): ImportedGame => ({
  romMd5: 'bb'.repeat(16),
  romMd5Headerless: null,
  emuName: 'nes',
  coreName: 'fceumm',
  gameName: 'mine',
  coverImage: '/nes.webp',
  fileName: 'mine.nes',
  path: 'roms/mine.nes',
  size: 40_976,
  gameId: null,
  importedAt: 1,
  storage: 'handle',
  ...over,
});

const game = { id: 7, rom_md5: 'AA'.repeat(16), rom_md5_headerless: 'cc'.repeat(16) };

describe('downloadButtonState', () => {
  it('offers Download when the game is not in the download list', () => {
    expect(downloadButtonState(null)).toEqual({ kind: 'download' });
  });

  it('follows the download through its states', () => {
    expect(downloadButtonState(local({ progress: 3 }))).toEqual({ kind: 'queued', progress: 3 });
    expect(downloadButtonState(local({ status: 'downloading', progress: 40, speedBytes: 2048 }))).toEqual({
      kind: 'downloading',
      progress: 40,
      speedBytes: 2048,
    });
    expect(downloadButtonState(local({ status: 'paused', progress: 40 }))).toEqual({
      kind: 'paused',
      progress: 40,
    });
    expect(downloadButtonState(local({ status: 'failed', progress: 12, error: 'Disk full' }))).toEqual({
      kind: 'failed',
      progress: 12,
      error: 'Disk full',
    });
    expect(downloadButtonState(local({ status: 'downloaded', progress: 100 }))).toEqual({
      kind: 'downloaded',
    });
  });
});

describe('findImported', () => {
  it('finds nothing among unrelated ROMs', () => {
    expect(findImported(game, [rom(), rom({ romMd5: 'dd'.repeat(16), gameId: 9 })])).toBeNull();
  });

  it('matches the whole-file MD5 whatever its case', () => {
    const same = rom({ romMd5: 'aa'.repeat(16) });
    expect(findImported(game, [rom(), same])).toBe(same);
  });

  it('matches the headerless MD5 of a ROM with another header, or a bare headerless dump', () => {
    const otherHeader = rom({ romMd5Headerless: 'CC'.repeat(16) });
    expect(findImported(game, [otherHeader])).toBe(otherHeader);
    const bare = rom({ romMd5: 'cc'.repeat(16) });
    expect(findImported(game, [bare])).toBe(bare);
  });

  it('never matches on two missing headerless hashes', () => {
    expect(findImported({ ...game, rom_md5_headerless: null }, [rom()])).toBeNull();
  });

  it('takes the id the import host matched', () => {
    const matched = rom({ gameId: 7 });
    expect(findImported(game, [matched])).toBe(matched);
  });
});

describe('romPlayTarget', () => {
  it('plays the download first, then the imported file, else asks the catalogue game', () => {
    const file = rom({ gameId: 7 });
    expect(romPlayTarget(local({ status: 'downloaded' }), file)).toEqual({ kind: 'game' });
    expect(romPlayTarget(local({ status: 'downloading' }), file)).toEqual({
      kind: 'imported',
      imported: file,
    });
    expect(romPlayTarget(null, file)).toEqual({ kind: 'imported', imported: file });
    expect(romPlayTarget(null, null)).toEqual({ kind: 'game' });
  });
});
