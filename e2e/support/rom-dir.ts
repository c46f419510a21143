import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import { gameBoyRom, megaDriveRom } from '@pixelhall/server/src/seed/games/carts';
import { HOMEBREWS, homebrewRom } from '@pixelhall/server/src/seed/games/homebrew';

/** One file of a generated ROM directory, and what an import should make of it. */
export interface RomFile {
  path: string;
  bytes: Buffer;
}

/**
 * A ROM directory as a member might have one, made with the server's own seed generators so
 * some files are the demo catalogue's ROMs byte for byte:
 * - the three NES homebrews (Tile Garden, Neon Drift as they are; Ember Cave in a zip),
 * - Ember Cave with an edited iNES header (its whole MD5 is new; its headerless MD5 matches),
 * - a Game Boy and a Mega Drive cartridge the catalogue does not have,
 * - a zip with a ROM and a text file, a zip without ROMs, and a text file.
 */
export function romDirectory(): {
  files: RomFile[];
  found: number;
  matched: number;
  names: Record<string, string>;
} {
  const [tile, neon, ember] = HOMEBREWS.map((h) => homebrewRom(h)) as [Buffer, Buffer, Buffer];
  const edited = Buffer.from(ember);
  edited[15] = 0x42; // padding byte of the header: the image is untouched
  const mystery = gameBoyRom('MYSTERY CART', 201);
  const files: RomFile[] = [
    { path: 'nes/tile-garden.nes', bytes: tile },
    { path: 'nes/Neon Drift.NES', bytes: neon },
    { path: 'nes/hacks/ember-cave-intro-hack.nes', bytes: edited },
    { path: 'gb/mystery.gb', bytes: mystery },
    { path: 'md/prototype.md', bytes: megaDriveRom('UNRELEASED PROTOTYPE', 202) },
    {
      path: 'packs/bundle.zip',
      bytes: zipOf([
        { name: 'bundle/ember-cave.nes', data: ember },
        { name: 'bundle/extra.gb', data: gameBoyRom('EXTRA CART', 203) },
        { name: 'bundle/readme.txt', data: Buffer.from('Two ROMs and this note.') },
      ]),
    },
    { path: 'packs/manuals.zip', bytes: zipOf([{ name: 'manual.txt', data: Buffer.from('No ROMs here.') }]) },
    { path: 'readme.txt', bytes: Buffer.from('Not a ROM.') },
  ];
  return {
    files,
    // 5 ROM files + 2 ROMs in bundle.zip; the manuals zip and text files are not ROMs.
    found: 7,
    // Tile Garden, Neon Drift, the edited Ember Cave (headerless) and the zipped Ember Cave.
    matched: 4,
    names: {
      'nes/tile-garden.nes': 'Tile Garden',
      'nes/Neon Drift.NES': 'Neon Drift',
      'nes/hacks/ember-cave-intro-hack.nes': 'Ember Cave',
      'packs/bundle.zip/bundle/ember-cave.nes': 'Ember Cave',
      'gb/mystery.gb': 'mystery',
      'md/prototype.md': 'prototype',
      'packs/bundle.zip/bundle/extra.gb': 'extra',
    },
  };
}

export function writeRomDirectory(dir: string, files: RomFile[]): void {
  for (const file of files) {
    mkdirSync(path.dirname(path.join(dir, file.path)), { recursive: true });
    writeFileSync(path.join(dir, file.path), file.bytes);
  }
}

/** A zip archive with deflated entries (local headers carry the sizes, as most tools write). */
export function zipOf(entries: { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const packed = deflateRawSync(data);
    const fileName = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const fields = (header: Buffer, at: number) => {
      header.writeUInt16LE(20, at); // version needed
      header.writeUInt16LE(0x0800, at + 2); // UTF-8 names
      header.writeUInt16LE(8, at + 4); // deflate
      header.writeUInt32LE(0, at + 6); // time and date
      header.writeUInt32LE(crc, at + 10);
      header.writeUInt32LE(packed.length, at + 14);
      header.writeUInt32LE(data.length, at + 18);
      header.writeUInt16LE(fileName.length, at + 22);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    fields(local, 4);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // version made by
    fields(central, 6);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, packed);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
