import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { zipArchive } from '@pixelhall/server/src/seed/files/zip';
import { gameBoyRom } from '@pixelhall/server/src/seed/games/gameboy';
import { HOMEBREWS, homebrewRom } from '@pixelhall/server/src/seed/games/homebrew';
import { megaDriveRom } from '@pixelhall/server/src/seed/games/megadrive';

/** A fixed modification time, so the generated zips are the same bytes on every run. */
const ZIPPED_AT = Date.UTC(2024, 0, 1);

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
      bytes: zipArchive(
        [
          { name: 'bundle/ember-cave.nes', data: ember },
          { name: 'bundle/extra.gb', data: gameBoyRom('EXTRA CART', 203) },
          { name: 'bundle/readme.txt', data: Buffer.from('Two ROMs and this note.') },
        ],
        ZIPPED_AT,
      ),
    },
    {
      path: 'packs/manuals.zip',
      bytes: zipArchive([{ name: 'manual.txt', data: Buffer.from('No ROMs here.') }], ZIPPED_AT),
    },
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
