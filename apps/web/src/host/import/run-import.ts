import type { Game } from '@pixelhall/contract';
import type { ImportGamesResult } from '@pixelhall/contract/host';
import { routes } from '@pixelhall/contract/routes';
import { request } from '../../api/client';
import { gameKeys } from '../../api/queries/games';
import { queryClient } from '../../api/query-client';
import { isStorageFull, storageFullText } from '../../core/storage-full';
import i18n from '../../i18n';
import { type HostDatabase, hostDb, type ImportedRecord } from '../store/db';
import { opfsFile, opfsRemove, persistStorage } from '../store/opfs';
import type { HostWiring } from '../web-games';
import { gameOf } from './batches';
import { rememberedDirectory, scanIndex } from './directory';
import { baseName, type Emulator, emulatorFor, emulatorsByExtension, extensionOf, isZip } from './emulators';
import type { HashedRom } from './hash-messages';
import { removeLocalGames } from './library';
import { matchAll } from './match';
import type { PickedDirectory } from './picker';
import { HashPool, isAbort, poolSize } from './pool';
import { ImportMeter, throttled } from './progress';
import { romsToMatch, settleMatches } from './rematch';
import { rematchLater } from './rematch-pending';
import { type Candidate, fromFileList, walkDirectory } from './scan';
import { nextIndex, reconcile, type ScanIndex, splitByIndex } from './scan-index';
import { readZipEntry } from './zip-entry';

/** Copies into the origin-private file system running at once (a directory input's files). */
const COPY_LANES = 4;

/** What to scan: a picked directory, or the remembered one again. */
export type ImportSource = PickedDirectory;

interface Found {
  candidate: Candidate;
  rom: HashedRom;
  /** Where the hashing already copied the file in the origin-private file system. */
  staged: string | null;
}

/** A file of the scan and the ROMs it holds, hashed now or known from the last scan. */
interface Read {
  candidate: Candidate;
  roms: HashedRom[];
  staged?: string | null;
}

/**
 * One import (it can take minutes: docs/product/games-library-and-player.md#rom-import): scan → hash in the worker pool → match with
 * the catalogue → remember. Scanning the remembered directory again hashes only the files that
 * changed, and forgets the games whose files are gone. Cancelling keeps what was hashed so far,
 * as the protocol says; a catalogue that cannot be reached leaves the games unmatched for later.
 */
export async function runImport(
  source: ImportSource,
  push: HostWiring['push'],
  signal: AbortSignal,
): Promise<ImportGamesResult> {
  const meter = new ImportMeter();
  const pusher = throttled(() => push('importProgress', meter.snapshot()));
  pusher.now();
  try {
    const byExtension = emulatorsByExtension(await loadEmulators());
    const wanted = (ext: string) => byExtension.has(ext) || ext === 'zip';
    const db = await hostDb();
    // The last scan's hashes count only for the same directory (a rescan, or picking it again).
    const previous =
      source.kind === 'handle' && (await isRemembered(db, source.handle)) ? await scanIndex(db) : null;
    let cancelled = false;
    let candidates: Candidate[] = [];
    let name = source.kind === 'handle' ? source.handle.name : '';
    if (source.kind === 'handle') {
      try {
        await walkDirectory(
          source.handle,
          wanted,
          (candidate) => {
            candidates.push(candidate);
            meter.files += 1;
            meter.bytes += candidate.file.size;
            meter.current = candidate.path;
            pusher.soon();
          },
          signal,
        );
      } catch (err) {
        if (!isAbort(err)) throw err;
        cancelled = true;
        candidates = [];
      }
    } else {
      ({ directoryName: name, candidates } = fromFileList(source.files, wanted));
    }

    const { known, toHash } = splitByIndex(candidates, previous ?? {});
    // Files of a directory input are copied while they are hashed; staged copies that no new
    // game adopts (duplicates, cut off by a cancel) are removed at the end, whatever happens.
    const stage = source.kind === 'files' ? await stagePaths(db, toHash) : new Map<Candidate, string>();
    if (stage.size > 0) await persistStorage();
    try {
      const hashed = cancelled
        ? []
        : await hashAll(toHash, known, [...byExtension.keys()], stage, meter, pusher, signal);
      cancelled ||= signal.aborted;
      const read: Read[] = [...known, ...hashed];
      const found: Found[] = read.flatMap(({ candidate, roms, staged }) =>
        roms.map((rom) => ({ candidate, rom, staged: staged ?? null })),
      );

      meter.phase = 'matching';
      meter.current = null;
      pusher.now();
      const records = new Map((await db.getAll('imported')).map((r) => [r.romMd5, r]));
      const matches = await matchAll(
        romsToMatch(
          found.map((f) => f.rom),
          records,
        ),
      ).catch((err: unknown) => {
        // Offline or the server is down: the games are remembered unmatched and matched later.
        console.warn('Matching imported ROMs failed', err);
        rematchLater();
        return null;
      });

      const stored = await remember(db, found, matches, records, byExtension, stage);
      if (matches)
        for (const record of settleMatches(records.values(), matches)) await db.put('imported', record);
      if (source.kind === 'handle') {
        const index = nextIndex(previous ?? {}, read, !cancelled);
        if (previous && !cancelled) await followDirectory(db, previous, index, candidates);
        await db.put('directories', { id: 'roms-files', files: index });
      } else {
        // A directory file input replaces the remembered directory; its index goes with it.
        await db.delete('directories', 'roms-files');
      }
      await db.put('directories', {
        id: 'roms',
        name,
        handle: source.kind === 'handle' ? source.handle : null,
        lastScanAt: Date.now(),
      });

      meter.phase = cancelled ? 'cancelled' : 'done';
      pusher.now();
      const gameIdOf = (rom: HashedRom) =>
        records.get(rom.md5)?.gameId ?? (matches && gameOf(matches, rom)?.id) ?? null;
      return {
        directoryName: name,
        found: found.length,
        imported: stored.imported,
        matched: found.filter((f) => gameIdOf(f.rom) !== null).length,
        duplicates: stored.duplicates,
        cancelled,
      };
    } finally {
      for (const path of stage.values()) await opfsRemove(path).catch(() => undefined);
    }
  } catch (err) {
    meter.phase = 'failed';
    pusher.now();
    throw err;
  } finally {
    pusher.stop();
  }
}

