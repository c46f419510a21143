import type { Kysely } from 'kysely';
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
  'created_at',
] as const;

export function usersRepo(db: Kysely<DB>) {
  return {
    findActive: (id: number) =>
      db
        .selectFrom('users')
        .select(PROFILE)
        .where('id', '=', id)
        .where('status', '=', 'active')
        .executeTakeFirst(),
  };
}
export type UsersRepo = ReturnType<typeof usersRepo>;
