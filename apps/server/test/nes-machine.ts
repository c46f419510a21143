/**
 * Just enough of an NES to run the generated carts in a test: the 6502 instructions they use
 * (any other fails the test), 2 KiB of RAM, the PPU's address/data ports into nametables and the
 * palette, sprite DMA from a RAM page, pad 1, the APU's registers (every write logged), and
 * 8 KiB of battery RAM at $6000. PPUSTATUS always reports vblank, so warm-up loops pass at once.
 *
 * Frames are driven from the outside: `boot` runs until the program first comes to its main loop
 * (the `main` label), `frame` raises the NMI, runs the handler, then one pass of the main loop.
 */

type Mode = 'imp' | 'imm' | 'zp' | 'zpx' | 'abs' | 'absx' | 'rel';

/** Opcode, mnemonic, addressing mode. */
const OPS = new Map<number, [string, Mode]>(
  (
    [
      [0xa9, 'lda', 'imm'],
      [0xa5, 'lda', 'zp'],
      [0xb5, 'lda', 'zpx'],
      [0xad, 'lda', 'abs'],
      [0xbd, 'lda', 'absx'],
      [0xa2, 'ldx', 'imm'],
      [0xa6, 'ldx', 'zp'],
      [0xa0, 'ldy', 'imm'],
      [0xa4, 'ldy', 'zp'],
      [0x85, 'sta', 'zp'],
      [0x95, 'sta', 'zpx'],
      [0x8d, 'sta', 'abs'],
      [0x9d, 'sta', 'absx'],
      [0x8e, 'stx', 'abs'],
      [0xe8, 'inx', 'imp'],
      [0xca, 'dex', 'imp'],
      [0xc8, 'iny', 'imp'],
      [0x88, 'dey', 'imp'],
      [0xaa, 'tax', 'imp'],
      [0x8a, 'txa', 'imp'],
      [0xa8, 'tay', 'imp'],
      [0x98, 'tya', 'imp'],
      [0x9a, 'txs', 'imp'],
      [0xe6, 'inc', 'zp'],
      [0xf6, 'inc', 'zpx'],
      [0xee, 'inc', 'abs'],
      [0xc6, 'dec', 'zp'],
      [0x29, 'and', 'imm'],
      [0x25, 'and', 'zp'],
      [0x09, 'ora', 'imm'],
      [0x49, 'eor', 'imm'],
      [0x69, 'adc', 'imm'],
      [0x65, 'adc', 'zp'],
      [0xe9, 'sbc', 'imm'],
      [0xe5, 'sbc', 'zp'],
      [0xc9, 'cmp', 'imm'],
      [0xc5, 'cmp', 'zp'],
      [0xe0, 'cpx', 'imm'],
      [0x0a, 'asl', 'imp'],
      [0x4a, 'lsr', 'imp'],
      [0x26, 'rol', 'zp'],
      [0x2c, 'bit', 'abs'],
      [0x10, 'bpl', 'rel'],
      [0xd0, 'bne', 'rel'],
      [0xf0, 'beq', 'rel'],
      [0x90, 'bcc', 'rel'],
      [0xb0, 'bcs', 'rel'],
      [0x4c, 'jmp', 'abs'],
      [0x20, 'jsr', 'abs'],
      [0x60, 'rts', 'imp'],
      [0x40, 'rti', 'imp'],
      [0x48, 'pha', 'imp'],
      [0x68, 'pla', 'imp'],
      [0x18, 'clc', 'imp'],
      [0x38, 'sec', 'imp'],
      [0x78, 'sei', 'imp'],
      [0xd8, 'cld', 'imp'],
    ] as [number, string, Mode][]
  ).map(([op, name, mode]) => [op, [name, mode]]),
);

export interface NesMachine {
  ram: Uint8Array;
  vram: Uint8Array;
  oam: Uint8Array;
  sram: Uint8Array;
  ppu: { ctrl: number; mask: number };
  /** Every APU register write since the machine started: [address, value]. */
  apu: [number, number][];
  /** The buttons held on pad 1 (A = $80 … Right = $01, as the carts read them). */
  pad: number;
  boot(): void;
  frame(): void;
  /** Row `row` of nametable 0 as text ('.' for the pattern tiles). */
  screen(row: number): string;
}