/** Whether this is the remembered directory again (the same folder on disk, picked anew or not). */
async function isRemembered(db: HostDatabase, handle: FileSystemDirectoryHandle): Promise<boolean> {
  const remembered = (await rememberedDirectory(db))?.handle;
  return remembered ? remembered.isSameEntry(handle).catch(() => false) : false;
}

/** The emulators and their extensions; react-query keeps them with the classification screen's. */
function loadEmulators(): Promise<Emulator[]> {
  return queryClient
    .fetchQuery({
      queryKey: gameKeys.conditions,
      queryFn: ({ signal }) =>
        request(routes.games.conditionOpt, {}, { successToast: false, failToast: false, signal }),
      staleTime: 10 * 60_000,
    })
    .then((conditions) => conditions.emulator_type);
}

/**
 * Where to copy each file of a directory input while it is hashed: a new name in the
 * origin-private file system per file, except zip archives (their entries are copied, not the
 * archive) and files that look imported already (a copy with the same path and size), which are
 * only hashed: a new game among them is copied after all, the slow way.
 */
async function stagePaths(db: HostDatabase, candidates: Candidate[]): Promise<Map<Candidate, string>> {
  const copied = new Set(
    (await db.getAll('imported')).filter((r) => r.storage === 'copy').map((r) => `${r.size}:${r.path}`),
  );
  const run = Date.now().toString(36);
  const stage = new Map<Candidate, string>();
  candidates.forEach((candidate, i) => {
    if (isZip(candidate.path) || copied.has(`${candidate.file.size}:${candidate.path}`)) return;
    stage.set(candidate, `imports/${run}-${i}`);
  });
  return stage;
}

/**
 * Hashes the new and changed files (copying those with a `stage` path as they go). The unchanged
 * ones (`known`) count as done from the start, so the progress still runs over the whole
 * directory.
 */
async function hashAll(
  candidates: Candidate[],
  known: Read[],
  romExtensions: string[],
  stage: ReadonlyMap<Candidate, string>,
  meter: ImportMeter,
  pusher: ReturnType<typeof throttled>,
  signal: AbortSignal,
): Promise<Read[]> {
  const size = (list: { file: File }[]) => list.reduce((sum, c) => sum + c.file.size, 0);
  const knownBytes = size(known.map((k) => k.candidate));
  meter.startHashing(known.length + candidates.length, knownBytes + size(candidates), {
    files: known.length,
    bytes: knownBytes,
  });
  // A listener may cancel right here; the pool below still hears it.
  pusher.now();
  if (candidates.length === 0) return [];
  const read: Read[] = [];
  const pool = new HashPool(poolSize(), (bytes) => {
    meter.addBytes(bytes);
    pusher.soon();
  });
  const stop = () => pool.terminate();
  signal.addEventListener('abort', stop);
  if (signal.aborted) stop();
  try {
    await Promise.all(
      candidates.map(async (candidate) => {
        try {
          const path = stage.get(candidate);
          const { roms, staged } = await pool.hash(
            isZip(candidate.path)
              ? { kind: 'zip', file: candidate.file, extensions: romExtensions }
              : { kind: 'file', file: candidate.file, extension: extensionOf(candidate.path), stage: path },
          );
          read.push({ candidate, roms, staged: staged ? path : null });
        } catch (err) {
          if (isAbort(err)) return;
          // An unreadable file or a broken archive: the rest of the directory still imports.
          console.warn(`Import skipped ${candidate.path}`, err);
        }
        meter.files += 1;
        meter.current = candidate.path;
        pusher.soon();
      }),
    );
  } finally {
    signal.removeEventListener('abort', stop);
    pool.terminate();
  }
  return read;
}

