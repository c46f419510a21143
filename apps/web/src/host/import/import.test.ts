import { createHash } from 'node:crypto';
import { zipSync } from 'fflate';
import { createMD5 } from 'hash-wasm';
import { describe, expect, it } from 'vitest';
import { gameOf, matchBatches } from './batches';
import {
  baseName,
  type Emulator,
  emulatorFor,
  emulatorsByExtension,
  extensionOf,
  isRomEntry,
} from './emulators';
import { headerlessOffset } from './ines';
import { poolSize } from './pool';
import { ImportMeter } from './progress';
import { type Md5Hasher, RomDigest } from './rom-digest';
import { ZipDigest } from './zip-digest';
import { readZipEntry } from './zip-entry';

const md5 = (data: Uint8Array) => createHash('md5').update(data).digest('hex');

const emulator = (uid: string, extensions: string[]): Emulator => ({
  emulator_uid: uid,
  emulator_name: uid,
  icon_url_text: `/icons/${uid}.webp`,
  platform: uid,
  core_name: `${uid}-core`,
  extensions,
});
const EMULATORS = [
  emulator('nes', ['nes']),
  emulator('gb', ['gb', 'GBC']),
  emulator('segaMD', ['md', '.gen']),
];

async function hashers(): Promise<[Md5Hasher, Md5Hasher]> {
  const wrap = (h: Awaited<ReturnType<typeof createMD5>>): Md5Hasher => ({
    init: () => h.init(),
    update: (d) => h.update(d),
    digest: () => h.digest('hex'),
  });
  return [wrap(await createMD5()), wrap(await createMD5())];
}

/** An iNES file: header (trainer flag optional), then `body` bytes of a counting pattern. */
function nesFile(body: number, { trainer = false } = {}): Uint8Array {
  const header = [0x4e, 0x45, 0x53, 0x1a, 1, 1, trainer ? 0x04 : 0x02, 0, 0, 0, 0, 0, 0, 0, 0, 0];
  const out = new Uint8Array(16 + body);
  out.set(header);
  for (let i = 16; i < out.length; i += 1) out[i] = (i * 7) & 0xff;
  return out;
}

/** Feeds `data` to a digest in pieces of `size` bytes (1 splits even the header). */
async function digestIn(data: Uint8Array, extension: string, size: number) {
  const [whole, headerless] = await hashers();
  const digest = new RomDigest(whole, headerless, extension);
  for (let at = 0; at < data.length; at += size) digest.update(data.subarray(at, at + size));
  return digest.finish();
}

describe('extension → emulator', () => {
  const byExt = emulatorsByExtension(EMULATORS);

  it('maps a file to its emulator by extension, case-insensitively, through folders', () => {
    expect(emulatorFor(byExt, 'Games/Zelda.NES')?.emulator_uid).toBe('nes');
    expect(emulatorFor(byExt, 'pokemon.gbc')?.core_name).toBe('gb-core');
    expect(emulatorFor(byExt, 'sonic.gen')?.emulator_uid).toBe('segaMD');
    expect(emulatorFor(byExt, 'readme.txt')).toBeNull();
    expect(emulatorFor(byExt, 'nes')).toBeNull();
    expect(emulatorFor(byExt, 'folder.nes/file')).toBeNull();
  });

  it('keeps the first emulator when two claim an extension', () => {
    const map = emulatorsByExtension([emulator('a', ['bin']), emulator('b', ['bin'])]);
    expect(map.get('bin')?.emulator_uid).toBe('a');
  });

  it('names an unmatched ROM after its file without the extension', () => {
    expect(baseName('roms/Super Game (USA).sfc')).toBe('Super Game (USA)');
    expect(baseName('.hidden')).toBe('.hidden');
    expect(extensionOf('a/b.tar.ZIP')).toBe('zip');
  });
});

describe('zip entries', () => {
  const exts = new Set(emulatorsByExtension(EMULATORS).keys());

  it('hashes ROM entries, not folders, macOS metadata or other files', () => {
    expect(isRomEntry('games/tile.nes', exts)).toBe(true);
    expect(isRomEntry('TILE.GB', exts)).toBe(true);
    expect(isRomEntry('games/', exts)).toBe(false);
    expect(isRomEntry('__MACOSX/games/._tile.nes', exts)).toBe(false);
    expect(isRomEntry('games/._tile.nes', exts)).toBe(false);
    expect(isRomEntry('readme.txt', exts)).toBe(false);
    expect(isRomEntry('inner.zip', exts)).toBe(false);
  });

  it('streams an archive in small chunks and answers the MD5s of its ROM entries only', async () => {
    const nes = nesFile(5000);
    const gb = new Uint8Array(3000).map((_, i) => (i * 13) & 0xff);
    const zip = zipSync({
      'set/a.nes': nes,
      'set/readme.txt': new TextEncoder().encode('hello'),
      'b.gb': [gb, { level: 0 }],
      '__MACOSX/set/._a.nes': new Uint8Array(10),
    });
    const [whole, headerless] = await hashers();
    const digest = new ZipDigest(exts, whole, headerless);
    for (let at = 0; at < zip.length; at += 777) digest.push(zip.subarray(at, at + 777));
    digest.push(new Uint8Array(0), true);
    expect(digest.roms).toEqual([
      { entry: 'set/a.nes', md5: md5(nes), headerless: md5(nes.subarray(16)), size: nes.length },
      { entry: 'b.gb', md5: md5(gb), headerless: null, size: gb.length },
    ]);
  });

  it('reads one entry back out of an archive for play, or null when it is gone', async () => {
    const nes = nesFile(70_000);
    const zip = new Blob([zipSync({ 'first.gb': new Uint8Array(900), 'set/a.nes': nes })]);
    const entry = await readZipEntry(zip, 'set/a.nes');
    expect(new Uint8Array(await entry!.arrayBuffer())).toEqual(nes);
    expect(await readZipEntry(zip, 'set/missing.nes')).toBeNull();
  });

  it('gives nothing for an archive without ROMs', async () => {
    const [whole, headerless] = await hashers();
    const digest = new ZipDigest(exts, whole, headerless);
    digest.push(zipSync({ 'notes.txt': new Uint8Array(100) }), true);
    expect(digest.roms).toEqual([]);
  });
});

