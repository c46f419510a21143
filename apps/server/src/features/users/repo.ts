import { type Kysely, sql, type Transaction } from 'kysely';
import { compiledOnce, type Params } from '../../db/compiled-once';
import type { DB } from '../../db/schema';

const PROFILE = [
  'id',
  'username',
  'email',
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
] as const;

// Profiles are read on every get/user (db/compiled-once.ts).
const activeProfile = compiledOnce((db, p: Params<{ id: number }>) =>
  db.selectFrom('users').select(PROFILE).where('status', '=', 'active').where('id', '=', p.id),
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

    /** By user name (any case) or e-mail address: what log-in accepts. */
    findByLogin: (login: string) => {
      const lower = login.trim().toLowerCase();
      return active()
        .where((eb) => eb.or([eb(sql`lower(username)`, '=', lower), eb('email', '=', lower)]))
        .executeTakeFirst();
    },

    findByEmail: (email: string) =>
      active().where('email', '=', email.trim().toLowerCase()).executeTakeFirst(),

    usernameTaken: async (username: string, exceptId?: number) =>
      Boolean(
        await db
          .selectFrom('users')
          .select('id')
          .where(sql`lower(username)`, '=', username.toLowerCase())
          .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId!))
          .executeTakeFirst(),
      ),

    emailTaken: async (email: string, exceptId?: number) =>
      Boolean(
        await db
          .selectFrom('users')
          .select('id')
          .where('email', '=', email.toLowerCase())
          .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId!))
          .executeTakeFirst(),
      ),

    async insert(row: {
      username: string;
      email: string | null;
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

    /** A visitor becomes a member in place, so everything it did stays its own. */
    async convertTourist(
      id: number,
      member: { username: string; email: string; nickname: string; password_hash: string },
      now: number,
    ): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ ...member, email: member.email.toLowerCase(), is_tourist: 0, updated_at: now })
        .where('id', '=', id)
        .where('is_tourist', '=', 1)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The type of a file `userId` uploaded themself; undefined when they didn't upload it. */
    providersOf: async (userId: number) => (await providersOf(db, { userId })).map((r) => r.provider),

    uploadOf: (userId: number, sha256: string) =>
      db
        .selectFrom('upload_owners as o')
        .innerJoin('uploads', 'uploads.sha256', 'o.sha256')
        .select('uploads.mime')
        .where('o.user_id', '=', userId)
        .where('o.sha256', '=', sha256)
        .executeTakeFirst(),
  };
}
export type UsersRepo = ReturnType<typeof usersRepo>;
