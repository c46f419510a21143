/**
 * Minimal, valid cartridge images for the demo catalogue's Game Boy and Mega Drive entries: a
 * correct header (with its checksums) and a program that sets the screen up and idles. They
 * exist so that every catalogue game has a real file to download, hash and import; the playable
 * demos are the NES homebrews (homebrew.ts).
 */

const ascii = (s: string, length: number, fill = 0x20) => {
  const out = Buffer.alloc(length, fill);
  Buffer.from(
    s
      .toUpperCase()
      .replace(/[^\x20-\x7e]/g, ' ')
      .slice(0, length),
    'ascii',
  ).copy(out);
  return out;
};

export const GB_SIZE = 0x8000;

/** A 32 KiB ROM-only Game Boy image: entry at $0100 jumps to $0150, which sets BGP and halts. */
export function gameBoyRom(title: string, seed: number): Buffer {
  const rom = Buffer.alloc(GB_SIZE, 0x00);
  // $0100: nop; jp $0150
  Buffer.from([0x00, 0xc3, 0x50, 0x01]).copy(rom, 0x100);
  ascii(title, 15, 0).copy(rom, 0x134);
  rom[0x143] = 0x00; // DMG only
  rom[0x147] = 0x00; // ROM only
  rom[0x148] = 0x00; // 32 KiB
  rom[0x149] = 0x00; // no RAM
  rom[0x14a] = 0x01; // overseas
  rom[0x14c] = seed & 0xff; // version: keeps every title's image distinct
  // $0150: ld a,$E4 ; ldh ($47),a (background palette) ; loop: halt ; nop ; jr loop
  Buffer.from([0x3e, 0xe4, 0xe0, 0x47, 0x76, 0x00, 0x18, 0xfc]).copy(rom, 0x150);
  let header = 0;
  for (let i = 0x134; i <= 0x14c; i += 1) header = (header - rom[i]! - 1) & 0xff;
  rom[0x14d] = header;
  let global = 0;
  for (let i = 0; i < rom.length; i += 1)
    if (i !== 0x14e && i !== 0x14f) global = (global + rom[i]!) & 0xffff;
  rom.writeUInt16BE(global, 0x14e);
  return rom;
}

export const MD_SIZE = 0x4000;

/** A 16 KiB Mega Drive image: vectors, the "SEGA MEGA DRIVE" header with its checksum, an idle loop. */
export function megaDriveRom(title: string, seed: number): Buffer {
  const rom = Buffer.alloc(MD_SIZE, 0x00);
  rom.writeUInt32BE(0x00fffe00, 0); // initial stack pointer
  rom.writeUInt32BE(0x00000200, 4); // reset: the idle loop
  for (let v = 8; v < 0x100; v += 4) rom.writeUInt32BE(0x00000204, v); // every exception: rte
  ascii('SEGA MEGA DRIVE', 16).copy(rom, 0x100);
  ascii('(C)PXHL 2026.NOV', 16).copy(rom, 0x110);
  ascii(title, 48).copy(rom, 0x120);
  ascii(title, 48).copy(rom, 0x150);
  ascii(`GM ${String(seed).padStart(8, '0')}-00`, 14).copy(rom, 0x180);
  ascii('J', 16).copy(rom, 0x190);
  rom.writeUInt32BE(0, 0x1a0);
  rom.writeUInt32BE(MD_SIZE - 1, 0x1a4);
  rom.writeUInt32BE(0xff0000, 0x1a8);
  rom.writeUInt32BE(0xffffff, 0x1ac);
  ascii('JUE', 16).copy(rom, 0x1f0);
  rom.writeUInt16BE(0x60fe, 0x200); // bra.s * (idle)
  rom.writeUInt16BE(0x4e73, 0x204); // rte
  let sum = 0;
  for (let i = 0x200; i < rom.length; i += 2) sum = (sum + rom.readUInt16BE(i)) & 0xffff;
  rom.writeUInt16BE(sum, 0x18e);
  return rom;
}
