import { describe, expect, it } from 'vitest';
import type { HashedRom } from './hash-messages';
import { ImportMeter } from './progress';
import { type Matchable, romsToMatch, settleMatches } from './rematch';
import { nextIndex, reconcile, type ScanIndex, sourceOf, splitByIndex } from './scan-index';

const rom = (md5: string, entry: string | null = null): HashedRom => ({
  entry,
  md5,
  headerless: null,
  size: 100,
});
const seen = (path: string, size = 100, lastModified = 1000) => ({ path, file: { size, lastModified } });

const INDEX: ScanIndex = {
  'nes/a.nes': { size: 100, lastModified: 1000, roms: [rom('a')] },
  'packs/set.zip': { size: 300, lastModified: 1000, roms: [rom('z1', 'set/one.nes'), rom('z2', 'two.gb')] },
  'packs/manuals.zip': { size: 50, lastModified: 1000, roms: [] },
};

describe('rescan: change detection', () => {
  it('reuses the ROMs of files whose path, size and time did not change, and hashes the rest', () => {
    const a = seen('nes/a.nes');
    const zip = seen('packs/set.zip', 300);
    const manuals = seen('packs/manuals.zip', 50);
    const touched = seen('nes/a.nes', 100, 2000);
    const grown = seen('packs/set.zip', 301);
    const added = seen('nes/new.nes');
    // A path that only looks like an object's own property is not in the index.
    const odd = seen('constructor');
    expect(splitByIndex([a, zip, manuals, added, odd], INDEX)).toEqual({
      known: [
        { candidate: a, roms: [rom('a')] },
        { candidate: zip, roms: INDEX['packs/set.zip']!.roms },
        // A zip without ROMs is not read again either.
        { candidate: manuals, roms: [] },
      ],
      toHash: [added, odd],
    });
    expect(splitByIndex([touched, grown], INDEX).toHash).toEqual([touched, grown]);
    expect(splitByIndex([a], {}).toHash).toEqual([a]);
  });

  it('keeps in the index what this scan read, and after a cancel also what it did not reach', () => {
    const read = [
      { candidate: seen('nes/a.nes', 120, 3000), roms: [{ ...rom('a2'), size: 120 }] },
      { candidate: seen('gb/b.gb'), roms: [rom('b')] },
    ];
    const complete = nextIndex(INDEX, read, true);
    expect(complete).toEqual({
      'nes/a.nes': { size: 120, lastModified: 3000, roms: [{ ...rom('a2'), size: 120 }] },
      'gb/b.gb': { size: 100, lastModified: 1000, roms: [rom('b')] },
    });
    const cancelled = nextIndex(INDEX, read, false);
    expect(Object.keys(cancelled).sort()).toEqual([
      'gb/b.gb',
      'nes/a.nes',
      'packs/manuals.zip',
      'packs/set.zip',
    ]);
    expect(cancelled['nes/a.nes']?.lastModified).toBe(3000);
  });

  it('finds the directory file of a game inside a zip', () => {
    expect(sourceOf({ path: 'packs/set.zip/set/one.nes', zipEntry: 'set/one.nes' })).toEqual({
      source: 'packs/set.zip',
      entry: 'set/one.nes',
    });
    expect(sourceOf({ path: 'nes/a.nes', zipEntry: null })).toEqual({ source: 'nes/a.nes', entry: null });
  });
});

