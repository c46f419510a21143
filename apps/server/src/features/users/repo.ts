import { type Kysely, sql, type Transaction } from 'kysely';
import { compiledOnce, type Params } from '../../db/compiled-once';
import type { DB } from '../../db/schema';

const PROFILE = [
  'id',
  'username',
  'email',
  'pending_email',
  'nickname',
  'signature',
  'avatar',
  'level',
  'gold',
  'diamonds',
  'is_tourist',
  'post_count',
  'follower_count',
  'following_count',
  'password_hash',
  'created_at',
  'deletion_due_at',
] as const;

// Profiles are read on every get/user (db/compiled-once.ts).
const activeProfile = compiledOnce((db, p: Params<{ id: number }>) =>
  db.selectFrom('users').select(PROFILE).where('status', '=', 'active').where('id', '=', p.id),
);
/**
 * Another member's profile as a signed-in member reads it, with the reader's running mute of them
 * (docs/internals/mutes.md) beside it: still one statement for get/user.
 */
const profileSeenBy = compiledOnce((db, p: Params<{ id: number; viewerId: number; now: number }>) =>
  db
    .selectFrom('users')
    .leftJoin('member_mutes', (join) =>
      join
        .onRef('member_mutes.muted_user_id', '=', 'users.id')
        .on('member_mutes.user_id', '=', p.viewerId)
        .on((eb) =>
          eb.or([eb('member_mutes.until_at', 'is', null), eb('member_mutes.until_at', '>', p.now)]),
        ),
    )
    .select(PROFILE.map((column) => `users.${column}` as const))
    .select(['member_mutes.created_at as muted_at', 'member_mutes.until_at as muted_until'])
    .where('users.status', '=', 'active')
    .where('users.id', '=', p.id),
);
const providersOf = compiledOnce((db, p: Params<{ userId: number }>) =>
  db.selectFrom('identities').select('provider').where('user_id', '=', p.userId).orderBy('provider'),
);
/** A member's own profile with their sign-in providers, one row per provider (or one without). */
const ownProfile = compiledOnce((db, p: Params<{ id: number }>) =>
  db
    .selectFrom('users')
    .leftJoin('identities', 'identities.user_id', 'users.id')
    .select(PROFILE.map((column) => `users.${column}` as const))
    .select('identities.provider')
    .where('users.status', '=', 'active')
    .where('users.id', '=', p.id)
    .orderBy('identities.provider'),
);

export type UserRow = NonNullable<Awaited<ReturnType<ReturnType<typeof usersRepo>['findActive']>>>;

