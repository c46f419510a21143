import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import {
  ACCOUNT_EXPORT_EVERY_MS,
  ACCOUNT_EXPORT_KEEP_MS,
  ACCOUNT_EXPORT_LINK_MS,
  type AccountExport,
  type AccountExportStatus,
  DOWNLOAD_EXPORT_PATH,
} from '@pixelhall/contract';
import type { Kysely } from 'kysely';
import { type Engine, locksRows } from '../../db/dialect';
import type { DB } from '../../db/schema';
import { AppError, fail } from '../../http/app-error';
import { answer } from '../../http/envelope';
import type { Member } from '../../http/request-context';
import { addNews } from '../activity/public';
import type { FileStore } from '../uploads/public';
import { accountExportsRepo, type ExportRow } from './repo';
import { writeAccountExport } from './zip';

/** How long a server's claim on an export holds without being renewed. */
export const CLAIM_MS = 10 * 60 * 1000;
/** A build that failed this many times is failed for good; the member may ask again at once. */
export const MAX_ATTEMPTS = 3;
/** Exports one run of the job builds at most, so one run never holds a server for long. */
const BUILDS_PER_RUN = 5;

const HOUR = 60 * 60 * 1000;
/** A temporary zip untouched this long was left by a process that died mid-build. */
const ABANDONED_TEMP_MS = 24 * HOUR;

/** Links are looked up by the hash of their secret, as session tokens are: the table holds no working link. */
const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

function present(row: ExportRow): AccountExport {
  return {
    id: row.id,
    state: row.state,
    requested_at: row.requested_at,
    ready_at: row.ready_at,
    expires_at: row.expires_at,
    size: row.size,
  };
}

/** A refused download: the envelope with its own status, as the other download paths answer. */
const refused = (
  key: 'errors.export_link_invalid' | 'errors.export_link_expired' | 'errors.export_expired',
) => new AppError(key, {}, 0, key === 'errors.export_link_invalid' ? 404 : 410);

export interface ExportDownload {
  sha256: string;
  size: number;
  mime: string;
  /** `pixelhall-<username>-<yyyy-mm-dd>.zip`, the day it was made (UTC). */
  name: string;
  read: (range?: { start: number; end: number }) => ReturnType<FileStore['read']>;
}

type Log = { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };

/**
 * "Download my data" (docs/internals/account-export.md): asking for an export, its state, the
 * short-lived download links, and the job that builds the zips once per cluster.
 */
