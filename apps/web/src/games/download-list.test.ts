import type { LocalGame } from '@pixelhall/contract/host';
import { describe, expect, it } from 'vitest';
import { coreNameFor, type EmulatorOption, mergeProgress, newestFirst } from './download-list';

const game = (gameId: number, addedAt: number): LocalGame => ({
  gameId,
  romMd5: `md5-${gameId}`,
  emuName: 'nes',
  coreName: 'fceumm',
  gameName: `Game ${gameId}`,
  coverImage: '',
  fileName: 'g.nes',
  size: 1000,
  receivedBytes: 0,
  status: 'not-started',
  speedBytes: 0,
  progress: 0,
  error: null,
  addedAt,
  updatedAt: addedAt,
});

describe('the app-side download list', () => {
  it('merges a progress push into the entry it belongs to', () => {
    const merged = mergeProgress(
      game(1, 5),
      {
        gameId: 1,
        romMd5: 'md5-1',
        status: 'downloading',
        speedBytes: 2048,
        progress: 40,
        receivedBytes: 400,
        size: 1000,
        error: null,
      },
      99,
    );
    expect(merged).toMatchObject({
      status: 'downloading',
      receivedBytes: 400,
      gameName: 'Game 1',
      updatedAt: 99,
    });
  });

  it('lists newest first', () => {
    expect(newestFirst({ 1: game(1, 10), 2: game(2, 30), 3: game(3, 20) }).map((g) => g.gameId)).toEqual([
      2, 3, 1,
    ]);
  });

  it("maps a game's emulator_type to its emulator's core", () => {
    const emulators = [
      { emulator_uid: 'nes', core_name: 'fceumm' },
      { emulator_uid: 'snes', core_name: 'snes9x' },
    ] as EmulatorOption[];
    expect(coreNameFor({ emulator_type: 'snes' }, emulators)).toBe('snes9x');
    expect(coreNameFor({ emulator_type: 'n64' }, emulators)).toBeNull();
  });
});
