import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * Who uploaded what. The store keeps one copy of the same bytes (and `uploads.owner_id` only its
 * first uploader), but a file may be attached (to a post, an archive) only by a member who
 * uploaded it: one row per (member, file). Known owners are filled in from what already points at
 * a file: an upload's recorded first owner, a post's files (its author), an archive's files (the
 * slot's member) and an avatar (its member).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was then
export async function up(db: Kysely<any>, d: Dialect): Promise<void> {
  await db.schema
    .createTable('upload_owners')
    .addColumn('user_id', d.bigint, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sha256', 'text', (c) => c.notNull().references('uploads.sha256'))
    .addColumn('bytes', d.bigint, (c) => c.notNull())
    .addColumn('created_at', d.bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('upload_owners_pk', ['user_id', 'sha256'])
    .execute();

  // `where true` keeps SQLite from reading the conflict clause as part of the select's join.
  const own = (select: RawBuilder<unknown>) =>
    sql`insert into upload_owners (user_id, sha256, bytes, created_at)
        ${select}
        on conflict (user_id, sha256) do nothing`.execute(db);
  await own(sql`select u.owner_id, u.sha256, u.bytes, u.created_at from uploads u
                where u.owner_id is not null`);
  await own(sql`select distinct p.user_id, u.sha256, u.bytes, u.created_at
                from post_files f
                join posts p on p.id = f.post_id
                join uploads u on u.sha256 = f.sha256
                where true`);
  for (const column of ['state_sha256', 'image_sha256']) {
    await own(sql`select distinct s.user_id, u.sha256, u.bytes, u.created_at
                  from archive_versions v
                  join archive_slots s on s.id = v.slot_id
                  join uploads u on u.sha256 = ${sql.ref(`v.${column}`)}
                  where true`);
  }
  // Avatars are stored as their address, `/upload/files/<sha256>.webp`.
  await own(sql`select us.id, u.sha256, u.bytes, u.created_at
                from users us
                join uploads u on u.sha256 = substr(us.avatar, 15, 64)
                where us.avatar like '/upload/files/%'`);
}
