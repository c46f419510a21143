import type { ImportedGame, LocalGame } from '@pixelhall/contract/host';
import { describe, expect, it } from 'vitest';
import { recentPlay } from './recent-play';

const imported = (romMd5: string, gameId: number | null = null) =>
  ({ romMd5, gameId, gameName: 'File', emuName: 'nes', coreName: 'fceumm' }) as ImportedGame;
const local = (gameId: number, status: LocalGame['status']) =>
  ({ gameId, romMd5: `md5-${gameId}`, status }) as LocalGame;

describe('recentPlay', () => {
  it('plays the imported file when the device still has it, even for a catalogue game', () => {
    const file = imported('aaa', 7);
    expect(recentPlay({ gameId: 7, romMd5: 'aaa' }, [file], [local(7, 'downloaded')])).toEqual({
      kind: 'imported',
      imported: file,
    });
  });

  it('plays a finished download of the catalogue game', () => {
    const done = local(7, 'downloaded');
    expect(recentPlay({ gameId: 7, romMd5: 'x' }, [], [local(8, 'downloaded'), done])).toEqual({
      kind: 'local',
      local: done,
    });
  });

  it('falls back to the catalogue game while its download is unfinished or missing', () => {
    expect(recentPlay({ gameId: 7, romMd5: 'x' }, [], [local(7, 'paused')])).toEqual({
      kind: 'catalogue',
      gameId: 7,
    });
    expect(recentPlay({ gameId: 7, romMd5: 'x' }, [], [])).toEqual({ kind: 'catalogue', gameId: 7 });
  });

  it('cannot play an imported ROM the device forgot', () => {
    expect(recentPlay({ gameId: null, romMd5: 'gone' }, [imported('other')], [])).toEqual({
      kind: 'missing',
    });
  });
});
