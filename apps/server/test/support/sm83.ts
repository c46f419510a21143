/**
 * Just enough of a Game Boy to run the generated carts (seed/games/gameboy.ts) in a test: the
 * SM83 instructions they use, 64 KiB of flat memory (writes to the ROM are dropped), LY counting
 * lines as the CPU runs (114 machine cycles a line, 154 lines a frame), and the joypad register
 * answering for the buttons `held`. Every write to the sound registers is logged. Any opcode the
 * carts should not use fails the test.
 */

export type Button = 'right' | 'left' | 'up' | 'down' | 'a' | 'b' | 'select' | 'start';

const DIRECTIONS: Button[] = ['right', 'left', 'up', 'down'];
const BUTTONS: Button[] = ['a', 'b', 'select', 'start'];
const LINE = 114;
export const FRAME = LINE * 154;

export class MiniGameBoy {
  readonly mem = new Uint8Array(0x10000);
  readonly held = new Set<Button>();
  /** Writes to $FF10–$FF26 (the sound registers), oldest first. */
  readonly soundWrites: { address: number; value: number }[] = [];
  /** B C D E H L (HL) A, by the SM83's own register numbers (index 6 is unused). */
  private readonly r = new Uint8Array(8);
  private sp = 0;
  private pc = 0x100;
  private z = false;
  private n = false;
  private hf = false;
  private cy = false;
  private select = 0x30;
  cycles = 0;

  constructor(rom: Buffer) {
    this.mem.set(rom.subarray(0, 0x8000));
  }

  get ly(): number {
    return Math.floor(this.cycles / LINE) % 154;
  }

  read(address: number): number {
    if (address === 0xff44) return this.ly;
    if (address === 0xff00) {
      let low = 0x0f;
      const lines = [
        [0x10, DIRECTIONS],
        [0x20, BUTTONS],
      ] as const;
      for (const [bit, buttons] of lines)
        if (!(this.select & bit))
          for (const [i, b] of buttons.entries()) if (this.held.has(b)) low &= ~(1 << i);
      return 0xc0 | this.select | low;
    }
    return this.mem[address & 0xffff]!;
  }

  write(address: number, value: number): void {
    address &= 0xffff;
    value &= 0xff;
    if (address < 0x8000) return;
    if (address === 0xff00) this.select = value & 0x30;
    if (address >= 0xff10 && address <= 0xff26) this.soundWrites.push({ address, value });
    this.mem[address] = value;
  }

  /** Runs whole frames' worth of machine cycles. */
  runFrames(frames: number): void {
    const until = this.cycles + frames * FRAME;
    while (this.cycles < until) this.step();
  }

  private fetch(): number {
    const byte = this.read(this.pc);
    this.pc = (this.pc + 1) & 0xffff;
    return byte;
  }

  private fetch16(): number {
    const low = this.fetch();
    return low | (this.fetch() << 8);
  }

  private get hl(): number {
    return (this.r[4]! << 8) | this.r[5]!;
  }

  private set hl(v: number) {
    this.r[4] = (v >> 8) & 0xff;
    this.r[5] = v & 0xff;
  }

  private reg(i: number): number {
    return i === 6 ? this.read(this.hl) : this.r[i]!;
  }

  private setReg(i: number, v: number): void {
    if (i === 6) this.write(this.hl, v);
    else this.r[i] = v & 0xff;
  }

  /** BC, DE, HL, SP by the opcode's pair number. */
  private pair(p: number): number {
    return p === 3 ? this.sp : (this.r[p * 2]! << 8) | this.r[p * 2 + 1]!;
  }

  private setPair(p: number, v: number): void {
    v &= 0xffff;
    if (p === 3) this.sp = v;
    else {
      this.r[p * 2] = v >> 8;
      this.r[p * 2 + 1] = v & 0xff;
    }
  }

  private condition(cc: number): boolean {
    return [!this.z, this.z, !this.cy, this.cy][cc]!;
  }

  private push(v: number): void {
    this.sp = (this.sp - 2) & 0xffff;
    this.write(this.sp, v & 0xff);
    this.write(this.sp + 1, v >> 8);
  }

  private pop(): number {
    const v = this.read(this.sp) | (this.read(this.sp + 1) << 8);
    this.sp = (this.sp + 2) & 0xffff;
    return v;
  }

  /** add adc sub sbc and xor or cp, on A. */
  private alu(kind: number, v: number): void {
    const a = this.r[7]!;
    const carry = (kind === 1 || kind === 3) && this.cy ? 1 : 0;
    let result = a;
    if (kind === 0 || kind === 1) {
      result = a + v + carry;
      this.hf = (a & 0xf) + (v & 0xf) + carry > 0xf;
      this.cy = result > 0xff;
      this.n = false;
    } else if (kind === 2 || kind === 3 || kind === 7) {
      result = a - v - carry;
      this.hf = (a & 0xf) < (v & 0xf) + carry;
      this.cy = result < 0;
      this.n = true;
    } else {
      result = kind === 4 ? a & v : kind === 5 ? a ^ v : a | v;
      this.hf = kind === 4;
      this.cy = false;
      this.n = false;
    }
    this.z = (result & 0xff) === 0;
    if (kind !== 7) this.r[7] = result & 0xff;
  }

