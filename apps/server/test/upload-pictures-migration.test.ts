import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate';
import { createTestDatabase, type TestDatabase } from './helper';

const NAME = '0016_upload_pictures';
const NOW = Date.UTC(2026, 10, 1);

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase({ before: NAME });
});
afterAll(() => tdb.drop());

describe(`migration ${NAME}`, () => {
  it("keeps the pipeline's pictures inline and turns what upload/big stored into downloads", async () => {
    // biome-ignore lint/suspicious/noExplicitAny: the schema as it was before the migration
    const db = tdb.database.db as any;
    const upload = async (mime: string, width: number | null, height: number | null, bytes = 40_000) => {
      const sha256 = randomBytes(32).toString('hex');
      await db
        .insertInto('uploads')
        .values({ sha256, mime, bytes, width, height, created_at: NOW })
        .execute();
      return sha256;
    };
    const thumbnail = await upload('image/webp', 256, 256);
    const postPicture = await upload('image/webp', 2048, 683);
    const bigPng = await upload('image/png', 50_000, 50_000, 2_400_000);
    const bigWebp = await upload('image/webp', 6000, 4000, 12_000_000);
    const unmeasured = await upload('image/webp', null, null);
    const manual = await upload('application/pdf', null, null);

    const user = async (username: string, avatar: string) =>
      Number(
        (
          await db
            .insertInto('users')
            .values({ username, nickname: username, avatar, created_at: NOW, updated_at: NOW })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    const wearer = await user('wearer', `/upload/files/${thumbnail}.webp`);
    const bomber = await user('bomber', `/upload/files/${bigPng}.png`);
    const outsider = await user('outsider', 'https://example.org/me.png');

    const category = await db
      .insertInto('categories')
      .values({ name: 'Talk', created_at: NOW })
      .returning('id')
      .executeTakeFirstOrThrow();
    const topic = await db
      .insertInto('topics')
      .values({ category_id: category.id, name: 'Chat', created_at: NOW })
      .returning('id')
      .executeTakeFirstOrThrow();
    const post = await db
      .insertInto('posts')
      .values({ user_id: wearer, topic_id: topic.id, text: 'Files', created_at: NOW, updated_at: NOW })
      .returning('id')
      .executeTakeFirstOrThrow();
    const attached = [postPicture, bigPng, bigWebp, unmeasured, manual];
    await db
      .insertInto('post_files')
      .values(
        attached.map((sha256, position) => ({
          post_id: post.id,
          position,
          sha256,
          name: `file-${position}`,
          mime: 'image/webp',
          bytes: 1,
          is_image: sha256 === manual ? 0 : 1,
          access_key: `key-${position}`,
        })),
      )
      .execute();

    await migrateToLatest(tdb.database);

    const pictures = await tdb.database.db.selectFrom('uploads').select(['sha256', 'picture']).execute();
    const flag = new Map(pictures.map((p) => [p.sha256, Number(p.picture)]));
    expect([thumbnail, postPicture, bigPng, bigWebp, unmeasured, manual].map((s) => flag.get(s))).toEqual([
      1, 1, 0, 0, 0, 0,
    ]);
    const files = await tdb.database.db
      .selectFrom('post_files')
      .select(['sha256', 'is_image'])
      .orderBy('position')
      .execute();
    expect(files.map((f) => Number(f.is_image))).toEqual([1, 0, 0, 0, 0]);
    const avatars = await tdb.database.db
      .selectFrom('users')
      .select(['id', 'avatar'])
      .where('id', 'in', [wearer, bomber, outsider])
      .orderBy('id')
      .execute();
    expect(avatars.map((a) => a.avatar)).toEqual([
      `/upload/files/${thumbnail}.webp`,
      '',
      'https://example.org/me.png',
    ]);
  });
});