export function accountExportService({
  db,
  engine,
  store,
  clock,
  tempDir,
  log,
  runner = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`,
}: {
  db: Kysely<DB>;
  engine: Engine;
  store: FileStore;
  clock: () => number;
  /** Where zips are written before the store takes them; on the store's disk when it is local. */
  tempDir: string;
  log?: Log;
  /** How this server signs its claims (`claimed_by`). */
  runner?: string;
}) {
  const repo = accountExportsRepo(db);
  const lockRows = locksRows(engine);

  /** From when the member may ask again: a day after the last export that counts (failed ones don't). */
  const nextAllowedAt = (lastAt: number | null, now: number) =>
    lastAt === null ? now : Math.max(now, lastAt + ACCOUNT_EXPORT_EVERY_MS);

  /**
   * Builds one claimed export: the zip to a temporary file, streamed (zip.ts), into the store,
   * then ready with an inbox item in one transaction, if the claim is still this runner's. The
   * claim is renewed while the build runs, so a long build is not taken over; one whose server
   * died stops being renewed and runs out.
   */
  async function build(row: ExportRow, by: string): Promise<boolean> {
    const username = await repo.username(row.user_id);
    if (username === undefined) return false;
    await mkdir(tempDir, { recursive: true });
    const dir = await mkdtemp(path.join(tempDir, 'export-'));
    const file = path.join(dir, 'export.zip');
    const renewal = setInterval(() => {
      repo
        .renew(row.id, by, clock() + CLAIM_MS)
        .catch((err) => log?.warn({ err, id: row.id }, 'export: renewing the claim failed'));
    }, CLAIM_MS / 3);
    renewal.unref();
    try {
      const made = clock();
      const result = await writeAccountExport(
        { db, store },
        { userId: row.user_id, username, locale: row.locale, now: made },
        createWriteStream(file),
      );
      if (result.missing > 0)
        log?.warn({ id: row.id, missing: result.missing }, 'export: files missing from the store');
      const stored = await store.putFile(file);
      const now = clock();
      return await db.transaction().execute(async (trx) => {
        const ready = await repo.markReady(trx, row.id, by, {
          sha256: stored.sha256,
          size: stored.size,
          readyAt: now,
          expiresAt: now + ACCOUNT_EXPORT_KEEP_MS,
        });
        if (ready) await addNews(trx, row.user_id, { kind: 'export_ready' }, now);
        return ready;
      });
    } finally {
      clearInterval(renewal);
      await rm(dir, { recursive: true, force: true });
    }
  }

  /**
   * Removes temporary zips a process on this machine left when it died mid-build (its export is
   * built again elsewhere once the claim runs out). By the zip's own time, on the real clock:
   * one being written is touched with every write.
   */
  async function dropAbandonedTemps(): Promise<void> {
    const names = await readdir(tempDir).catch(() => [] as string[]);
    for (const name of names.filter((n) => n.startsWith('export-'))) {
      const dir = path.join(tempDir, name);
      const info = await stat(path.join(dir, 'export.zip')).catch(() => stat(dir).catch(() => null));
      if (info && Date.now() - info.mtimeMs > ABANDONED_TEMP_MS)
        await rm(dir, { recursive: true, force: true });
    }
  }

  /**
   * Claims the oldest export this runner may build, or null when there is none; `skip` holds
   * the ones this run already failed, which wait for the next run rather than failing again.
   */
  async function claimNext(by: string, skip: ReadonlySet<number> = new Set()): Promise<ExportRow | null> {
    const now = clock();
    for (const candidate of await repo.claimable(now, 10 + skip.size)) {
      if (skip.has(candidate.id)) continue;
      if (candidate.attempts >= MAX_ATTEMPTS) {
        // Its last attempt's server died mid-build: give up rather than try for ever.
        await repo.giveUp(candidate.id, now);
        continue;
      }
      if (await repo.claim(candidate.id, by, now, now + CLAIM_MS)) {
        return { ...candidate, state: 'building', claimed_by: by, attempts: candidate.attempts + 1 };
      }
    }
    return null;
  }

  return {
    runner,

    /**
     * A new export of the member's data, at most one a day. The member's row is locked first
     * (PostgreSQL; SQLite runs one write transaction at a time), so two requests at once take
     * turns and the second sees the first's row. Visitors may ask too: their plays, favourites
     * and check-ins are theirs as much as a member's posts.
     */
    async request(member: Member, locale: string) {
      const now = clock();
      const created = await db.transaction().execute(async (trx) => {
        if (lockRows) await repo.lockMember(trx, member.id);
        const allowedAt = nextAllowedAt(await repo.lastCountedAt(trx, member.id), now);
        if (allowedAt > now) {
          throw fail('errors.export_once_a_day', { hours: Math.max(1, Math.ceil((allowedAt - now) / HOUR)) });
        }
        return repo.insert(trx, member.id, locale, now);
      });
      return answer(present(created), 'users.export_requested');
    },

    async status(member: Member): Promise<AccountExportStatus> {
      const now = clock();
      const latest = await repo.latest(db, member.id);
      return {
        export: latest ? present(latest) : null,
        next_allowed_at: nextAllowedAt(await repo.lastCountedAt(db, member.id), now),
      };
    },

    /**
     * A download address of the member's ready export for ACCOUNT_EXPORT_LINK_MS. Another member's
     * export answers exactly as one that does not exist.
     */
    async link(member: Member, id: number) {
      const now = clock();
      const row = await repo.own(member.id, id);
      if (!row) throw fail('errors.export_not_found');
      if (row.state === 'ready' && row.expires_at !== null && row.expires_at <= now) {
        throw fail('errors.export_expired');
      }
      if (row.state !== 'ready')
        throw fail(row.state === 'failed' ? 'errors.export_not_found' : 'errors.export_not_ready');
      const secret = randomBytes(32).toString('base64url');
      const expiresAt = now + ACCOUNT_EXPORT_LINK_MS;
      await repo.insertLink({
        tokenHash: hashOf(secret),
        exportId: row.id,
        userId: member.id,
        expiresAt,
        now,
      });
      return {
        url: `/upload/${DOWNLOAD_EXPORT_PATH}?id=${row.id}&key=${encodeURIComponent(secret)}`,
        expires_at: expiresAt,
      };
    },

    /**
     * The zip a link points at. The link must be for this export and its owner's; an unknown or
     * mismatched link says nothing about whether the export exists. Expiry is told only to the
     * holder of a real link, which only the owner was given.
     */
    async findDownload(id: number, key: string): Promise<ExportDownload> {
      const now = clock();
      const link = await repo.link(hashOf(key));
      if (!link || link.export_id !== id) throw refused('errors.export_link_invalid');
      const row = await repo.find(id);
      if (!row || row.user_id !== link.user_id) throw refused('errors.export_link_invalid');
      if (link.expires_at <= now) throw refused('errors.export_link_expired');
      if (
        row.state !== 'ready' ||
        row.file_sha256 === null ||
        row.expires_at === null ||
        row.expires_at <= now
      ) {
        throw refused('errors.export_expired');
      }
      const sha256 = row.file_sha256;
      const size = await store.size(sha256);
      if (size === null) throw refused('errors.export_expired');
      const username = (await repo.username(row.user_id)) ?? 'member';
      const day = new Date(row.ready_at ?? row.requested_at).toISOString().slice(0, 10);
      return {
        sha256,
        size,
        mime: 'application/zip',
        name: `pixelhall-${username}-${day}.zip`,
        read: (range) => store.read(sha256, range),
      };
    },

    /**
     * The scheduled job: drops what is past keeping, then builds waiting exports one after another
     * (at most BUILDS_PER_RUN), each claimed first so a cluster builds each once. A build that
     * fails goes back to waiting, until its last attempt.
     */
    async run(by: string = runner) {
      const now = clock();
      const expired = await repo.deleteExpired(now, now - ACCOUNT_EXPORT_KEEP_MS);
      await dropAbandonedTemps();
      let built = 0;
      let failed = 0;
      const tried = new Set<number>();
      for (let i = 0; i < BUILDS_PER_RUN; i++) {
        const row = await claimNext(by, tried);
        if (!row) break;
        tried.add(row.id);
        try {
          if (await build(row, by)) built += 1;
        } catch (err) {
          failed += 1;
          log?.error({ err, id: row.id, attempt: row.attempts }, 'export: the build failed');
          await repo.release(row.id, by, row.attempts >= MAX_ATTEMPTS ? 'failed' : 'pending');
        }
      }
      return { expired, built, failed };
    },

    /** One claim, for tests of what two servers racing for an export do. */
    claimNext,
  };
}
export type AccountExportService = ReturnType<typeof accountExportService>;
