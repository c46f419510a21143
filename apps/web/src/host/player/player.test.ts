import { describe, expect, it } from 'vitest';
import type { ArchiveGameRecord, ArchiveSlotRecord } from '../store/db';
import { isSlot, slotRecord, toLocalArchive } from './archive-store';
import { batteryBeforeBoot, batteryChanged } from './battery';
import { pictureRect, saveFilePathFor, wantsPad } from './emulator';
import { romFileName } from './rom';

const game = {
  romMd5: 'abc',
  gameId: 3,
  gameName: 'Tile Garden',
  coverImage: '/c.png',
  emuName: 'nes',
  coreName: 'fceumm',
};
const saved = (time: number) => ({
  state: new Blob([new Uint8Array(100)]),
  md5: `md5-${time}`,
  image: null,
  time,
});

describe('save slots', () => {
  it('accepts slots 1–9 only', () => {
    expect([0, 1, 9, 10, 2.5, '2'].map(isSlot)).toEqual([false, true, true, false, false, false]);
  });

  it('saving over a slot keeps the cloud slot and version it was synced with', () => {
    const first = slotRecord(game, 2, saved(10), undefined);
    expect(first).toMatchObject({
      slot: 2,
      bytes: 100,
      md5: 'md5-10',
      time: 10,
      cloudSlotId: null,
      cloudVersionId: null,
    });
    expect(first.fileName).toBe('abc.state2');
    const again = slotRecord(game, 2, saved(20), { ...first, cloudSlotId: 8, cloudVersionId: 81 });
    expect(again).toMatchObject({ md5: 'md5-20', time: 20, cloudSlotId: 8, cloudVersionId: 81 });
  });

  it('lists a game’s slots by number with their images, and its battery save', () => {
    const record: ArchiveGameRecord = { ...game, updatedAt: 5 };
    const slots: ArchiveSlotRecord[] = [
      slotRecord(game, 5, saved(2), undefined),
      slotRecord(game, 1, saved(1), undefined),
    ];
    const archive = toLocalArchive(record, slots, new Map([[1, 'data:image/jpeg;base64,AA']]), {
      romMd5: 'abc',
      data: new Blob([new Uint8Array(8192)]),
      time: 9,
    });
    expect(archive.slots.map((s) => [s.slot, s.image])).toEqual([
      [1, 'data:image/jpeg;base64,AA'],
      [5, null],
    ]);
    expect(archive.battery).toEqual({ bytes: 8192, time: 9 });
    expect(archive.slots[0]).not.toHaveProperty('state');
    expect(toLocalArchive(record, [], new Map(), undefined).battery).toBeNull();
  });
});

describe('battery saves', () => {
  it('restores the kept save before boot, else removes a stale one', () => {
    const kept = new Uint8Array([2, 0x50, 0x48]);
    expect(batteryBeforeBoot(true, kept)).toEqual({ action: 'write', data: kept });
    expect(batteryBeforeBoot(true, null)).toEqual({ action: 'remove' });
    expect(batteryBeforeBoot(true, new Uint8Array())).toEqual({ action: 'remove' });
    // Not kept on this device: the game starts without one even if EmulatorJS still has a file.
    expect(batteryBeforeBoot(false, kept)).toEqual({ action: 'remove' });
  });

  it('writes only when the battery RAM changed', () => {
    const a = new Uint8Array([1, 2, 3]);
    expect(batteryChanged(null, a)).toBe(true);
    expect(batteryChanged(a, new Uint8Array([1, 2, 3]))).toBe(false);
    expect(batteryChanged(a, new Uint8Array([1, 2, 4]))).toBe(true);
    expect(batteryChanged(a, new Uint8Array([1, 2]))).toBe(true);
    expect(batteryChanged(a, null)).toBe(false);
    expect(batteryChanged(null, new Uint8Array())).toBe(false);
  });

  it('names the ROM by its MD5 so its battery file is its own', () => {
    expect(romFileName('abc', 'Tile Garden.NES')).toBe('abc.nes');
    expect(romFileName('abc', 'README')).toBe('abc');
    expect(saveFilePathFor('abc.nes', 'srm')).toBe('/data/saves/abc.srm');
    expect(saveFilePathFor('abc.gba', false)).toBe('/data/saves/abc.srm');
    expect(saveFilePathFor('abc', 'sav')).toBe('/data/saves/abc.sav');
  });
});

describe('on-screen pad', () => {
  it('shows on touch screens by default, or as the member chose', () => {
    expect(wantsPad('auto', true)).toBe(true);
    expect(wantsPad('auto', false)).toBe(false);
    expect(wantsPad('on', false)).toBe(true);
    expect(wantsPad('off', true)).toBe(false);
  });
});

describe('slot screenshots', () => {
  it('crop the picture where RetroArch draws it: top of a portrait canvas, centred in landscape', () => {
    expect(pictureRect({ width: 780, height: 1500 }, 4 / 3)).toEqual({ x: 0, y: 0, width: 780, height: 585 });
    expect(pictureRect({ width: 1600, height: 900 }, 4 / 3)).toEqual({
      x: 200,
      y: 0,
      width: 1200,
      height: 900,
    });
  });
});
