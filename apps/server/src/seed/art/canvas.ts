import sharp from 'sharp';

/** A colour as 0xRRGGBB. */
export type Rgb = number;

const BAYER_4 = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5];

/** A small RGBA bitmap to draw pixel art in; it is scaled up (nearest neighbour) when encoded. */
export class Canvas {
  readonly data: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
    background?: Rgb,
  ) {
    this.data = new Uint8Array(width * height * 4);
    if (background !== undefined) this.rect(0, 0, width, height, background);
  }

  set(x: number, y: number, color: Rgb): void {
    x = Math.round(x);
    y = Math.round(y);
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (y * this.width + x) * 4;
    this.data[i] = (color >> 16) & 0xff;
    this.data[i + 1] = (color >> 8) & 0xff;
    this.data[i + 2] = color & 0xff;
    this.data[i + 3] = 255;
  }

  /** The colour at a point, or null where nothing is drawn (or outside). */
  get(x: number, y: number): Rgb | null {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return null;
    const i = (y * this.width + x) * 4;
    if (this.data[i + 3] === 0) return null;
    return (this.data[i]! << 16) | (this.data[i + 1]! << 8) | this.data[i + 2]!;
  }

  rect(x: number, y: number, w: number, h: number, color: Rgb): void {
    for (let yy = y; yy < y + h; yy++) for (let xx = x; xx < x + w; xx++) this.set(xx, yy, color);
  }

  disc(cx: number, cy: number, r: number, color: Rgb): void {
    for (let y = -r; y <= r; y++)
      for (let x = -r; x <= r; x++) if (x * x + y * y <= r * r + r * 0.8) this.set(cx + x, cy + y, color);
  }

  line(x0: number, y0: number, x1: number, y1: number, color: Rgb): void {
    const steps = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0), 1);
    for (let i = 0; i <= steps; i++)
      this.set(x0 + ((x1 - x0) * i) / steps, y0 + ((y1 - y0) * i) / steps, color);
  }

  /**
   * A vertical gradient in `bands` flat steps, each step blended into the next with 4×4 ordered
   * dithering: the banded skies of 16-bit games rather than a smooth photo gradient.
   */
  gradient(x: number, y: number, w: number, h: number, top: Rgb, bottom: Rgb, bands = 6): void {
    for (let yy = 0; yy < h; yy++) {
      const t = (yy / Math.max(1, h - 1)) * (bands - 1);
      const band = Math.floor(t);
      const frac = t - band;
      const a = mix(top, bottom, band / (bands - 1));
      const b = mix(top, bottom, Math.min(band + 1, bands - 1) / (bands - 1));
      for (let xx = 0; xx < w; xx++) {
        const threshold = (BAYER_4[((y + yy) % 4) * 4 + ((x + xx) % 4)]! + 0.5) / 16;
        this.set(x + xx, y + yy, frac > threshold ? b : a);
      }
    }
  }

  /** Draws `other` at (x, y); its empty pixels leave this canvas as it was. */
  blit(other: Canvas, x: number, y: number): void {
    for (let yy = 0; yy < other.height; yy++)
      for (let xx = 0; xx < other.width; xx++) {
        const c = other.get(xx, yy);
        if (c !== null) this.set(x + xx, y + yy, c);
      }
  }
}

export function mix(a: Rgb, b: Rgb, t: number): Rgb {
  const ch = (shift: number) => Math.round(((a >> shift) & 0xff) * (1 - t) + ((b >> shift) & 0xff) * t);
  return (ch(16) << 16) | (ch(8) << 8) | ch(0);
}

/** Lighter (factor > 1) or darker (< 1), clamped per channel. */
export function shade(c: Rgb, factor: number): Rgb {
  const ch = (shift: number) => Math.min(255, Math.round(((c >> shift) & 0xff) * factor));
  return (ch(16) << 16) | (ch(8) << 8) | ch(0);
}

export interface EncodedImage {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Scaled up by an integer factor with nearest-neighbour sampling, so every art pixel stays a
 * crisp square, and saved as lossless WebP: flat pixel art compresses far better that way than
 * lossy, and keeps its edges.
 */
export async function encodeWebp(canvas: Canvas, scale: number): Promise<EncodedImage> {
  const width = canvas.width * scale;
  const height = canvas.height * scale;
  const data = await sharp(canvas.data, { raw: { width: canvas.width, height: canvas.height, channels: 4 } })
    .resize(width, height, { kernel: 'nearest' })
    .webp({ lossless: true, effort: 1 })
    .toBuffer();
  return { data, width, height };
}
