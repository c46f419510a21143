import { sql } from 'kysely';
import type { Executor } from '../../db/executor';

/** Roles and scopes; takes a transaction too, so a change is written with its log entry. */
export function staffRepo(db: Executor) {
  return {
    /** A member who can be given or lose a role: active (not banned, erased or disabled). */
    async candidate(id: number) {
      const row = await db
        .selectFrom('users')
        .select(['id', 'username', 'role', 'is_tourist'])
        .where('id', '=', id)
        .where('status', '=', 'active')
        .executeTakeFirst();
      return (
        row && { id: Number(row.id), username: row.username, role: row.role, isTourist: row.is_tourist === 1 }
      );
    },

    /** By user name, any case, whatever the status (the operator is told what it is). */
    async byUsername(username: string) {
      const row = await db
        .selectFrom('users')
        .select(['id', 'username', 'role', 'status', 'is_tourist'])
        .where(sql`lower(username)`, '=', username.trim().toLowerCase())
        .executeTakeFirst();
      return (
        row && {
          id: Number(row.id),
          username: row.username,
          role: row.role,
          status: row.status,
          isTourist: row.is_tourist === 1,
        }
      );
    },

    async topicNames(ids: number[]) {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('topics')
        .select(['id', 'name'])
        .where('id', 'in', ids)
        .orderBy('id')
        .execute();
      return rows.map((r) => ({ id: Number(r.id), name: r.name }));
    },

    async setRole(id: number, role: 'member' | 'moderator' | 'admin', now: number): Promise<void> {
      await db
        .updateTable('users')
        .set({ role, role_granted_at: role === 'member' ? null : now, updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    /** Replaces the member's scope: none is every topic. */
    async setTopics(id: number, topicIds: number[], now: number): Promise<void> {
      await db.deleteFrom('moderator_topics').where('user_id', '=', id).execute();
      if (topicIds.length === 0) return;
      await db
        .insertInto('moderator_topics')
        .values(topicIds.map((topic_id) => ({ user_id: id, topic_id, created_at: now })))
        .execute();
    },

    /** Moderators and administrators who can still sign in or were banned, administrators first. */
    staff: () =>
      db
        .selectFrom('users')
        .select(['id', 'nickname', 'role', 'role_granted_at'])
        .where('role', '!=', 'member')
        .where('status', 'in', ['active', 'banned'])
        .orderBy('role')
        .orderBy('nickname')
        .orderBy('id')
        .execute(),

    scopes: async (userIds: number[]) => {
      if (userIds.length === 0) return [];
      return db
        .selectFrom('moderator_topics')
        .innerJoin('topics', 'topics.id', 'moderator_topics.topic_id')
        .select(['moderator_topics.user_id', 'topics.id', 'topics.name', 'topics.icon', 'topics.min_age'])
        .where('moderator_topics.user_id', 'in', userIds)
        .orderBy('topics.id')
        .execute();
    },
  };
}
