import type { DirectoryRecord, HostDatabase, ScanIndexRecord } from '../store/db';

/** The remembered ROM directory (the `directories` store also holds its scan index). */
export async function rememberedDirectory(db: HostDatabase): Promise<DirectoryRecord | null> {
  const record = await db.get('directories', 'roms');
  return record?.id === 'roms' ? record : null;
}

/** What the last scan of the remembered directory hashed; empty before the first. */
export async function scanIndex(db: HostDatabase): Promise<ScanIndexRecord['files']> {
  const record = await db.get('directories', 'roms-files');
  return record?.id === 'roms-files' ? record.files : {};
}