/**
 * Saves the new games (`matches` null: the catalogue could not be asked, so they wait to be
 * matched). A file with a handle is read from the member's directory at play time; a file from a
 * directory input lives in the origin-private file system, since the browser forgets such files
 * on reload: the copy the hashing made (taken out of `stage`, which is removed afterwards), else
 * a copy made now.
 */
async function remember(
  db: HostDatabase,
  found: Found[],
  matches: Map<string, Game> | null,
  records: ReadonlyMap<string, ImportedRecord>,
  byExtension: Map<string, Emulator>,
  stage: Map<Candidate, string>,
) {
  const known = new Set(records.keys());
  const fresh: { record: ImportedRecord; file: File; copied: boolean }[] = [];
  let duplicates = 0;
  for (const { candidate, rom, staged } of found) {
    if (known.has(rom.md5)) {
      duplicates += 1;
      continue;
    }
    known.add(rom.md5);
    const fileName = rom.entry ? rom.entry.slice(rom.entry.lastIndexOf('/') + 1) : candidate.file.name;
    const emulator = emulatorFor(byExtension, fileName);
    if (!emulator) continue;
    const game = matches && gameOf(matches, rom);
    const copied = staged !== null && rom.entry === null;
    if (copied) stage.delete(candidate);
    fresh.push({
      file: candidate.file,
      copied,
      record: {
        romMd5: rom.md5,
        romMd5Headerless: rom.headerless,
        emuName: emulator.emulator_uid,
        coreName: emulator.core_name,
        gameName: game?.game_name ?? baseName(fileName),
        // An imported game's cover is its emulator's icon, matched or not (docs/product/games-library-and-player.md#rom-import).
        coverImage: emulator.icon_url_text,
        fileName,
        path: rom.entry ? `${candidate.path}/${rom.entry}` : candidate.path,
        size: rom.size,
        gameId: game?.id ?? null,
        importedAt: Date.now(),
        storage: candidate.handle ? 'handle' : 'copy',
        handle: candidate.handle,
        zipEntry: rom.entry,
        opfsPath: candidate.handle ? null : copied ? staged : `imports/${rom.md5}`,
        matchPending: matches === null,
      },
    });
  }
  if (fresh.some((f) => f.record.opfsPath)) await persistStorage();
  // The games whose bytes are in place already go in at once, in one transaction (one each
  // took seconds for a big folder); the rest follow as their copies finish.
  const toCopy = fresh.filter((f) => f.record.opfsPath && !f.copied);
  const later = new Set(toCopy);
  const ready = fresh.filter((f) => !later.has(f)).map((f) => f.record);
  const tx = db.transaction('imported', 'readwrite');
  await Promise.all([...ready.map((record) => tx.store.put(record)), tx.done]);
  let imported = ready.length;
  // Copies overlap a little: each waits on the disk more than on the page.
  let next = 0;
  const lane = async () => {
    while (next < toCopy.length) {
      const { record, file } = toCopy[next++]!;
      if (!(await copyToOpfs(file, record.zipEntry, record.opfsPath!))) continue;
      await db.put('imported', record);
      imported += 1;
    }
  };
  await Promise.all(Array.from({ length: COPY_LANES }, lane));
  return { imported, duplicates };
}

/**
 * After a complete scan of the remembered directory (the source of truth): games whose ROM
 * moved within it follow it, games whose ROM is gone from it are forgotten.
 */
async function followDirectory(
  db: HostDatabase,
  previous: ScanIndex,
  index: ScanIndex,
  candidates: Candidate[],
): Promise<void> {
  const { remove, move } = reconcile(await db.getAll('imported'), previous, index);
  const byPath = new Map(candidates.map((c) => [c.path, c]));
  for (const { romMd5, to } of move) {
    const record = await db.get('imported', romMd5);
    const candidate = byPath.get(to.source);
    if (!record || !candidate?.handle) continue;
    const inner = to.entry ?? to.source;
    await db.put('imported', {
      ...record,
      path: to.entry ? `${to.source}/${to.entry}` : to.source,
      fileName: inner.slice(inner.lastIndexOf('/') + 1),
      handle: candidate.handle,
      zipEntry: to.entry,
    });
  }
  await removeLocalGames(remove);
}

/** False when the zip entry hashed a moment ago can no longer be read (the file changed). */
async function copyToOpfs(file: File, zipEntry: string | null, path: string): Promise<boolean> {
  const bytes = zipEntry ? await readZipEntry(file, zipEntry) : file;
  if (!bytes) return false;
  try {
    const writable = await (await opfsFile(path, { create: true })).createWritable();
    await bytes.stream().pipeTo(writable);
    return true;
  } catch (err) {
    console.warn('Import copy failed', err);
    throw new Error(isStorageFull(err) ? storageFullText() : i18n.t('importUi.copy_failed'));
  }
}
