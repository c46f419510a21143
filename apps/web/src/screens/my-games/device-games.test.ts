import type { ImportedGame, LocalGame } from '@pixelhall/contract/host';
import { describe, expect, it } from 'vitest';
import { deviceGames, favouriteMatcher } from './device-games';

const local = (
  gameId: number,
  romMd5: string,
  status: LocalGame['status'],
  updatedAt: number,
): LocalGame => ({
  gameId,
  romMd5,
  emuName: 'nes',
  coreName: 'fceumm',
  gameName: `game ${gameId}`,
  coverImage: '',
  fileName: 'a.nes',
  size: 1,
  receivedBytes: 1,
  status,
  speedBytes: 0,
  progress: status === 'downloaded' ? 100 : 10,
  error: null,
  addedAt: 0,
  updatedAt,
});

const rom = (romMd5: string, gameId: number | null, importedAt: number): ImportedGame => ({
  romMd5,
  romMd5Headerless: null,
  emuName: 'nes',
  coreName: 'fceumm',
  gameName: romMd5,
  coverImage: '',
  fileName: `${romMd5}.nes`,
  path: `${romMd5}.nes`,
  size: 1,
  gameId,
  importedAt,
  storage: 'handle',
});

describe('deviceGames', () => {
  it('lists finished downloads and imported ROMs together, newest first', () => {
    const rows = deviceGames(
      [local(1, 'm1', 'downloaded', 10), local(2, 'm2', 'downloading', 50)],
      [rom('m3', null, 30), rom('m4', 4, 5)],
    );
    expect(rows.map((r) => r.key)).toEqual(['im3', 'd1', 'im4']);
    expect(rows.map((r) => r.source)).toEqual(['imported', 'downloaded', 'imported']);
  });

  it('shows a ROM both downloaded and imported once, as the download', () => {
    const rows = deviceGames(
      [local(1, 'M1', 'downloaded', 10), local(2, 'm2', 'downloaded', 20)],
      [rom('m1', null, 30), rom('other-header', 2, 40)],
    );
    expect(rows.map((r) => r.key)).toEqual(['d2', 'd1']);
  });

  it('keeps an imported ROM whose download is only under way', () => {
    const rows = deviceGames([local(1, 'm1', 'paused', 10)], [rom('m1', 1, 5)]);
    expect(rows.map((r) => r.key)).toEqual(['im1']);
  });
});

describe('favouriteMatcher', () => {
  const isFavourite = favouriteMatcher([{ game_id: 7, rom_md5: 'ABCDEF' }]);

  it('knows a favourite by its catalogue id', () => {
    expect(isFavourite({ gameId: 7, romMd5: 'other' })).toBe(true);
  });

  it('knows an imported copy of a favourite by its MD5, in any case', () => {
    expect(isFavourite({ gameId: null, romMd5: 'abcdef' })).toBe(true);
  });

  it('leaves other games alone', () => {
    expect(isFavourite({ gameId: 8, romMd5: 'zzz' })).toBe(false);
    expect(isFavourite({ gameId: null, romMd5: 'zzz' })).toBe(false);
  });
});
