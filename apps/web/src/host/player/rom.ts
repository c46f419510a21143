import i18n from '../../i18n';
import { hostDb } from '../store/db';
import { opfsFile } from '../store/opfs';

/** A file name for the ROM inside the emulator: its MD5 (so its battery file is its own) and its extension. */
export function romFileName(romMd5: string, fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const ext = dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
  return ext ? `${romMd5}.${ext}` : romMd5;
}

/**
 * The ROM's bytes on this device: a finished download from the origin-private file system, else
 * an imported file (read from the member's directory, or its copy). Neither: the game cannot
 * start, with its message (docs/product/games-library-and-player.md#playing-a-game).
 */
export async function readRom(romMd5: string): Promise<File> {
  const db = await hostDb();
  const download = (await db.getAllFromIndex('downloads', 'byRomMd5', romMd5)).find(
    (d) => d.status === 'downloaded',
  );
  if (download) {
    try {
      const file = await (await opfsFile(download.opfsPath)).getFile();
      return new File([file], romFileName(romMd5, download.fileName));
    } catch {
      // The browser evicted it: fall through to an imported copy, else say it is not here.
    }
  }
  if (await db.get('imported', romMd5)) {
    const { readImportedRom } = await import('../import/read-rom');
    const { file, fileName } = await readImportedRom(romMd5);
    return new File([file], romFileName(romMd5, fileName));
  }
  throw new Error(i18n.t('game.not_downloaded'));
}