  private jumpRelative(take: boolean): void {
    const offset = (this.fetch() << 24) >> 24;
    if (take) this.pc = (this.pc + offset) & 0xffff;
  }

  step(): void {
    const at = this.pc;
    const op = this.fetch();
    this.cycles += 2;
    const x = op >> 6;
    const y = (op >> 3) & 7;
    const zz = op & 7;
    if (x === 1 && op !== 0x76) {
      this.setReg(y, this.reg(zz));
      return;
    }
    if (x === 2) {
      this.alu(y, this.reg(zz));
      return;
    }
    if (x === 0 && zz === 6) {
      this.setReg(y, this.fetch());
      return;
    }
    if (x === 3 && zz === 6) {
      this.alu(y, this.fetch());
      return;
    }
    if (x === 0 && (zz === 4 || zz === 5)) {
      const v = this.reg(y);
      const out = (v + (zz === 4 ? 1 : -1)) & 0xff;
      this.z = out === 0;
      this.n = zz === 5;
      this.hf = zz === 4 ? (v & 0xf) === 0xf : (v & 0xf) === 0;
      this.setReg(y, out);
      return;
    }
    switch (op) {
      case 0x00:
      case 0xf3:
      case 0xfb:
        return;
      case 0x01:
      case 0x11:
      case 0x21:
      case 0x31:
        this.setPair(op >> 4, this.fetch16());
        return;
      case 0x03:
      case 0x13:
      case 0x23:
      case 0x33:
        this.setPair(op >> 4, this.pair(op >> 4) + 1);
        return;
      case 0x0b:
      case 0x1b:
      case 0x2b:
      case 0x3b:
        this.setPair(op >> 4, this.pair(op >> 4) - 1);
        return;
      case 0x09:
      case 0x19:
      case 0x29:
      case 0x39: {
        const v = this.pair(op >> 4);
        this.hf = (this.hl & 0xfff) + (v & 0xfff) > 0xfff;
        this.cy = this.hl + v > 0xffff;
        this.n = false;
        this.hl = this.hl + v;
        return;
      }
      case 0x0a:
        this.r[7] = this.read(this.pair(0));
        return;
      case 0x1a:
        this.r[7] = this.read(this.pair(1));
        return;
      case 0x12:
        this.write(this.pair(1), this.r[7]!);
        return;
      case 0x22:
        this.write(this.hl, this.r[7]!);
        this.hl = this.hl + 1;
        return;
      case 0x2a:
        this.r[7] = this.read(this.hl);
        this.hl = this.hl + 1;
        return;
      case 0x27: {
        let a = this.r[7]!;
        if (!this.n) {
          if (this.cy || a > 0x99) {
            a += 0x60;
            this.cy = true;
          }
          if (this.hf || (a & 0x0f) > 0x09) a += 0x06;
        } else {
          if (this.cy) a -= 0x60;
          if (this.hf) a -= 0x06;
        }
        this.r[7] = a & 0xff;
        this.z = this.r[7] === 0;
        this.hf = false;
        return;
      }
      case 0x2f:
        this.r[7] = ~this.r[7]! & 0xff;
        this.n = true;
        this.hf = true;
        return;
      case 0x18:
        this.jumpRelative(true);
        return;
      case 0x20:
      case 0x28:
      case 0x30:
      case 0x38:
        this.jumpRelative(this.condition((op >> 3) & 3));
        return;
      case 0xc3:
        this.pc = this.fetch16();
        return;
      case 0xc2:
      case 0xca:
      case 0xd2:
      case 0xda: {
        const to = this.fetch16();
        if (this.condition((op >> 3) & 3)) this.pc = to;
        return;
      }
      case 0xcd: {
        const to = this.fetch16();
        this.push(this.pc);
        this.pc = to;
        return;
      }
      case 0xc9:
        this.pc = this.pop();
        return;
      case 0xc0:
      case 0xc8:
      case 0xd0:
      case 0xd8:
        if (this.condition((op >> 3) & 3)) this.pc = this.pop();
        return;
      case 0xe0:
        this.write(0xff00 + this.fetch(), this.r[7]!);
        return;
      case 0xf0:
        this.r[7] = this.read(0xff00 + this.fetch());
        return;
      case 0xea:
        this.write(this.fetch16(), this.r[7]!);
        return;
      case 0xfa:
        this.r[7] = this.read(this.fetch16());
        return;
      case 0xcb: {
        const cb = this.fetch();
        const reg = cb & 7;
        if (cb >> 3 === 6) {
          const v = this.reg(reg);
          const out = ((v << 4) | (v >> 4)) & 0xff;
          this.z = out === 0;
          this.n = this.hf = this.cy = false;
          this.setReg(reg, out);
          return;
        }
        if (cb >> 6 === 1) {
          this.z = !(this.reg(reg) & (1 << ((cb >> 3) & 7)));
          this.n = false;
          this.hf = true;
          return;
        }
        throw new Error(`no CB ${cb.toString(16)} at ${at.toString(16)}`);
      }
    }
    throw new Error(`no opcode ${op.toString(16)} at ${at.toString(16)}`);
  }
}