export function nesMachine(
  rom: Buffer,
  labels: Map<string, number>,
  sram: Uint8Array = new Uint8Array(0x2000),
): NesMachine {
  const prg = rom.subarray(16, 16 + 0x4000);
  const ram = new Uint8Array(0x800);
  const vram = new Uint8Array(0x4000);
  const oam = new Uint8Array(0x100);
  const apu: [number, number][] = [];
  const ppu = { addr: 0, latch: false, ctrl: -1, mask: -1 };
  const mainAt = labels.get('main');
  if (mainAt === undefined) throw new Error('no main label');
  let a = 0;
  let x = 0;
  let y = 0;
  let sp = 0xfd;
  let n = false;
  let z = false;
  let c = false;
  let pc = prg.readUInt16LE(0x3ffc);
  let shifter = 0;
  const machine: NesMachine = {
    ram,
    vram,
    oam,
    sram,
    apu,
    pad: 0,
    get ppu() {
      return { ctrl: ppu.ctrl, mask: ppu.mask };
    },
    boot: () => runUntilWaiting(200_000),
    frame: () => {
      if (!(ppu.ctrl & 0x80)) throw new Error('NMI is off');
      push(pc >> 8);
      push(pc & 0xff);
      push(flags());
      pc = prg.readUInt16LE(0x3ffa);
      runUntilWaiting(20_000);
    },
    screen: (row) =>
      [...vram.subarray(0x2000 + row * 32, 0x2000 + row * 32 + 32)]
        .map((t) => (t >= 0x20 ? String.fromCharCode(t) : '.'))
        .join(''),
  };

  const read = (addr: number): number => {
    if (addr < 0x2000) return ram[addr & 0x7ff]!;
    if (addr === 0x2002) {
      ppu.latch = false;
      return 0x80;
    }
    if (addr === 0x4016) {
      const bit = (shifter >> 7) & 1;
      shifter = (shifter << 1) & 0xff;
      return bit;
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
    } else if (addr === 0x4014) oam.set(ram.subarray(v << 8, (v << 8) + 0x100));
    else if (addr === 0x4016) {
      if (v & 1) shifter = machine.pad;
    } else if (addr >= 0x4000 && addr <= 0x4017) apu.push([addr, v]);
    else if (addr >= 0x6000 && addr < 0x8000) sram[addr - 0x6000] = v;
  };
  const push = (v: number) => {
    ram[0x100 + sp] = v;
    sp = (sp - 1) & 0xff;
  };
  const pull = () => {
    sp = (sp + 1) & 0xff;
    return ram[0x100 + sp]!;
  };
  const flags = () => (n ? 0x80 : 0) | (z ? 0x02 : 0) | (c ? 0x01 : 0) | 0x20;
  const nz = (v: number) => {
    n = (v & 0x80) !== 0;
    z = (v & 0xff) === 0;
    return v & 0xff;
  };
  const compare = (r: number, v: number) => {
    c = r >= v;
    nz((r - v) & 0xff);
  };
  const add = (v: number) => {
    const sum = a + v + (c ? 1 : 0);
    c = sum > 0xff;
    a = nz(sum);
  };

  function step(): void {
    const at = pc;
    const op = read(pc++);
    const known = OPS.get(op);
    if (!known) throw new Error(`opcode ${op.toString(16)} at ${at.toString(16)}`);
    const [name, mode] = known;
    const byte = () => read(pc++);
    let addr = 0;
    if (mode === 'zp') addr = byte();
    else if (mode === 'zpx') addr = (byte() + x) & 0xff;
    else if (mode === 'abs') addr = byte() | (byte() << 8);
    else if (mode === 'absx') addr = ((byte() | (byte() << 8)) + x) & 0xffff;
    else if (mode === 'imm') addr = pc++;
    const value = () => read(addr);
    const branch = (take: boolean) => {
      const off = byte();
      if (take) pc = (pc + (off < 0x80 ? off : off - 0x100)) & 0xffff;
    };
    switch (name) {
      case 'lda':
        a = nz(value());
        break;
      case 'ldx':
        x = nz(value());
        break;
      case 'ldy':
        y = nz(value());
        break;
      case 'sta':
        write(addr, a);
        break;
      case 'stx':
        write(addr, x);
        break;
      case 'inx':
        x = nz(x + 1);
        break;
      case 'dex':
        x = nz(x - 1);
        break;
      case 'iny':
        y = nz(y + 1);
        break;
      case 'dey':
        y = nz(y - 1);
        break;
      case 'tax':
        x = nz(a);
        break;
      case 'txa':
        a = nz(x);
        break;
      case 'tay':
        y = nz(a);
        break;
      case 'tya':
        a = nz(y);
        break;
      case 'txs':
        sp = x;
        break;
      case 'inc':
        write(addr, nz(value() + 1));
        break;
      case 'dec':
        write(addr, nz(value() - 1));
        break;
      case 'and':
        a = nz(a & value());
        break;
      case 'ora':
        a = nz(a | value());
        break;
      case 'eor':
        a = nz(a ^ value());
        break;
      case 'adc':
        add(value());
        break;
      case 'sbc':
        add(value() ^ 0xff);
        break;
      case 'cmp':
        compare(a, value());
        break;
      case 'cpx':
        compare(x, value());
        break;
      case 'asl':
        c = (a & 0x80) !== 0;
        a = nz(a << 1);
        break;
      case 'lsr':
        c = (a & 1) === 1;
        a = nz(a >> 1);
        break;
      case 'rol': {
        const v = value();
        const out = nz((v << 1) | (c ? 1 : 0));
        c = (v & 0x80) !== 0;
        write(addr, out);
        break;
      }
      case 'bit': {
        const v = value();
        n = (v & 0x80) !== 0;
        z = (a & v) === 0;
        break;
      }
      case 'bpl':
        branch(!n);
        break;
      case 'bne':
        branch(!z);
        break;
      case 'beq':
        branch(z);
        break;
      case 'bcc':
        branch(!c);
        break;
      case 'bcs':
        branch(c);
        break;
      case 'jmp':
        pc = addr;
        break;
      case 'jsr':
        push((pc - 1) >> 8);
        push((pc - 1) & 0xff);
        pc = addr;
        break;
      case 'rts':
        pc = (pull() | (pull() << 8)) + 1;
        break;
      case 'rti': {
        const p = pull();
        n = (p & 0x80) !== 0;
        z = (p & 0x02) !== 0;
        c = (p & 0x01) !== 0;
        pc = pull() | (pull() << 8);
        break;
      }
      case 'pha':
        push(a);
        break;
      case 'pla':
        a = nz(pull());
        break;
      case 'clc':
        c = false;
        break;
      case 'sec':
        c = true;
        break;
      default:
        break; // sei, cld: nothing to model
    }
  }

  /** Runs until the main loop comes round to wait for the next vblank (`main`, `lda frames`). */
  function runUntilWaiting(limit: number): void {
    for (let steps = 0; steps < limit; steps += 1) {
      const at = pc;
      step();
      if (at === mainAt) return;
    }
    throw new Error(`no wait for vblank within ${limit} instructions (pc ${pc.toString(16)})`);
  }

  return machine;
}
