import { type Kysely, sql } from 'kysely';
import type { Executor } from '../../db/executor';
import type { DB } from '../../db/schema';

export function twoStepRepo(db: Kysely<DB>) {
  return {
    /** The member's authenticator app, set up or waiting for its first code. */
    totpOf: (userId: number, on: Executor = db) =>
      on
        .selectFrom('totp_secrets')
        .select(['secret_enc', 'enabled_at', 'last_step'])
        .where('user_id', '=', userId)
        .executeTakeFirst(),

    /** A new set-up replaces one that waited; never an app already on (the caller checks). */
    async putPendingTotp(userId: number, secretEnc: string, now: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('totp_secrets')
          .where('user_id', '=', userId)
          .where('enabled_at', 'is', null)
          .execute();
        await trx
          .insertInto('totp_secrets')
          .values({
            user_id: userId,
            secret_enc: secretEnc,
            created_at: now,
            enabled_at: null,
            last_step: null,
          })
          .execute();
      });
    },

    /** Turns a waiting set-up on; false when none waits (it was on already, or replaced). */
    async enableTotp(userId: number, secretEnc: string, step: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('totp_secrets')
        .set({ enabled_at: now, last_step: step })
        .where('user_id', '=', userId)
        .where('secret_enc', '=', secretEnc)
        .where('enabled_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Takes a code's time step once: false when that step or a later one was already taken, so
     * two requests with one code cannot both pass.
     */
    async takeStep(userId: number, step: number, on: Executor = db): Promise<boolean> {
      const result = await on
        .updateTable('totp_secrets')
        .set({ last_step: step })
        .where('user_id', '=', userId)
        .where('enabled_at', 'is not', null)
        .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async dropTotp(userId: number): Promise<boolean> {
      const result = await db.deleteFrom('totp_secrets').where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /**
     * Passkeys live in the passkeys feature's table (migration 0018); counted here by SQL so this
     * feature needs nothing of that one's code.
     */
    async passkeyCount(userId: number): Promise<number> {
      const { rows } = await sql<{ n: number | string }>`
        select count(*) as n from passkeys where user_id = ${userId}`.execute(db);
      return Number(rows[0]?.n ?? 0);
    },

    async unusedRecoveryCount(userId: number): Promise<number> {
      const row = await db
        .selectFrom('recovery_codes')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The member's code with this hash: its id and whether it was used. */
    findRecoveryCode: (userId: number, codeHash: string) =>
      db
        .selectFrom('recovery_codes')
        .select(['id', 'used_at'])
        .where('user_id', '=', userId)
        .where('code_hash', '=', codeHash)
        .executeTakeFirst(),

    /** Spends a code once: false when another request spent it first. */
    async useRecoveryCode(id: number, now: number, on: Executor = db): Promise<boolean> {
      const result = await on
        .updateTable('recovery_codes')
        .set({ used_at: now })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The member's codes become these; every older one, used or not, is gone. */
    async replaceRecoveryCodes(userId: number, hashes: string[], now: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
        await trx
          .insertInto('recovery_codes')
          .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: now, used_at: null })))
          .execute();
      });
    },

    async dropRecoveryCodes(userId: number): Promise<void> {
      await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    },

    /** A new ticket; the member's spent and expired ones are cleared on the way. */
    async insertTicket(userId: number, ticketHash: string, now: number, expiresAt: number): Promise<void> {
      await db
        .deleteFrom('second_step_tickets')
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('expires_at', '<=', now), eb('used_at', 'is not', null)]))
        .execute();
      await db
        .insertInto('second_step_tickets')
        .values({
          user_id: userId,
          ticket_hash: ticketHash,
          created_at: now,
          expires_at: expiresAt,
          used_at: null,
        })
        .execute();
    },

    /** A ticket still good for a guess: unused, not expired, not out of wrong codes. */
    liveTicket: (ticketHash: string, now: number, maxFailures: number) =>
      db
        .selectFrom('second_step_tickets')
        .select(['id', 'user_id'])
        .where('ticket_hash', '=', ticketHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .where('failures', '<', maxFailures)
        .executeTakeFirst(),

    /** Spends a live ticket once; its member, or undefined when it was not live. */
    async redeemTicket(
      ticketHash: string,
      now: number,
      maxFailures: number,
      on: Executor = db,
    ): Promise<number | undefined> {
      const row = await on
        .updateTable('second_step_tickets')
        .set({ used_at: now })
        .where('ticket_hash', '=', ticketHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .where('failures', '<', maxFailures)
        .returning('user_id')
        .executeTakeFirst();
      return row === undefined ? undefined : Number(row.user_id);
    },

    /** Counts a wrong code against the ticket; answers its wrong codes so far. */
    async ticketFailed(id: number): Promise<number> {
      const row = await db
        .updateTable('second_step_tickets')
        .set((eb) => ({ failures: eb('failures', '+', 1) }))
        .where('id', '=', id)
        .returning('failures')
        .executeTakeFirst();
      return Number(row?.failures ?? 0);
    },

    async sessionProof(sessionId: number) {
      return db
        .selectFrom('sessions')
        .select(['created_at', 'proven_at'])
        .where('id', '=', sessionId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
    },

    async markProven(sessionId: number, now: number): Promise<void> {
      await db.updateTable('sessions').set({ proven_at: now }).where('id', '=', sessionId).execute();
    },
  };
}
export type TwoStepRepo = ReturnType<typeof twoStepRepo>;
