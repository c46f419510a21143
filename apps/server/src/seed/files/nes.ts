/**
 * "Skycycle", a tiny NES demo for the demo world's homebrew release: after the PPU warms up it
 * turns on the vblank interrupt, and every 16 frames paints the backdrop the next hue. The same
 * program gives the ROM bytes and the ca65 source shipped in the release's zip, so they agree.
 */

type Line =
  | { label: string }
  | { asm: string; bytes: number[]; branch?: string; jump?: string }
  | { comment: string };

const PRG_ORIGIN = 0xc000;
const PRG_SIZE = 0x4000;
const CHR_SIZE = 0x2000;

const PROGRAM: Line[] = [
  { label: 'reset' },
  { asm: 'sei', bytes: [0x78] },
  { asm: 'cld', bytes: [0xd8] },
  { asm: 'ldx #$FF', bytes: [0xa2, 0xff] },
  { asm: 'txs', bytes: [0x9a] },
  { asm: 'inx', bytes: [0xe8] },
  { asm: 'stx PPUCTRL', bytes: [0x8e, 0x00, 0x20] },
  { asm: 'stx PPUMASK', bytes: [0x8e, 0x01, 0x20] },
  { asm: 'stx DMC_FREQ', bytes: [0x8e, 0x10, 0x40] },
  { comment: 'The PPU needs two vblanks before it takes writes.' },
  { label: 'vblank1' },
  { asm: 'bit PPUSTATUS', bytes: [0x2c, 0x02, 0x20] },
  { asm: 'bpl vblank1', bytes: [0x10], branch: 'vblank1' },
  { label: 'vblank2' },
  { asm: 'bit PPUSTATUS', bytes: [0x2c, 0x02, 0x20] },
  { asm: 'bpl vblank2', bytes: [0x10], branch: 'vblank2' },
  { asm: 'lda #$00', bytes: [0xa9, 0x00] },
  { asm: 'sta frame', bytes: [0x85, 0x00] },
  { asm: 'lda #$21', bytes: [0xa9, 0x21] },
  { asm: 'sta hue', bytes: [0x85, 0x01] },
  { asm: 'lda #$80', bytes: [0xa9, 0x80] },
  { asm: 'sta PPUCTRL', bytes: [0x8d, 0x00, 0x20] },
  { label: 'forever' },
  { asm: 'jmp forever', bytes: [0x4c], jump: 'forever' },
  { label: 'nmi' },
  { asm: 'inc frame', bytes: [0xe6, 0x00] },
  { asm: 'lda frame', bytes: [0xa5, 0x00] },
  { asm: 'and #$0F', bytes: [0x29, 0x0f] },
  { asm: 'bne done', bytes: [0xd0], branch: 'done' },
  { asm: 'inc hue', bytes: [0xe6, 0x01] },
  { asm: 'lda hue', bytes: [0xa5, 0x01] },
  { asm: 'cmp #$2D', bytes: [0xc9, 0x2d] },
  { asm: 'bcc paint', bytes: [0x90], branch: 'paint' },
  { asm: 'lda #$21', bytes: [0xa9, 0x21] },
  { asm: 'sta hue', bytes: [0x85, 0x01] },
  { label: 'paint' },
  { comment: 'With rendering off the PPU shows the colour its address points at: keep it on $3F00.' },
  { asm: 'lda #$3F', bytes: [0xa9, 0x3f] },
  { asm: 'sta PPUADDR', bytes: [0x8d, 0x06, 0x20] },
  { asm: 'lda #$00', bytes: [0xa9, 0x00] },
  { asm: 'sta PPUADDR', bytes: [0x8d, 0x06, 0x20] },
  { asm: 'lda hue', bytes: [0xa5, 0x01] },
  { asm: 'sta PPUDATA', bytes: [0x8d, 0x07, 0x20] },
  { asm: 'lda #$3F', bytes: [0xa9, 0x3f] },
  { asm: 'sta PPUADDR', bytes: [0x8d, 0x06, 0x20] },
  { asm: 'lda #$00', bytes: [0xa9, 0x00] },
  { asm: 'sta PPUADDR', bytes: [0x8d, 0x06, 0x20] },
  { label: 'done' },
  { asm: 'rti', bytes: [0x40] },
  { label: 'irq' },
  { asm: 'rti', bytes: [0x40] },
];

