import i18n from '../../i18n';
import { hostDb } from '../store/db';
import { opfsFile } from '../store/opfs';
import { canRead } from './fs-access';
import { readZipEntry } from './zip-entry';

/**
 * The bytes of an imported ROM, for the player: from the member's directory through the kept
 * handle (a zip entry is inflated from its archive), or from the copy in the origin-private file
 * system. Called from a tap, so the browser may ask the member to allow reading again.
 */
export async function readImportedRom(romMd5: string): Promise<{ file: Blob; fileName: string }> {
  const record = await (await hostDb()).get('imported', romMd5);
  if (!record) throw new Error(i18n.t('importUi.not_imported'));
  if (record.storage === 'copy' || !record.handle) {
    if (!record.opfsPath) throw new Error(i18n.t('importUi.choose_again'));
    try {
      return { file: await (await opfsFile(record.opfsPath)).getFile(), fileName: record.fileName };
    } catch {
      // The browser evicted the site's storage.
      throw new Error(i18n.t('importUi.choose_again'));
    }
  }
  if (!(await canRead(record.handle, { request: true }))) throw new Error(i18n.t('importUi.choose_again'));
  let file: File;
  try {
    file = await record.handle.getFile();
  } catch {
    // Moved, renamed or deleted since the scan.
    throw new Error(i18n.t('importUi.file_missing', { name: record.path }));
  }
  if (!record.zipEntry) return { file, fileName: record.fileName };
  const entry = await readZipEntry(file, record.zipEntry);
  if (!entry) throw new Error(i18n.t('importUi.file_missing', { name: record.path }));
  return { file: entry, fileName: record.fileName };
}
