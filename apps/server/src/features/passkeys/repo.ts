import type { Kysely } from 'kysely';
import type { DB, PasskeyChallengesTable } from '../../db/schema';

export type ChallengePurpose = PasskeyChallengesTable['purpose'];

const PASSKEY_COLUMNS = [
  'id',
  'user_id',
  'credential_id',
  'public_key',
  'user_handle',
  'counter',
  'transports',
  'device_type',
  'backed_up',
  'name',
  'created_at',
  'last_used_at',
] as const;

export function passkeysRepo(db: Kysely<DB>) {
  return {
    listOf: (userId: number) =>
      db
        .selectFrom('passkeys')
        .select(PASSKEY_COLUMNS)
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .execute(),

    countOf: async (userId: number): Promise<number> => {
      const row = await db
        .selectFrom('passkeys')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** One of the member's passkeys; another member's reads as missing. */
    findOwn: (userId: number, id: number) =>
      db
        .selectFrom('passkeys')
        .select(PASSKEY_COLUMNS)
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst(),

    findByCredential: (credentialId: string) =>
      db
        .selectFrom('passkeys')
        .select(PASSKEY_COLUMNS)
        .where('credential_id', '=', credentialId)
        .executeTakeFirst(),

    async insert(row: {
      userId: number;
      credentialId: string;
      publicKey: string;
      userHandle: string;
      counter: number;
      transports: string[];
      deviceType: string;
      backedUp: boolean;
      name: string;
      now: number;
    }): Promise<number> {
      const inserted = await db
        .insertInto('passkeys')
        .values({
          user_id: row.userId,
          credential_id: row.credentialId,
          public_key: row.publicKey,
          user_handle: row.userHandle,
          counter: row.counter,
          transports: row.transports.join(','),
          device_type: row.deviceType,
          backed_up: row.backedUp ? 1 : 0,
          name: row.name,
          created_at: row.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(inserted.id);
    },

    async rename(userId: number, id: number, name: string): Promise<boolean> {
      const result = await db
        .updateTable('passkeys')
        .set({ name })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async remove(userId: number, id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('passkeys')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    /**
     * Records a use with the authenticator's new counter, only if the counter is still the one
     * the signature was checked against: of two concurrent uses of one answer only one wins.
     */
    async recordUse(
      id: number,
      seen: { counter: number; newCounter: number; backedUp: boolean; now: number },
    ): Promise<boolean> {
      const result = await db
        .updateTable('passkeys')
        .set({ counter: seen.newCounter, backed_up: seen.backedUp ? 1 : 0, last_used_at: seen.now })
        .where('id', '=', id)
        .where('counter', '=', seen.counter)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** A new challenge; expired ones of every ceremony are swept on the way. */
    async addChallenge(row: {
      challengeHash: string;
      userId: number | null;
      purpose: ChallengePurpose;
      ticketHash: string | null;
      userHandle: string | null;
      now: number;
      expiresAt: number;
    }): Promise<void> {
      await db.deleteFrom('passkey_challenges').where('expires_at', '<', row.now).execute();
      await db
        .insertInto('passkey_challenges')
        .values({
          challenge_hash: row.challengeHash,
          user_id: row.userId,
          purpose: row.purpose,
          ticket_hash: row.ticketHash,
          user_handle: row.userHandle,
          created_at: row.now,
          expires_at: row.expiresAt,
        })
        .execute();
    },

    /**
     * Uses up a live challenge made for this ceremony (and this member, and this ticket, where
     * they apply) in one conditional update: true for exactly one caller, never for a replay, a
     * challenge of another purpose, member or ticket, or one past its time. Answers the used
     * challenge's user handle (null but for registrations), or undefined when it was not live.
     */
    async consumeChallenge(c: {
      challengeHash: string;
      purpose: ChallengePurpose;
      userId: number | null;
      ticketHash: string | null;
      now: number;
    }): Promise<{ userHandle: string | null } | undefined> {
      let update = db
        .updateTable('passkey_challenges')
        .set({ used_at: c.now })
        .where('challenge_hash', '=', c.challengeHash)
        .where('purpose', '=', c.purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', c.now);
      update =
        c.userId === null ? update.where('user_id', 'is', null) : update.where('user_id', '=', c.userId);
      update =
        c.ticketHash === null
          ? update.where('ticket_hash', 'is', null)
          : update.where('ticket_hash', '=', c.ticketHash);
      const row = await update.returning('user_handle').executeTakeFirst();
      return row && { userHandle: row.user_handle };
    },
  };
}
export type PasskeysRepo = ReturnType<typeof passkeysRepo>;
export type PasskeyRow = NonNullable<Awaited<ReturnType<PasskeysRepo['findByCredential']>>>;
