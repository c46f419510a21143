import { endpoints, type Game } from '@pixelhall/contract';
import { request } from '../../api/client';
import { gameKeys, matchRoms } from '../../api/queries/games';
import { queryClient } from '../../api/query-client';
import i18n from '../../i18n';
import type { ImportGamesResult } from '../game-protocol';
import { hostDb, type ImportedRecord } from '../store/db';
import { opfsFile, persistStorage } from '../store/opfs';
import type { HostWiring } from '../web-games';
import { gameOf, matchBatches } from './batches';
import { baseName, type Emulator, emulatorFor, emulatorsByExtension, extensionOf, isZip } from './emulators';
import type { HashedRom } from './hash-messages';
import type { PickedDirectory } from './picker';
import { HashPool, isAbort, poolSize } from './pool';
import { ImportMeter, throttled } from './progress';
import { type Candidate, fromFileList, walkDirectory } from './scan';
import { readZipEntry } from './zip-entry';

/** Copies into the origin-private file system running at once (a directory input's files). */
const COPY_LANES = 4;

/** What to scan: a picked directory, or the remembered one again. */
export type ImportSource = PickedDirectory;

interface Found {
  candidate: Candidate;
  rom: HashedRom;
}

/**
 * One import (spec §1: "can take a few minutes"): scan → hash in the worker pool → match with
 * the catalogue → remember. Cancelling keeps what was hashed so far, as the protocol says.
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

    const found = cancelled ? [] : await hashAll(candidates, [...byExtension.keys()], meter, pusher, signal);
    cancelled ||= signal.aborted;

    meter.phase = 'matching';
    meter.current = null;
    pusher.now();
    const matches = await matchAll(found);

    const stored = await remember(found, matches, byExtension);
    await (await hostDb()).put('directories', {
      id: 'roms',
      name,
      handle: source.kind === 'handle' ? source.handle : null,
      lastScanAt: Date.now(),
    });

    meter.phase = cancelled ? 'cancelled' : 'done';
    pusher.now();
    return {
      directoryName: name,
      found: found.length,
      imported: stored.imported,
      matched: found.filter((f) => gameOf(matches, f.rom)).length,
      duplicates: stored.duplicates,
      cancelled,
    };
  } catch (err) {
    meter.phase = 'failed';
    pusher.now();
    throw err;
  } finally {
    pusher.stop();
  }
}

/** The emulators and their extensions; react-query keeps them with the classification screen's. */
function loadEmulators(): Promise<Emulator[]> {
  return queryClient
    .fetchQuery({
      queryKey: gameKeys.conditions,
      queryFn: ({ signal }) =>
        request(endpoints.games.conditionOpt, {}, { successToast: false, failToast: false, signal }),
      staleTime: 10 * 60_000,
    })
    .then((conditions) => conditions.emulator_type);
}

async function hashAll(
  candidates: Candidate[],
  romExtensions: string[],
  meter: ImportMeter,
  pusher: ReturnType<typeof throttled>,
  signal: AbortSignal,
): Promise<Found[]> {
  const found: Found[] = [];
  const pool = new HashPool(poolSize(), (bytes) => {
    meter.addBytes(bytes);
    pusher.soon();
  });
  const stop = () => pool.terminate();
  signal.addEventListener('abort', stop);
  if (signal.aborted) stop();
  meter.files = 0;
  meter.bytes = 0;
  meter.startHashing(
    candidates.length,
    candidates.reduce((sum, c) => sum + c.file.size, 0),
  );
  // A listener may cancel right here; the pool above already hears it.
  pusher.now();
  try {
    await Promise.all(
      candidates.map(async (candidate) => {
        try {
          const roms = await pool.hash(
            isZip(candidate.path)
              ? { kind: 'zip', file: candidate.file, extensions: romExtensions }
              : { kind: 'file', file: candidate.file, extension: extensionOf(candidate.path) },
          );
          for (const rom of roms) found.push({ candidate, rom });
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
  return found;
}

async function matchAll(found: Found[]): Promise<Map<string, Game>> {
  const matches = new Map<string, Game>();
  for (const batch of matchBatches(found.map((f) => f.rom))) {
    const { list } = await matchRoms(batch);
    for (const { md5, game } of list) matches.set(md5, game);
  }
  return matches;
}

/**
 * Saves the new games. A file with a handle is read from the member's directory at play time;
 * a file from a directory input is copied into the origin-private file system, since the browser
 * forgets such files on reload.
 */
async function remember(found: Found[], matches: Map<string, Game>, byExtension: Map<string, Emulator>) {
  const db = await hostDb();
  const known = new Set(await db.getAllKeys('imported'));
  const fresh: { record: ImportedRecord; file: File }[] = [];
  let duplicates = 0;
  for (const { candidate, rom } of found) {
    if (known.has(rom.md5)) {
      duplicates += 1;
      continue;
    }
    known.add(rom.md5);
    const fileName = rom.entry ? rom.entry.slice(rom.entry.lastIndexOf('/') + 1) : candidate.file.name;
    const emulator = emulatorFor(byExtension, fileName);
    if (!emulator) continue;
    const game = gameOf(matches, rom);
    fresh.push({
      file: candidate.file,
      record: {
        romMd5: rom.md5,
        romMd5Headerless: rom.headerless,
        emuName: emulator.emulator_uid,
        coreName: emulator.core_name,
        gameName: game?.game_name ?? baseName(fileName),
        // Spec §3: an imported game's cover is its emulator's icon, matched or not.
        coverImage: emulator.icon_url_text,
        fileName,
        path: rom.entry ? `${candidate.path}/${rom.entry}` : candidate.path,
        size: rom.size,
        gameId: game?.id ?? null,
        importedAt: Date.now(),
        storage: candidate.handle ? 'handle' : 'copy',
        handle: candidate.handle,
        zipEntry: rom.entry,
        opfsPath: candidate.handle ? null : `imports/${rom.md5}`,
      },
    });
  }
  if (fresh.some((f) => f.record.opfsPath)) await persistStorage();
  let imported = 0;
  // Copies overlap a little: each waits on the disk more than on the page.
  let next = 0;
  const lane = async () => {
    while (next < fresh.length) {
      const { record, file } = fresh[next++]!;
      if (record.opfsPath && !(await copyToOpfs(file, record.zipEntry, record.opfsPath))) continue;
      await db.put('imported', record);
      imported += 1;
    }
  };
  await Promise.all(Array.from({ length: COPY_LANES }, lane));
  return { imported, duplicates };
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
    throw new Error(i18n.t('importUi.copy_failed'));
  }
}
