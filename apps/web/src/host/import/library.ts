import type { ImportedGame, LocalGames, LocalGamesRequest } from '@pixelhall/contract/host';
import { hostDb, type ImportedRecord } from '../store/db';
import { opfsRemove } from '../store/opfs';

/** `getLocalGames`: the imported games, newest first, and the remembered ROM directory. */
export async function localGames({ offset = 0, limit }: LocalGamesRequest = {}): Promise<LocalGames> {
  const db = await hostDb();
  const tx = db.transaction(['imported', 'directories']);
  const total = await tx.objectStore('imported').count();
  const list: ImportedGame[] = [];
  const max = limit ?? total;
  let cursor = await tx.objectStore('imported').index('byImportedAt').openCursor(null, 'prev');
  if (cursor && offset > 0) cursor = await cursor.advance(offset);
  while (cursor && list.length < max) {
    list.push(publicGame(cursor.value));
    cursor = await cursor.continue();
  }
  const stored = await tx.objectStore('directories').get('roms');
  const dir = stored?.id === 'roms' ? stored : null;
  return {
    list,
    total,
    directory: dir ? { name: dir.name, lastScanAt: dir.lastScanAt, canRescan: dir.handle !== null } : null,
  };
}

/**
 * `removeLocalGames`: forgets imported games. A copy the host made in the origin-private file
 * system goes too; the member's own files are never touched.
 */
export async function removeLocalGames(romMd5s: string[]): Promise<{ removed: number }> {
  const db = await hostDb();
  let removed = 0;
  for (const romMd5 of new Set(romMd5s)) {
    const record = await db.get('imported', romMd5);
    if (!record) continue;
    if (record.opfsPath) await opfsRemove(record.opfsPath);
    await db.delete('imported', romMd5);
    removed += 1;
  }
  return { removed };
}

/** What the app sees of a record: no handles, storage paths or matching bookkeeping. */
export function publicGame(record: ImportedRecord): ImportedGame {
  const {
    handle: _handle,
    zipEntry: _zipEntry,
    opfsPath: _opfsPath,
    matchPending: _pending,
    ...game
  } = record;
  return game;
}
