import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Engine } from '../../db/dialect';
import type { DB } from '../../db/schema';
import type { FileStore } from '../uploads/public';
import { MARK_LEASE_MS } from './claims';
import { FILE_REFERENCES, type FileReference } from './references';
import { type Candidate, fileLifetimeRepo } from './repo';

/** Files weighed per round: read, checked against address columns and marked together. */
const BATCH = 1_000;
/** Marked files deleted between two row deletions, and at most this many deletes at once. */
const DELETE_CHUNK = 50;
const DELETES_AT_ONCE = 8;
/**
 * A sweep starts no delete later than this after its mark: far inside MARK_LEASE_MS, so a delete
 * already sent has landed long before anyone may take the mark back.
 */
export const DELETE_WITHIN_MS = 60_000;
/** A pass of the census starts this long after the last one finished. */
export const CENSUS_EVERY_MS = 7 * 24 * 60 * 60_000;
/** Files a scheduled sweep lists at most; the census goes on from there at the next sweep. */
const CENSUS_PER_RUN = 100_000;
/** Listed files given rows per statement. */
const CENSUS_PAGE = 1_000;

const ADDRESS_REFERENCES = FILE_REFERENCES.filter(
  (r): r is Extract<FileReference, { holds: 'address' }> => r.holds === 'address',
);

export interface FileSweepReport {
  /** Files whose bytes and row this run deleted, and their bytes. */
  deleted: number;
  deletedBytes: number;
  /** Files past their grace that an address named, or that were put or referenced meanwhile. */
  kept: number;
  /** Deletes the store refused; their files stay live for the next run. */
  failed: number;
  /** What the census did in this run; null when none was due. */
  census: { listed: number; added: number; finished: boolean } | null;
}

export interface FileSweepOptions {
  /** How long after its last put a file is left alone; the configured grace when not given. */
  graceMs?: number;
  /** `due`: a census pass when one is due (the scheduled job); `now`: a whole pass now; `skip`. */
  census?: 'due' | 'now' | 'skip';
}

/** Test seams: each step awaits its hook with the files it concerns before going on. */
export interface FileSweepHooks {
  afterCandidates?(sha256s: string[]): Promise<void>;
  afterMark?(sha256s: string[]): Promise<void>;
  afterObjectsDeleted?(sha256s: string[]): Promise<void>;
  afterRowsDeleted?(sha256s: string[]): Promise<void>;
}

type Log = { warn(obj: object, msg: string): void };

/**
 * Deletes stored files that nothing refers to any more (docs/internals/file-lifetime.md). One run:
 * marks that lapsed made live again; a census step when due; then, in rounds of BATCH files in
 * hash order, the live files past their grace that no SHA-256 column names, less those an address
 * column names, are marked (one conditional update), their bytes deleted, then their rows. Safe
 * with several runs at once on any number of servers: each file is marked by one run only, and a
 * put of the same bytes either moves the file's count on before the mark (the mark then misses
 * it) or waits until the row is gone and writes the bytes again.
 */
