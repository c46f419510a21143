import type { Game } from '@pixelhall/contract';
import type { DownloadStatus, ImportedGame, LocalGame } from '@pixelhall/contract/host';
import { describe, expect, it } from 'vitest';
import { planPlay } from './play-plan';

const game = { id: 7, game_name: 'Tile Garden', rom_md5: 'aa' } as Game;
const local = (status: DownloadStatus): LocalGame => ({
  gameId: 7,
  romMd5: 'aa',
  emuName: 'nes',
  coreName: 'fceumm',
  gameName: 'Tile Garden',
  coverImage: '/c.png',
  fileName: 'tile.nes',
  size: 10,
  receivedBytes: status === 'downloaded' ? 10 : 4,
  status,
  speedBytes: 0,
  progress: status === 'downloaded' ? 100 : 40,
  error: null,
  addedAt: 1,
  updatedAt: 1,
});
const imported: ImportedGame = {
  romMd5: 'bb',
  romMd5Headerless: null,
  emuName: 'gb',
  coreName: 'gambatte',
  gameName: 'Pocket',
  coverImage: '/gb.png',
  fileName: 'pocket.gb',
  path: 'roms/pocket.gb',
  size: 32768,
  gameId: null,
  importedAt: 1,
  storage: 'handle',
};

describe('planPlay (the play messages)', () => {
  it('plays a catalogue game from its finished download, with the download’s core', () => {
    expect(planPlay({ game }, { local: local('downloaded'), imported: null })).toEqual({
      kind: 'start',
      request: {
        romMd5: 'aa',
        gameId: 7,
        gameName: 'Tile Garden',
        coverImage: '/c.png',
        emuName: 'nes',
        coreName: 'fceumm',
      },
    });
  });

  it('says to wait while the ROM is downloading, queued or paused', () => {
    for (const status of ['downloading', 'not-started', 'paused'] as const) {
      expect(planPlay({ game }, { local: local(status), imported: null })).toEqual({
        kind: 'message',
        key: 'game.downloading_wait',
        fail: false,
      });
    }
  });

  it('says to download first when there is no download, or it failed', () => {
    expect(planPlay({ game })).toEqual({ kind: 'message', key: 'game.download_first', fail: false });
    expect(planPlay({ game }, { local: local('failed'), imported: null })).toMatchObject({
      key: 'game.download_first',
    });
  });

  it('loading a slot of a game not on the device says it was not downloaded', () => {
    expect(planPlay({ game, slot: 2 }, { local: local('downloading'), imported: null })).toEqual({
      kind: 'message',
      key: 'game.not_downloaded',
      fail: true,
    });
    expect(planPlay({ local: local('paused'), slot: 2 })).toMatchObject({ key: 'game.not_downloaded' });
  });

  it('plays an imported copy of a catalogue game that was never downloaded', () => {
    const copy = { ...imported, gameId: 7, romMd5: 'aa' };
    expect(planPlay({ game, slot: 3 }, { local: null, imported: copy })).toMatchObject({
      kind: 'start',
      request: { romMd5: 'aa', gameId: 7, coreName: 'gambatte', slot: 3 },
    });
  });

  it('plays imported ROMs and downloads directly, passing the slot on', () => {
    expect(planPlay({ imported, slot: 1 })).toEqual({
      kind: 'start',
      request: {
        romMd5: 'bb',
        gameId: null,
        gameName: 'Pocket',
        coverImage: '/gb.png',
        emuName: 'gb',
        coreName: 'gambatte',
        slot: 1,
      },
    });
    expect(planPlay({ local: local('downloaded') })).toMatchObject({
      kind: 'start',
      request: { romMd5: 'aa' },
    });
    expect(planPlay({ local: local('downloading') })).toMatchObject({ key: 'game.downloading_wait' });
  });
});
