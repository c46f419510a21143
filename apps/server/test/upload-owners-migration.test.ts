import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate';
import { createTestDatabase, type TestDatabase } from './helper';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase({ upTo: '0009_archives' });
});
afterAll(() => tdb.drop());

const NOW = Date.UTC(2026, 10, 1);

describe('migration 0010_upload_owners', () => {
  it('records the owners already known: first uploaders, post authors, archive members, avatars', async () => {
    // biome-ignore lint/suspicious/noExplicitAny: the schema as it was before the migration
    const db = tdb.database.db as any;
    const user = async (username: string, avatar = '') =>
      Number(
        (
          await db
            .insertInto('users')
            .values({ username, nickname: username, avatar, created_at: NOW, updated_at: NOW })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    const upload = async (ownerId: number | null, bytes: number) => {
      const sha256 = randomBytes(32).toString('hex');
      await db
        .insertInto('uploads')
        .values({ sha256, mime: 'application/octet-stream', bytes, owner_id: ownerId, created_at: NOW })
        .execute();
      return sha256;
    };

    const first = await user('first');
    const shared = await upload(first, 100);
    const picture = await upload(null, 200);
    const author = await user('author', `/upload/files/${picture}.webp`);
    const state = await upload(null, 300);
    const shot = await upload(null, 400);
    const stray = await upload(null, 500);
    const player = await user('player');

    const topic = await db
      .insertInto('categories')
      .values({ name: 'Talk', created_at: NOW })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((c: { id: number }) =>
        db
          .insertInto('topics')
          .values({ category_id: c.id, name: 'Chat', created_at: NOW })
          .returning('id')
          .executeTakeFirstOrThrow(),
      );
    const post = await db
      .insertInto('posts')
      .values({ user_id: author, topic_id: topic.id, text: 'Map', created_at: NOW, updated_at: NOW })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('post_files')
      .values({
        post_id: post.id,
        position: 0,
        sha256: shared,
        name: 'map.pdf',
        mime: 'application/pdf',
        bytes: 100,
        access_key: 'k',
      })
      .execute();
    const slot = await db
      .insertInto('archive_slots')
      .values({
        user_id: player,
        rom_md5: 'f'.repeat(32),
        slot: 1,
        game_name: 'Quest',
        created_at: NOW,
        updated_at: NOW,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('archive_versions')
      .values({
        slot_id: slot.id,
        state_sha256: state,
        image_sha256: shot,
        archive_md5: 'e'.repeat(32),
        bytes: 300,
        device_id: 'd',
        access_key: 'k',
        created_at: NOW,
      })
      .execute();

    expect(await migrateToLatest(tdb.database)).toContain('0010_upload_owners');

    const rows = await tdb.database.db
      .selectFrom('upload_owners')
      .select(['user_id', 'sha256', 'bytes'])
      .orderBy('bytes')
      .orderBy('user_id')
      .execute();
    expect(
      rows.map((r) => ({ user_id: Number(r.user_id), sha256: r.sha256, bytes: Number(r.bytes) })),
    ).toEqual([
      { user_id: first, sha256: shared, bytes: 100 },
      { user_id: author, sha256: shared, bytes: 100 },
      { user_id: author, sha256: picture, bytes: 200 },
      { user_id: player, sha256: state, bytes: 300 },
      { user_id: player, sha256: shot, bytes: 400 },
    ]);
    expect(rows.some((r) => r.sha256 === stray)).toBe(false);
  });
});
