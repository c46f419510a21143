import { skycycleRom, skycycleSource } from '../files/nes';
import { textPdf } from '../files/pdf';
import { zipArchive } from '../files/zip';
import type { DemoFileKey } from './types';

export interface DemoFile {
  name: string;
  data: Buffer;
}

const PINOUT_LINES = [
  'DE-9 male on the pad, looking into the console port:',
  '',
  '     1   2   3   4   5',
  '       6   7   8   9',
  '',
  'Pin  Select (TH) high      Select (TH) low',
  '---  --------------------  --------------------',
  ' 1   Up                    Up',
  ' 2   Down                  Down',
  ' 3   Left                  0 (pad present)',
  ' 4   Right                 0 (pad present)',
  ' 5   +5 V                  +5 V',
  ' 6   B                     A',
  ' 7   Select (TH), driven by the console',
  ' 8   Ground                Ground',
  ' 9   C                     Start',
  '',
  'Six-button pad: the console pulses Select three times within',
  'one frame. On the third low pulse, pins 1-4 all read 0 (the',
  'six-button signature); on the next high they carry',
  'Z, Y, X and Mode. Games that never pulse three times see a',
  'normal three-button pad. Hold Mode at power-on to force',
  'three-button behaviour for old games that get confused.',
  '',
  'Lines are active low: a pressed button reads 0.',
  '',
  'Pixelhall - Repairs & mods - modchipmo',
];

const ROUTE_NOTES = `SUPER MARIO BROS. 3 - WARPLESS - ROUTE NOTES (pixelpat)
Target: 52:00. Timing starts on the file select, ends on the last hit on Bowser.

General
- Keep a leaf at all times after 1-1; a frog suit is never worth it in this route.
- Store the P-wing from the World 2 hand-free bonus; spend it on 7-7 or your worst level.
- Hammer bro fights on the map: always take the one that drops the item you need next.

World 1   target  5:05  - leaf in 1-1, run 1-3 top, skip the white block trick (inconsistent).
World 2   target 11:10  - take the desert bonus for the P-wing; sun sees you, keep moving.
World 3   target 17:40  - boat stage: pipe on the left, don't swim for the coins.
World 4   target 22:55  - giant land; the big goombas cost more than going over them.
World 5   target 28:30  - sky tower: one shell throw, then straight up.
World 6   target 37:15  - ice; slow is fast. Backup: if you lose the leaf in 6-5, take 6-6.
World 7   target 44:50  - pipe maze; P-wing here if World 6 went badly.
World 8   target 51:40  - tanks and the airship in one breath; Bowser: two jumps, then wait.

Backups
- Lost the leaf before World 3: take the toad house in 2-2 (+0:12).
- Died on an airship: the map resets you one step back; go again, don't reset the run.
`;

const SKYCYCLE_README = `Skycycle 1.0
============

A tiny NES demo: every 16 frames the backdrop becomes the next hue of the NES palette.

Files
  skycycle.nes   the ROM (iNES, mapper 0, 16 KiB PRG + 8 KiB CHR)
  main.s         ca65 source
  nrom.cfg       ld65 linker configuration

Build (cc65 suite)
  ca65 main.s -o main.o
  ld65 -C nrom.cfg main.o -o skycycle.nes

Public domain. Made by chipmaru for Pixelhall.
`;

/** The files posts attach, built on the spot; `now` dates the archive's entries. */
export function demoFile(key: DemoFileKey, now: number): DemoFile {
  switch (key) {
    case 'pinout-pdf':
      return {
        name: 'mega-drive-pad-pinout.pdf',
        data: textPdf('Mega Drive / Genesis pad pinout', PINOUT_LINES),
      };
    case 'route-txt':
      return { name: 'smb3-warpless-route-notes.txt', data: Buffer.from(ROUTE_NOTES, 'utf8') };
    case 'skycycle-rom':
      return { name: 'skycycle.nes', data: skycycleRom() };
    case 'skycycle-zip': {
      const { main, config } = skycycleSource();
      const data = zipArchive(
        [
          { name: 'skycycle/README.txt', data: SKYCYCLE_README },
          { name: 'skycycle/main.s', data: main },
          { name: 'skycycle/nrom.cfg', data: config },
          { name: 'skycycle/skycycle.nes', data: skycycleRom() },
        ],
        now,
      );
      return { name: 'skycycle-1.0-source.zip', data };
    }
  }
}
