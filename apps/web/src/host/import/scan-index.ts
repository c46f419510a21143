import type { ScannedFile } from '../store/db';
import type { HashedRom } from './hash-messages';

/** What the last scan hashed, by path inside the directory. */
export type ScanIndex = Record<string, ScannedFile>;

/** The little of a found file this needs: where it is, its size and modification time. */
interface Seen {
  path: string;
  file: { size: number; lastModified: number };
}

/**
 * Splits a scan's files into those whose ROMs the index already knows (same path, size and
 * modification time: the file did not change) and those to hash.
 */
export function splitByIndex<C extends Seen>(
  candidates: C[],
  index: ScanIndex,
): { known: { candidate: C; roms: HashedRom[] }[]; toHash: C[] } {
  const known: { candidate: C; roms: HashedRom[] }[] = [];
  const toHash: C[] = [];
  for (const candidate of candidates) {
    const entry = Object.hasOwn(index, candidate.path) ? index[candidate.path] : undefined;
    if (entry && entry.size === candidate.file.size && entry.lastModified === candidate.file.lastModified)
      known.push({ candidate, roms: entry.roms });
    else toHash.push(candidate);
  }
  return { known, toHash };
}

/**
 * The index after a scan: the files read now. A scan that stopped early keeps what the previous
 * index knew of the files it did not reach; a complete one forgets the files that are gone.
 */
export function nextIndex(
  previous: ScanIndex,
  read: { candidate: Seen; roms: HashedRom[] }[],
  complete: boolean,
): ScanIndex {
  const next: ScanIndex = complete ? {} : { ...previous };
  for (const { candidate, roms } of read)
    next[candidate.path] = {
      size: candidate.file.size,
      lastModified: candidate.file.lastModified,
      roms: roms.map(({ entry, md5, headerless, size }) => ({ entry, md5, headerless, size })),
    };
  return next;
}

/** Where an imported game's bytes are: a file of the directory, or an entry of a zip in it. */
export interface Location {
  /** The file's path inside the directory (the zip's for an entry). */
  source: string;
  entry: string | null;
}

/** The directory file an imported game's `path` and `zipEntry` point at. */
export function sourceOf(record: { path: string; zipEntry: string | null }): Location {
  const source = record.zipEntry ? record.path.slice(0, -(record.zipEntry.length + 1)) : record.path;
  return { source, entry: record.zipEntry };
}

/**
 * After a complete scan of the directory the index came from, what becomes of the games it had
 * imported (the directory is the source of truth): a game whose ROM is still somewhere in it
 * stays, pointed at where it is now if its file moved; a game whose ROM is nowhere in it any more
 * (deleted, changed, or its zip gone) is forgotten. Games from elsewhere (another directory, a
 * copy from a directory file input) are left alone.
 */
export function reconcile(
  records: { romMd5: string; path: string; zipEntry: string | null; storage: 'handle' | 'copy' }[],
  previous: ScanIndex,
  now: ScanIndex,
): { remove: string[]; move: { romMd5: string; to: Location }[] } {
  const where = new Map<string, Location>();
  for (const [source, file] of Object.entries(now))
    for (const rom of file.roms) if (!where.has(rom.md5)) where.set(rom.md5, { source, entry: rom.entry });
  const holds = (index: ScanIndex, at: Location, md5: string) =>
    (Object.hasOwn(index, at.source) ? index[at.source] : undefined)?.roms.some(
      (rom) => rom.md5 === md5 && rom.entry === at.entry,
    ) ?? false;
  const remove: string[] = [];
  const move: { romMd5: string; to: Location }[] = [];
  for (const record of records) {
    const at = sourceOf(record);
    if (record.storage !== 'handle' || !holds(previous, at, record.romMd5)) continue;
    if (holds(now, at, record.romMd5)) continue;
    const to = where.get(record.romMd5);
    if (to) move.push({ romMd5: record.romMd5, to });
    else remove.push(record.romMd5);
  }
  return { remove, move };
}