describe('iNES headerless MD5', () => {
  it('skips the 16-byte header, and the 512-byte trainer when flag 6 bit 2 says so', () => {
    expect(headerlessOffset(nesFile(100).subarray(0, 16))).toBe(16);
    expect(headerlessOffset(nesFile(1000, { trainer: true }).subarray(0, 16))).toBe(16 + 512);
    expect(headerlessOffset(new Uint8Array(16))).toBeNull();
    expect(headerlessOffset(nesFile(0).subarray(0, 8))).toBeNull();
  });

  it('matches the server: whole and headerless MD5s, whatever the chunking', async () => {
    const plain = nesFile(40_000);
    const trained = nesFile(40_000, { trainer: true });
    for (const size of [1, 7, 16, 100, 528, 1 << 20]) {
      expect(await digestIn(plain, 'nes', size)).toEqual({
        md5: md5(plain),
        headerless: md5(plain.subarray(16)),
        size: plain.length,
      });
      expect((await digestIn(trained, 'nes', size)).headerless).toBe(md5(trained.subarray(16 + 512)));
    }
  });

  it('has no headerless MD5 without a header, for other platforms, or for a bare header', async () => {
    const stripped = nesFile(1000).subarray(16);
    expect((await digestIn(stripped, 'nes', 64)).headerless).toBeNull();
    expect((await digestIn(nesFile(1000), 'gb', 64)).headerless).toBeNull();
    expect((await digestIn(nesFile(0), 'nes', 64)).headerless).toBeNull();
  });
});

describe('progress', () => {
  it('measures the speed over the last seconds and the time left at it', () => {
    let now = 0;
    const meter = new ImportMeter(() => now);
    expect(meter.snapshot()).toMatchObject({ phase: 'scanning', secondsLeft: null, bytesPerSecond: 0 });
    meter.startHashing(10, 100_000_000);
    now = 500;
    meter.addBytes(5_000_000);
    // Too early for a time left.
    expect(meter.secondsLeft()).toBeNull();
    expect(meter.bytesPerSecond()).toBe(10_000_000);
    now = 2000;
    meter.addBytes(15_000_000);
    expect(meter.bytesPerSecond()).toBe(10_000_000);
    expect(meter.secondsLeft()).toBe(8);
    // A slow patch: the window forgets the fast start.
    now = 6000;
    meter.addBytes(4_000_000);
    expect(meter.bytesPerSecond()).toBe(1_000_000);
    expect(meter.secondsLeft()).toBe(76);
    expect(meter.snapshot()).toMatchObject({ bytes: 24_000_000, totalBytes: 100_000_000, totalFiles: 10 });
  });

  it('reports what was found so far while scanning', () => {
    const meter = new ImportMeter(() => 0);
    meter.files = 3;
    meter.bytes = 1234;
    expect(meter.snapshot()).toMatchObject({ files: 3, totalFiles: 3, totalBytes: 1234, secondsLeft: null });
  });

  it('uses a pool of at least two workers', () => {
    expect(poolSize(1)).toBe(2);
    expect(poolSize(undefined)).toBe(2);
    expect(poolSize(6)).toBe(6);
    expect(poolSize(64)).toBe(8);
  });
});

describe('romMatch batches', () => {
  const hex = (n: number) => n.toString(16).padStart(32, '0');

  it('sends every whole and headerless MD5 once, at most 500 a call', () => {
    const roms = Array.from({ length: 400 }, (_, i) => ({
      md5: hex(i),
      headerless: i % 2 ? hex(100_000 + i) : null,
    }));
    roms.push({ md5: hex(0), headerless: null });
    const batches = matchBatches(roms);
    expect(batches.map((b) => b.length)).toEqual([500, 100]);
    expect(new Set(batches.flat()).size).toBe(600);
    expect(matchBatches([])).toEqual([]);
  });

  it('prefers the whole-file match, then the headerless one', () => {
    const matches = new Map([
      ['aa', 'whole'],
      ['bb', 'headerless'],
    ]);
    expect(gameOf(matches, { md5: 'aa', headerless: 'bb' })).toBe('whole');
    expect(gameOf(matches, { md5: 'cc', headerless: 'bb' })).toBe('headerless');
    expect(gameOf(matches, { md5: 'cc', headerless: null })).toBeNull();
  });
});
