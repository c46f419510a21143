import type { Kysely } from 'kysely';
import type { Executor } from '../../db/executor';
import type { AccountExportState, DB } from '../../db/schema';

export interface ExportRow {
  id: number;
  user_id: number;
  state: AccountExportState;
  locale: string;
  requested_at: number;
  started_at: number | null;
  ready_at: number | null;
  expires_at: number | null;
  file_sha256: string | null;
  size: number | null;
  claimed_by: string | null;
  claim_until: number | null;
  attempts: number;
}

const n = (v: number | string | null) => (v === null ? null : Number(v));

/** PostgreSQL answers bigint columns as strings; every row leaves here with numbers. */
function row(r: {
  id: number;
  user_id: number;
  state: AccountExportState;
  locale: string;
  requested_at: number;
  started_at: number | null;
  ready_at: number | null;
  expires_at: number | null;
  file_sha256: string | null;
  size: number | null;
  claimed_by: string | null;
  claim_until: number | null;
  attempts: number;
}): ExportRow {
  return {
    ...r,
    id: Number(r.id),
    user_id: Number(r.user_id),
    requested_at: Number(r.requested_at),
    started_at: n(r.started_at),
    ready_at: n(r.ready_at),
    expires_at: n(r.expires_at),
    size: n(r.size),
    claim_until: n(r.claim_until),
    attempts: Number(r.attempts),
  };
}

/** The `account_exports` and `account_export_links` rows; every write that races is conditional. */
export function accountExportsRepo(db: Kysely<DB>) {
  return {
    /** Holds the member's row until the transaction ends, so their requests take turns (PostgreSQL). */
    async lockMember(trx: Executor, userId: number): Promise<void> {
      await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
    },

    async latest(trx: Executor, userId: number): Promise<ExportRow | undefined> {
      const r = await trx
        .selectFrom('account_exports')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return r && row(r);
    },

    /** When the member last asked for an export that counts against the once-a-day rule. */
    async lastCountedAt(trx: Executor, userId: number): Promise<number | null> {
      const r = await trx
        .selectFrom('account_exports')
        .select('requested_at')
        .where('user_id', '=', userId)
        .where('state', '!=', 'failed')
        .orderBy('requested_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return r ? Number(r.requested_at) : null;
    },

    async insert(trx: Executor, userId: number, locale: string, now: number): Promise<ExportRow> {
      const r = await trx
        .insertInto('account_exports')
        .values({ user_id: userId, locale, requested_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      return row(r);
    },

    async own(userId: number, id: number): Promise<ExportRow | undefined> {
      const r = await db
        .selectFrom('account_exports')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return r && row(r);
    },

    async find(id: number): Promise<ExportRow | undefined> {
      const r = await db.selectFrom('account_exports').selectAll().where('id', '=', id).executeTakeFirst();
      return r && row(r);
    },

    async username(userId: number): Promise<string | undefined> {
      const r = await db.selectFrom('users').select('username').where('id', '=', userId).executeTakeFirst();
      return r?.username;
    },

    /**
     * Exports a server may build at `now`: waiting, or building under a claim that ran out (its
     * server died or hung). The oldest first.
     */
    async claimable(now: number, limit: number): Promise<ExportRow[]> {
      const rows = await db
        .selectFrom('account_exports')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb('state', '=', 'pending'),
            eb.and([eb('state', '=', 'building'), eb('claim_until', '<=', now)]),
          ]),
        )
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map(row);
    },

    /**
     * Takes the export for `runner` until `until`, with one conditional update: of servers racing
     * for it, the first moves it to building under its name and the others' condition no longer
     * holds (PostgreSQL re-reads the row a waiting update was blocked on; SQLite runs one write
     * at a time). Answers whether this runner got it.
     */
    async claim(id: number, runner: string, now: number, until: number): Promise<boolean> {
      const result = await db
        .updateTable('account_exports')
        .set((eb) => ({
          state: 'building',
          claimed_by: runner,
          claim_until: until,
          started_at: now,
          attempts: eb('attempts', '+', 1),
        }))
        .where('id', '=', id)
        .where((eb) =>
          eb.or([
            eb('state', '=', 'pending'),
            eb.and([eb('state', '=', 'building'), eb('claim_until', '<=', now)]),
          ]),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Keeps the runner's claim alive while it builds; false when the claim is no longer its own. */
    async renew(id: number, runner: string, until: number): Promise<boolean> {
      const result = await db
        .updateTable('account_exports')
        .set({ claim_until: until })
        .where('id', '=', id)
        .where('state', '=', 'building')
        .where('claimed_by', '=', runner)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Ready, if the runner still holds the claim; false when another server took it over. */
    async markReady(
      trx: Executor,
      id: number,
      runner: string,
      file: { sha256: string; size: number; readyAt: number; expiresAt: number },
    ): Promise<boolean> {
      const result = await trx
        .updateTable('account_exports')
        .set({
          state: 'ready',
          file_sha256: file.sha256,
          size: file.size,
          ready_at: file.readyAt,
          expires_at: file.expiresAt,
          claimed_by: null,
          claim_until: null,
        })
        .where('id', '=', id)
        .where('state', '=', 'building')
        .where('claimed_by', '=', runner)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Gives back a claim after a failed build: waiting again, or failed after its last attempt. */
    async release(id: number, runner: string, state: 'pending' | 'failed'): Promise<void> {
      await db
        .updateTable('account_exports')
        .set({ state, claimed_by: null, claim_until: null })
        .where('id', '=', id)
        .where('state', '=', 'building')
        .where('claimed_by', '=', runner)
        .execute();
    },

    /** An export that ran out of attempts under a dead server's claim: failed, unless taken meanwhile. */
    async giveUp(id: number, now: number): Promise<void> {
      await db
        .updateTable('account_exports')
        .set({ state: 'failed', claimed_by: null, claim_until: null })
        .where('id', '=', id)
        .where((eb) =>
          eb.or([
            eb('state', '=', 'pending'),
            eb.and([eb('state', '=', 'building'), eb('claim_until', '<=', now)]),
          ]),
        )
        .execute();
    },

    /**
     * Drops what is past keeping: ready exports after `expires_at` (their file is then referenced
     * by nothing, and the store's sweep removes it), failed ones after `failedBefore`, and links
     * that ran out. Answers how many exports went.
     */
    async deleteExpired(now: number, failedBefore: number): Promise<number> {
      await db.deleteFrom('account_export_links').where('expires_at', '<=', now).execute();
      const result = await db
        .deleteFrom('account_exports')
        .where((eb) =>
          eb.or([
            eb.and([eb('state', '=', 'ready'), eb('expires_at', '<=', now)]),
            eb.and([eb('state', '=', 'failed'), eb('requested_at', '<=', failedBefore)]),
          ]),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async insertLink(link: {
      tokenHash: string;
      exportId: number;
      userId: number;
      expiresAt: number;
      now: number;
    }): Promise<void> {
      await db
        .insertInto('account_export_links')
        .values({
          token_hash: link.tokenHash,
          export_id: link.exportId,
          user_id: link.userId,
          expires_at: link.expiresAt,
          created_at: link.now,
        })
        .execute();
    },

    async link(tokenHash: string) {
      const r = await db
        .selectFrom('account_export_links')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      return (
        r && { export_id: Number(r.export_id), user_id: Number(r.user_id), expires_at: Number(r.expires_at) }
      );
    },
  };
}
export type AccountExportsRepo = ReturnType<typeof accountExportsRepo>;