export function fileSweepService({
  db,
  engine,
  store,
  clock,
  graceMs: configuredGraceMs,
  log,
  hooks = {},
}: {
  db: Kysely<DB>;
  engine: Engine;
  store: FileStore;
  clock: () => number;
  graceMs: number;
  log: Log;
  hooks?: FileSweepHooks;
}) {
  const repo = fileLifetimeRepo(db, engine);

  /**
   * A census step: lists the store from where the pass got to, giving files without a row one, as
   * if put at `notBefore` or later (past the run's cutoff: a file found now is never deleted by
   * the run that found it, whatever its grace).
   */
  async function census(mode: 'due' | 'now', notBefore: number): Promise<FileSweepReport['census']> {
    const row = await repo.census();
    const now = clock();
    const underWay = row.finished_at === null;
    if (mode === 'due' && !underWay && Number(row.finished_at) > now - CENSUS_EVERY_MS) return null;
    // `now` starts a pass from the top unless one is under way; so does a due scheduled pass.
    const after = underWay ? (row.cursor ?? undefined) : undefined;
    if (!underWay || row.started_at === null)
      await repo.setCensus({ cursor: null, started_at: now, finished_at: null });
    const limit = mode === 'now' ? Number.POSITIVE_INFINITY : CENSUS_PER_RUN;
    let listed = 0;
    let added = 0;
    let page: { sha256: string; size: number; modifiedAt: number }[] = [];
    // Where the page being gathered starts (after this hash).
    let pageAfter = after;
    const flush = async () => {
      const last = page.at(-1)!.sha256;
      const adopted = await repo.adopt(page, Math.max(clock(), notBefore));
      if (adopted.length > 0) {
        // A file listed, then deleted by another sweep (its bytes, then its row) before its row
        // was made here, would keep a row without bytes: listed again now, after the insert, every
        // such file is missing, and its row goes unless a put has claimed it since.
        const still = await listedThrough(pageAfter, last);
        added += adopted.length - (await repo.unadopt(adopted.filter((sha256) => !still.has(sha256))));
      }
      await repo.setCensus({ cursor: last, finished_at: null });
      pageAfter = last;
      page = [];
    };
    for await (const file of store.list({ after })) {
      page.push(file);
      listed += 1;
      if (page.length === CENSUS_PAGE) await flush();
      if (listed >= limit) {
        if (page.length > 0) await flush();
        return { listed, added, finished: false };
      }
    }
    if (page.length > 0) await flush();
    await repo.setCensus({ cursor: null, finished_at: clock() });
    return { listed, added, finished: true };
  }

  /** The stored files after `after` up to `last`, listed afresh. */
  async function listedThrough(after: string | undefined, last: string): Promise<Set<string>> {
    const found = new Set<string>();
    for await (const file of store.list({ after })) {
      if (file.sha256 > last) break;
      found.add(file.sha256);
    }
    return found;
  }

  /** Deletes the marked files' bytes, then their rows, chunk by chunk while the mark is young. */
  async function deleteMarked(
    marked: { sha256: string; size: number }[],
    token: string,
    markedAt: number,
    report: FileSweepReport,
  ): Promise<void> {
    for (let i = 0; i < marked.length; i += DELETE_CHUNK) {
      if (performance.now() - markedAt > DELETE_WITHIN_MS) {
        // Too slow to be sure the mark still holds when the deletes land: the rest waits.
        await repo.unmark(
          marked.slice(i).map((f) => f.sha256),
          token,
        );
        return;
      }
      const chunk = marked.slice(i, i + DELETE_CHUNK);
      const gone: { sha256: string; size: number }[] = [];
      const failed: string[] = [];
      for (let j = 0; j < chunk.length; j += DELETES_AT_ONCE) {
        await Promise.all(
          chunk.slice(j, j + DELETES_AT_ONCE).map(async (file) => {
            try {
              await store.delete(file.sha256);
              gone.push(file);
            } catch (err) {
              log.warn({ err, sha256: file.sha256 }, 'file sweep: the store did not delete a file');
              failed.push(file.sha256);
            }
          }),
        );
      }
      const goneHashes = gone.map((f) => f.sha256);
      await hooks.afterObjectsDeleted?.(goneHashes);
      await repo.forget(goneHashes, token);
      await repo.unmark(failed, token);
      await hooks.afterRowsDeleted?.(goneHashes);
      report.deleted += gone.length;
      report.deletedBytes += gone.reduce((sum, f) => sum + f.size, 0);
      report.failed += failed.length;
    }
  }

  return {
    async run({ graceMs = configuredGraceMs, census: censusMode = 'due' }: FileSweepOptions = {}) {
      if (!Number.isFinite(graceMs) || graceMs < 0) throw new RangeError(`not a grace period: ${graceMs}`);
      const report: FileSweepReport = { deleted: 0, deletedBytes: 0, kept: 0, failed: 0, census: null };
      const cutoff = clock() - graceMs;
      await repo.takeBackLapsed(MARK_LEASE_MS);
      if (censusMode !== 'skip') report.census = await census(censusMode, cutoff + 1);

      const token = randomBytes(12).toString('hex');
      let after = '';
      for (;;) {
        const candidates = await repo.candidates({ cutoff, after, limit: BATCH });
        if (candidates.length === 0) break;
        after = candidates.at(-1)!.sha256;
        await hooks.afterCandidates?.(candidates.map((c) => c.sha256));

        const named = await addressed(candidates);
        const unnamed: Candidate[] = candidates.filter((c) => !named.has(c.sha256));
        // Taken before the mark, so the time measured since is never less than the mark's age.
        const markedAt = performance.now();
        const marked = await repo.mark(unnamed, { token, cutoff });
        report.kept += candidates.length - marked.length;
        if (marked.length > 0) {
          await hooks.afterMark?.(marked.map((f) => f.sha256));
          await deleteMarked(marked, token, markedAt, report);
        }
        if (candidates.length < BATCH) break;
      }
      return report;
    },
  };

  /** The candidates some address column names. */
  async function addressed(candidates: Candidate[]): Promise<Set<string>> {
    const wanted = new Set(candidates.map((c) => c.sha256));
    const named = new Set<string>();
    for (const reference of ADDRESS_REFERENCES) {
      for (const sha256 of await repo.addressed(reference, wanted)) {
        named.add(sha256);
        wanted.delete(sha256);
      }
      if (wanted.size === 0) break;
    }
    return named;
  }
}
export type FileSweepService = ReturnType<typeof fileSweepService>;
