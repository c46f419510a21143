import { type Kysely, sql } from 'kysely';

/**
 * `uploads.picture`: 1 for a file the picture pipeline made (upload/file's re-encoded WebP, no
 * metadata, within its limits), the only files shown inline. A file sent through upload/big is a
 * download whatever its bytes look like.
 *
 * Before this column, the pipeline stored only WebP within POST_IMAGE_MAX_SIDE (2048 px) and
 * 10 MB, while upload/big stored images as they came. A WebP that fits those bounds is taken as the
 * pipeline's (one sent through upload/big that small is at least a bounded picture); anything else
 * becomes a download: post files stop showing inline and avatars worn from such a file are reset.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('uploads')
    .addColumn('picture', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update uploads set picture = 1
            where mime = 'image/webp' and width between 1 and 2048 and height between 1 and 2048
              and bytes <= ${10 * 1024 * 1024}`.execute(db);
  await sql`update post_files set is_image = 0
            where is_image = 1
              and not exists (select 1 from uploads u where u.sha256 = post_files.sha256 and u.picture = 1)`.execute(
    db,
  );
  // Avatars are stored as their address, `/upload/files/<sha256>.<extension>`.
  await sql`update users set avatar = ''
            where avatar like '/upload/files/%'
              and not exists (select 1 from uploads u where u.sha256 = substr(users.avatar, 15, 64) and u.picture = 1)`.execute(
    db,
  );
}