describe('rescan: the directory is the source of truth', () => {
  const record = (
    romMd5: string,
    path: string,
    zipEntry: string | null = null,
    storage = 'handle' as const,
  ) => ({
    romMd5,
    path,
    zipEntry,
    storage,
  });

  it('forgets games whose file or zip is gone or changed, moves those whose file moved', () => {
    const now: ScanIndex = {
      // a.nes was edited (new MD5); the zip is gone, but one of its ROMs now lies loose.
      'nes/a.nes': { size: 120, lastModified: 3000, roms: [rom('a2')] },
      'loose/one.nes': { size: 100, lastModified: 1000, roms: [rom('z1')] },
      'packs/manuals.zip': { size: 50, lastModified: 1000, roms: [] },
    };
    const records = [
      record('a', 'nes/a.nes'),
      record('z1', 'packs/set.zip/set/one.nes', 'set/one.nes'),
      record('z2', 'packs/set.zip/two.gb', 'two.gb'),
      // Imported this time: not in the previous index, nothing to do.
      record('a2', 'nes/a.nes'),
    ];
    expect(reconcile(records, INDEX, now)).toEqual({
      remove: ['a', 'z2'],
      move: [{ romMd5: 'z1', to: { source: 'loose/one.nes', entry: null } }],
    });
  });

  it('leaves games that are still where they were, copies, and games from elsewhere alone', () => {
    const records = [
      record('a', 'nes/a.nes'),
      record('z1', 'packs/set.zip/set/one.nes', 'set/one.nes'),
      // Same MD5 as one the index knows, but a copy from a directory file input.
      record('z2', 'packs/set.zip/two.gb', 'two.gb', 'copy' as 'handle'),
      // From another directory picked before: its path is not one the index knows.
      record('x', 'other/x.nes'),
    ];
    expect(reconcile(records, INDEX, INDEX)).toEqual({ remove: [], move: [] });
    expect(reconcile(records, INDEX, {})).toEqual({ remove: ['a', 'z1'], move: [] });
  });
});

describe('matching again', () => {
  const rec = (romMd5: string, gameId: number | null, matchPending?: boolean): Matchable => ({
    romMd5,
    romMd5Headerless: `${romMd5}-h`,
    gameId,
    gameName: romMd5,
    matchPending,
  });

  it('asks about new and unmatched ROMs and the games waiting for the catalogue, not matched ones', () => {
    const records = new Map([
      ['matched', rec('matched', 7)],
      ['plain', rec('plain', null)],
      ['waiting', rec('waiting', null, true)],
    ]);
    const found = [
      { md5: 'matched', headerless: null },
      { md5: 'plain', headerless: 'plain-h' },
      { md5: 'new', headerless: null },
      { md5: 'new', headerless: null },
    ];
    expect(romsToMatch(found, records)).toEqual([
      { md5: 'plain', headerless: 'plain-h' },
      { md5: 'new', headerless: null },
      { md5: 'waiting', headerless: 'waiting-h' },
    ]);
  });

  it('names games the catalogue now knows (whole or headerless MD5) and stops waiting for the rest', () => {
    const matches = new Map([
      ['waiting', { id: 3, game_name: 'Tile Garden' }],
      ['plain-h', { id: 4, game_name: 'Neon Drift' }],
      ['matched', { id: 9, game_name: 'Other' }],
    ]);
    const changed = settleMatches(
      [
        rec('waiting', null, true),
        rec('plain', null),
        rec('matched', 7),
        rec('lost', null, true),
        rec('quiet', null),
      ],
      matches,
    );
    expect(changed).toEqual([
      { ...rec('waiting', null), gameId: 3, gameName: 'Tile Garden', matchPending: false },
      { ...rec('plain', null), gameId: 4, gameName: 'Neon Drift', matchPending: false },
      { ...rec('lost', null), matchPending: false },
    ]);
  });
});

describe('progress of a rescan', () => {
  it('counts unchanged files as done from the start, without them in the speed', () => {
    let now = 0;
    const meter = new ImportMeter(() => now);
    meter.files = 9;
    meter.bytes = 999;
    meter.startHashing(10, 100_000_000, { files: 8, bytes: 60_000_000 });
    expect(meter.snapshot()).toMatchObject({ phase: 'hashing', files: 8, bytes: 60_000_000, totalFiles: 10 });
    now = 2000;
    meter.addBytes(20_000_000);
    expect(meter.bytesPerSecond()).toBe(10_000_000);
    expect(meter.secondsLeft()).toBe(2);
  });
});
