import { Unzip, UnzipInflate } from 'fflate';
import { extensionOf, isRomEntry } from './emulators';
import type { HashedRom } from './hash-messages';
import { type Md5Hasher, RomDigest } from './rom-digest';

/**
 * The MD5s of the ROM entries of a zip archive fed in chunks: only ROM entries inflate, and
 * each inflated chunk is hashed and dropped, so a big archive is never held in memory. An
 * archive without ROM entries gives no ROMs.
 */
export class ZipDigest {
  readonly roms: HashedRom[] = [];
  private failure: Error | null = null;
  private readonly unzip: Unzip;

  constructor(extensions: ReadonlySet<string>, whole: Md5Hasher, headerless: Md5Hasher) {
    this.unzip = new Unzip((entry) => {
      if (!isRomEntry(entry.name, extensions)) return; // never inflated
      // fflate hands over one entry's data completely before it reads the next header, so
      // the two hashers serve every entry in turn.
      const digest = new RomDigest(whole, headerless, extensionOf(entry.name));
      entry.ondata = (err, chunk, final) => {
        if (err) {
          this.failure ??= err;
          return;
        }
        digest.update(chunk);
        if (final) this.roms.push({ entry: entry.name, ...digest.finish() });
      };
      entry.start();
    });
    this.unzip.register(UnzipInflate);
  }

  push(chunk: Uint8Array, final = false): void {
    if (!this.failure) this.unzip.push(chunk, final);
    if (this.failure) throw this.failure;
  }
}
