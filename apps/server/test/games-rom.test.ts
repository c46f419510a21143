import { describe, expect, it } from 'vitest';
import { HOMEBREWS, homebrewRom } from '../src/seed/games/homebrew';

/**
 * Just enough of an NES to run the generated homebrew: the 6502 opcodes it uses, the PPU's
 * address/data ports into 2 KiB of nametables and the palette, and 8 KiB of battery RAM at
 * $6000. PPUSTATUS always reports vblank, so the warm-up loops pass at once. Any opcode the
 * program should not use fails the test.
 */
function boot(rom: Buffer, sram = new Uint8Array(0x2000)) {
  const prg = rom.subarray(16, 16 + 0x4000);
  const ram = new Uint8Array(0x800);
  const vram = new Uint8Array(0x4000);
  const ppu = { addr: 0, latch: false, ctrl: -1, mask: -1 };
  let a = 0;
  let x = 0;
  let y = 0;
  let sp = 0xfd;
  let n = false;
  let z = false;
  let c = false;
  const read = (addr: number): number => {
    if (addr < 0x2000) return ram[addr & 0x7ff]!;
    if (addr === 0x2002) {
      ppu.latch = false;
      return 0x80;
    }
    if (addr >= 0x6000 && addr < 0x8000) return sram[addr - 0x6000]!;
    if (addr >= 0x8000) return prg[(addr - 0x8000) & 0x3fff]!;
    return 0;
  };
  const write = (addr: number, v: number) => {
    if (addr < 0x2000) ram[addr & 0x7ff] = v;
    else if (addr === 0x2000) ppu.ctrl = v;
    else if (addr === 0x2001) ppu.mask = v;
    else if (addr === 0x2006) {
      ppu.addr = ppu.latch ? (ppu.addr & 0xff00) | v : ((v & 0x3f) << 8) | (ppu.addr & 0xff);
      ppu.latch = !ppu.latch;
    } else if (addr === 0x2007) {
      vram[ppu.addr & 0x3fff] = v;
      ppu.addr = (ppu.addr + 1) & 0x3fff;
    } else if (addr >= 0x6000 && addr < 0x8000) sram[addr - 0x6000] = v;
  };
  const nz = (v: number) => {
    n = (v & 0x80) !== 0;
    z = (v & 0xff) === 0;
    return v & 0xff;
  };
  let pc = prg.readUInt16LE(0x3ffc);
  const byte = () => read(pc++);
  const word = () => byte() | (byte() << 8);
  const branch = (take: boolean) => {
    const off = byte();
    if (take) pc = (pc + (off < 0x80 ? off : off - 0x100)) & 0xffff;
  };
  const compare = (r: number, v: number) => {
    c = r >= v;
    nz((r - v) & 0xff);
  };
  let steps = 0;
  let idle = -1;
  while (steps++ < 200_000) {
    const at = pc;
    const op = byte();
    switch (op) {
      case 0x78:
      case 0xd8:
      case 0xea:
        break; // sei, cld, nop
      case 0x18:
        c = false;
        break; // clc
      case 0xa2:
        x = nz(byte());
        break; // ldx #
      case 0xa0:
        y = nz(byte());
        break; // ldy #
      case 0xa9:
        a = nz(byte());
        break; // lda #
      case 0xad:
        a = nz(read(word()));
        break; // lda abs
      case 0xbd:
        a = nz(read((word() + x) & 0xffff));
        break; // lda abs,X
      case 0x8d:
        write(word(), a);
        break; // sta abs
      case 0x85:
        write(byte(), a);
        break; // sta zp
      case 0x8e:
        write(word(), x);
        break; // stx abs
      case 0x9a:
        sp = x;
        break; // txs
      case 0x8a:
        a = nz(x);
        break; // txa
      case 0xe8:
        x = nz(x + 1);
        break; // inx
      case 0x88:
        y = nz(y - 1);
        break; // dey
      case 0xee: {
        const ad = word();
        write(ad, nz(read(ad) + 1));
        break;
      } // inc abs
      case 0x4a:
        c = (a & 1) === 1;
        a = nz(a >> 1);
        break; // lsr A
      case 0x29:
        a = nz(a & byte());
        break; // and #
      case 0x65:
      case 0x69: {
        // adc zp, adc #
        const v: number = op === 0x65 ? read(byte()) : byte();
        const sum: number = a + v + (c ? 1 : 0);
        c = sum > 0xff;
        a = nz(sum);
        break;
      }
      case 0xe9: {
        const v: number = byte();
        const d: number = a - v - (c ? 0 : 1);
        c = d >= 0;
        a = nz(d & 0xff);
        break;
      } // sbc #
      case 0xc9:
        compare(a, byte());
        break; // cmp #
      case 0xe0:
        compare(x, byte());
        break; // cpx #
      case 0x2c: {
        const v = read(word());
        n = (v & 0x80) !== 0;
        z = (a & v) === 0;
        break;
      } // bit abs
      case 0x10:
        branch(!n);
        break; // bpl
      case 0xd0:
        branch(!z);
        break; // bne
      case 0xf0:
        branch(z);
        break; // beq
      case 0x90:
        branch(!c);
        break; // bcc
      case 0x4c: {
        const to = word();
        if (to === at) idle = at;
        pc = to;
        break;
      } // jmp abs
      default:
        throw new Error(`opcode ${op.toString(16)} at ${at.toString(16)}`);
    }
    if (idle >= 0) break;
  }
  void sp;
  const screen = (row: number) =>
    [...vram.subarray(0x2000 + row * 32, 0x2000 + row * 32 + 32)]
      .map((t) => (t >= 0x20 ? String.fromCharCode(t) : '.'))
      .join('');
  return { idle, ppu, vram, sram, screen, steps };
}

describe('the generated homebrew boots', () => {
  it('loads its palette, fills the screen, prints its title and turns the background on', () => {
    const game = HOMEBREWS[0]!;
    const run = boot(homebrewRom(game));
    expect(run.idle).toBeGreaterThan(0xc000); // reached its idle loop
    expect([...run.vram.subarray(0x3f00, 0x3f20)]).toEqual(game.palette);
    expect(run.screen(12)).toContain(game.title);
    expect(run.screen(14)).toContain(`${game.subtitle} 1`);
    // The background pattern: tiles 0–3 in diagonal stripes around the text.
    expect(new Set(run.vram.subarray(0x2000, 0x2000 + 32 * 10))).toEqual(new Set([0, 1, 2, 3]));
    expect(run.ppu.mask & 0x08).toBe(0x08); // background shown
    expect(run.ppu.ctrl).toBe(0);
  });

  it('counts its boots in battery RAM, which a second boot reads back', () => {
    const sram = new Uint8Array(0x2000);
    const rom = homebrewRom(HOMEBREWS[2]!);
    boot(rom, sram);
    expect([...sram.subarray(0, 3)]).toEqual([1, 0x50, 0x48]);
    const second = boot(rom, sram);
    expect(sram[0]).toBe(2);
    expect(second.screen(14)).toContain('SAVE: 2');
    for (let i = 0; i < 10; i += 1) boot(rom, sram);
    expect(boot(rom, sram).screen(14)).toContain('SAVE: 3'); // 13th boot: the last digit
  });
});
