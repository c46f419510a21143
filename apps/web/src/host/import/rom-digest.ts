import { hasPlatformHeader, headerlessOffset, INES_HEADER } from './ines';

/** The part of a hash-wasm hasher the digest uses (a fake of it is enough in tests). */
export interface Md5Hasher {
  init(): unknown;
  update(data: Uint8Array): unknown;
  digest(): string;
}

export interface RomHashes {
  md5: string;
  /** Of the image without its platform header; null when the file has none. */
  headerless: string | null;
  size: number;
}

/**
 * The MD5s of one ROM fed in chunks of any size: of the whole file and, for a platform with a
 * header, of the bytes after it — both in one pass, so a file is read once. Whether there is a
 * header is known once the first 16 bytes have gone by; until then they wait in `head`.
 */
export class RomDigest {
  private seen = 0;
  private readonly head = new Uint8Array(INES_HEADER);
  /** undefined: not decided yet; null: no header (or no headerless hash wanted). */
  private skip: number | null | undefined;

  constructor(
    private readonly whole: Md5Hasher,
    private readonly headerless: Md5Hasher,
    extension: string,
  ) {
    whole.init();
    headerless.init();
    this.skip = hasPlatformHeader(extension) ? undefined : null;
  }

  update(chunk: Uint8Array): void {
    this.whole.update(chunk);
    if (this.skip === undefined) {
      const take = Math.min(INES_HEADER - this.seen, chunk.length);
      this.head.set(chunk.subarray(0, take), this.seen);
      if (this.seen + take === INES_HEADER) this.skip = headerlessOffset(this.head);
    }
    if (typeof this.skip === 'number') {
      const start = this.skip - this.seen;
      if (start < chunk.length) this.headerless.update(start > 0 ? chunk.subarray(start) : chunk);
    }
    this.seen += chunk.length;
  }

  finish(): RomHashes {
    const md5 = this.whole.digest();
    // The server only reads a header off a file longer than one (catalogue.ts `romHashes`).
    const headerless =
      typeof this.skip === 'number' && this.seen > INES_HEADER ? this.headerless.digest() : null;
    return { md5, headerless, size: this.seen };
  }
}