export function usersRepo(db: Kysely<DB>) {
  const active = () => db.selectFrom('users').select(PROFILE).where('status', '=', 'active');
  return {
    findActive: async (id: number) => (await activeProfile(db, { id }))[0],

    /** `findActive` for a signed-in reader, with whether and until when they mute the member. */
    async findActiveSeenBy(id: number, viewerId: number, now: number) {
      const [found] = await profileSeenBy(db, { id, viewerId, now });
      if (!found) return undefined;
      const { muted_at, muted_until, ...row } = found;
      return {
        row,
        mute: muted_at === null ? null : { untilAt: muted_until === null ? null : Number(muted_until) },
      };
    },

    /** A member's own profile and their sign-in providers, in one statement. */
    async findOwn(id: number) {
      const rows = await ownProfile(db, { id });
      const [first] = rows;
      if (!first) return undefined;
      const { provider: _, ...row } = first;
      return { row, providers: rows.flatMap((r) => (r.provider === null ? [] : [r.provider])) };
    },

    /** Runs `work` in one transaction, for changes that other features record along with them. */
    transaction: <T>(work: (trx: Transaction<DB>) => Promise<T>) => db.transaction().execute(work),

    /** By user name (any case) or proven e-mail address: what log-in accepts. */
    findByLogin: (login: string) => {
      const lower = login.trim().toLowerCase();
      return active()
        .where((eb) => eb.or([eb(sql`lower(username)`, '=', lower), eb('email', '=', lower)]))
        .executeTakeFirst();
    },

    /** A banned member by what log-in accepts: log-in checks the password, then tells why (features/sanctions). */
    bannedByLogin: (login: string) => {
      const lower = login.trim().toLowerCase();
      return db
        .selectFrom('users')
        .select(['id', 'password_hash', 'ban_reason'])
        .where('status', '=', 'banned')
        .where((eb) => eb.or([eb(sql`lower(username)`, '=', lower), eb('email', '=', lower)]))
        .executeTakeFirst();
    },

    /** Why a member was banned, or undefined when they are not banned. */
    banReasonOf: async (id: number) => {
      const row = await db
        .selectFrom('users')
        .select('ban_reason')
        .where('id', '=', id)
        .where('status', '=', 'banned')
        .executeTakeFirst();
      return row && (row.ban_reason ?? '');
    },

    /** The active member who proved `email`, if any. */
    findByEmail: (email: string) =>
      active().where('email', '=', email.trim().toLowerCase()).executeTakeFirst(),

    /** Active full members whose sign-up claims `email` without having proven it; at most two. */
    pendingHolders: (email: string) =>
      active()
        .where('pending_email', '=', email.trim().toLowerCase())
        .where('is_tourist', '=', 0)
        .orderBy('id')
        .limit(2)
        .execute(),

    usernameTaken: async (username: string, exceptId?: number) =>
      Boolean(
        await db
          .selectFrom('users')
          .select('id')
          .where(sql`lower(username)`, '=', username.toLowerCase())
          .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId!))
          .executeTakeFirst(),
      ),

    /** Whether a member (any, disabled too) has proven `email`. */
    emailTaken: async (email: string, exceptId?: number) =>
      Boolean(
        await db
          .selectFrom('users')
          .select('id')
          .where('email', '=', email.toLowerCase())
          .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId!))
          .executeTakeFirst(),
      ),

    /** `email` is a proven address; `pending_email` one that waits for its proof. */
    async insert(row: {
      username: string;
      email: string | null;
      pending_email?: string;
      nickname: string;
      password_hash: string | null;
      is_tourist?: boolean;
      avatar?: string;
      now: number;
    }): Promise<number> {
      const { id } = await db
        .insertInto('users')
        .values({
          username: row.username,
          email: row.email?.toLowerCase() ?? null,
          pending_email: row.pending_email?.toLowerCase() ?? null,
          nickname: row.nickname,
          password_hash: row.password_hash,
          is_tourist: row.is_tourist ? 1 : 0,
          avatar: row.avatar ?? '',
          created_at: row.now,
          updated_at: row.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    async updateProfile(
      id: number,
      changes: { nickname?: string; signature?: string; avatar?: string },
      now: number,
    ): Promise<void> {
      await db
        .updateTable('users')
        .set({ ...changes, updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    async setPasswordHash(id: number, hash: string, now: number): Promise<void> {
      await db
        .updateTable('users')
        .set({ password_hash: hash, updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    /**
     * A visitor becomes a member in place, so everything it did stays its own. Its address waits
     * for its proof, like any sign-up's.
     */
    async convertTourist(
      id: number,
      member: { username: string; pending_email: string; nickname: string; password_hash: string },
      now: number,
    ): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ ...member, pending_email: member.pending_email.toLowerCase(), is_tourist: 0, updated_at: now })
        .where('id', '=', id)
        .where('is_tourist', '=', 1)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * `email` becomes the member's proven address, if the member still claims it and nobody has
     * proven it meanwhile; false otherwise. Others' claims on it are left to `dropPendingClaims`,
     * run once this has committed: inside the same transaction, two members proving one address
     * at once would each hold a row the other must change, and deadlock on PostgreSQL.
     */
    async proveEmail(userId: number, email: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ email, pending_email: null, updated_at: now })
        .where('id', '=', userId)
        .where('pending_email', '=', email)
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('users as owner').select('owner.id').where('owner.email', '=', email))),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Once an address is proven, nobody else's claim on it stands: the owner is never locked out.
     * A claim left over (a crash in between) is inert anyway: everything trusts the proven owner.
     */
    async dropPendingClaims(email: string, now: number): Promise<void> {
      await db
        .updateTable('users')
        .set({ pending_email: null, updated_at: now })
        .where('pending_email', '=', email)
        .execute();
    },

    providersOf: async (userId: number) => (await providersOf(db, { userId })).map((r) => r.provider),

    /**
     * The type of a file `userId` uploaded themself, and whether it is a picture; undefined when
     * they didn't upload it.
     */
    uploadOf: (userId: number, sha256: string) =>
      db
        .selectFrom('upload_owners as o')
        .innerJoin('uploads', 'uploads.sha256', 'o.sha256')
        .select(['uploads.mime', 'uploads.picture'])
        .where('o.user_id', '=', userId)
        .where('o.sha256', '=', sha256)
        .executeTakeFirst(),
  };
}
export type UsersRepo = ReturnType<typeof usersRepo>;