const operandSize = (line: { branch?: string; jump?: string }) => (line.branch ? 1 : line.jump ? 2 : 0);

/** Two passes: label addresses first, then the bytes with branch offsets and jump targets. */
function assemble(): { code: number[]; labels: Map<string, number> } {
  const labels = new Map<string, number>();
  let pc = PRG_ORIGIN;
  for (const line of PROGRAM) {
    if ('label' in line) labels.set(line.label, pc);
    else if ('asm' in line) pc += line.bytes.length + operandSize(line);
  }
  const code: number[] = [];
  const at = (label: string) => {
    const address = labels.get(label);
    if (address === undefined) throw new Error(`no label ${label}`);
    return address;
  };
  for (const line of PROGRAM) {
    if (!('asm' in line)) continue;
    code.push(...line.bytes);
    if (line.branch) {
      const offset = at(line.branch) - (PRG_ORIGIN + code.length + 1);
      if (offset < -128 || offset > 127) throw new Error(`branch to ${line.branch} out of range`);
      code.push(offset & 0xff);
    }
    if (line.jump) code.push(at(line.jump) & 0xff, at(line.jump) >> 8);
  }
  return { code, labels };
}

/** An iNES (NROM-128) image: 16-byte header, 16 KiB of PRG-ROM at $C000, 8 KiB of blank CHR-ROM. */
export function skycycleRom(): Buffer {
  const { code, labels } = assemble();
  const header = Buffer.from([0x4e, 0x45, 0x53, 0x1a, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  const prg = Buffer.alloc(PRG_SIZE, 0xff);
  Buffer.from(code).copy(prg, 0);
  for (const [i, label] of ['nmi', 'reset', 'irq'].entries())
    prg.writeUInt16LE(labels.get(label)!, 0x3ffa + i * 2);
  return Buffer.concat([header, prg, Buffer.alloc(CHR_SIZE)]);
}

/** The same program as ca65 source, with the linker config to build it. */
export function skycycleSource(): { main: string; config: string } {
  const body = PROGRAM.map((line) =>
    'label' in line ? `${line.label}:` : 'comment' in line ? `  ; ${line.comment}` : `  ${line.asm}`,
  );
  const main = [
    '; Skycycle: paints the NES backdrop a new hue every 16 frames.',
    '; Build: ca65 main.s -o main.o && ld65 -C nrom.cfg main.o -o skycycle.nes',
    '',
    'PPUCTRL   = $2000',
    'PPUMASK   = $2001',
    'PPUSTATUS = $2002',
    'PPUADDR   = $2006',
    'PPUDATA   = $2007',
    'DMC_FREQ  = $4010',
    'frame     = $00',
    'hue       = $01',
    '',
    '.segment "HEADER"',
    '  .byte "NES", $1A, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0',
    '',
    '.segment "CODE"',
    ...body,
    '',
    '.segment "VECTORS"',
    '  .word nmi, reset, irq',
    '',
    '.segment "CHARS"',
    '  .res 8192',
    '',
  ].join('\n');
  const config = [
    'MEMORY {',
    '  HEADER: start = $0000, size = $0010, fill = yes, file = %O;',
    '  PRG:    start = $C000, size = $4000, fill = yes, fillval = $FF, file = %O;',
    '  CHR:    start = $0000, size = $2000, fill = yes, file = %O;',
    '}',
    'SEGMENTS {',
    '  HEADER:  load = HEADER, type = ro;',
    '  CODE:    load = PRG, type = ro, start = $C000;',
    '  VECTORS: load = PRG, type = ro, start = $FFFA;',
    '  CHARS:   load = CHR, type = ro;',
    '}',
    '',
  ].join('\n');
  return { main, config };
}
