import { opfsFile } from '../store/opfs';
import type { RomSink } from './transfer';

/**
 * A download's file in the origin-private file system, written through a writable stream that
 * keeps the existing bytes. The stream writes to a swap file until it closes, so `commit` is
 * what makes bytes survive a reload.
 */
export function opfsSink(path: string): RomSink {
  let writable: FileSystemWritableFileStream | null = null;
  return {
    async size() {
      try {
        return (await (await opfsFile(path)).getFile()).size;
      } catch (err) {
        if ((err as DOMException).name === 'NotFoundError') return 0;
        throw err;
      }
    },
    async open(offset) {
      const file = await opfsFile(path, { create: true });
      writable = await file.createWritable({ keepExistingData: true });
      await writable.truncate(offset);
      await writable.seek(offset);
    },
    async write(chunk) {
      if (!writable) throw new Error('Download file is not open');
      await writable.write(chunk as Uint8Array<ArrayBuffer>);
    },
    async commit() {
      const open = writable;
      writable = null;
      await open?.close();
    },
  };
}
