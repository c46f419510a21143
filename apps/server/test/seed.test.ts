import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { ADULT_AGE, LEVEL_TOPIC_CREATE, POST_FILES_MAX, REPLY_DEPTH_MAX } from '@pixelhall/contract';
import { type Kysely, sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../src/db/schema';
import { hotScore, scoreAllDirtyPosts } from '../src/features/posts/hot-score';
import { COLORS, STYLES } from '../src/features/posts/palette';
import { createFileStore } from '../src/features/uploads/storage';
import { seedDemoWorld } from '../src/seed';
import { createTestDatabase, type TestDatabase } from './helper';

const NOW = Date.UTC(2026, 10, 21, 12);
const DAY = 86_400_000;

let tdb: TestDatabase;
let db: Kysely<DB>;
let uploadDir: string;
let firstRun: string[];

async function read(sha256: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await createFileStore(uploadDir).read(sha256)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The ids of rows whose counter differs from a COUNT(*) over the rows that justify it. */
async function mismatches(table: keyof DB & string, counter: string, counted: string): Promise<number[]> {
  const rows = await sql<{ id: number }>`
    select id from ${sql.table(table)} where ${sql.ref(counter)} <> (${sql.raw(counted)})
  `.execute(db);
  return rows.rows.map((r) => Number(r.id));
}

beforeAll(async () => {
  tdb = await createTestDatabase();
  db = tdb.database.db;
  uploadDir = mkdtempSync(path.join(tmpdir(), 'pixelhall-seed-'));
  firstRun = await seedDemoWorld(tdb.database, { files: createFileStore(uploadDir), clock: () => NOW });
}, 60_000);

afterAll(async () => {
  await tdb.drop();
  rmSync(uploadDir, { recursive: true, force: true });
});

describe('the demo community seed', () => {
  it('runs once per database: a second run adds nothing', async () => {
    expect(firstRun).toContain('demo-community');
    const before = await db
      .selectFrom('posts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(
      await seedDemoWorld(tdb.database, { files: createFileStore(uploadDir), clock: () => NOW + DAY }),
    ).toEqual([]);
    const after = await db
      .selectFrom('posts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('keeps every counter equal to the rows it counts', async () => {
    const checks: [keyof DB & string, string, string][] = [
      ['users', 'post_count', 'select count(*) from posts p where p.user_id = users.id'],
      ['users', 'follower_count', 'select count(*) from follows f where f.followee_id = users.id'],
      ['users', 'following_count', 'select count(*) from follows f where f.follower_id = users.id'],
      ['topics', 'post_count', 'select count(*) from posts p where p.topic_id = topics.id'],
      ['topics', 'follower_count', 'select count(*) from topic_follows f where f.topic_id = topics.id'],
      ['posts', 'like_count', 'select count(*) from post_likes l where l.post_id = posts.id'],
      ['posts', 'comment_count', 'select count(*) from comments c where c.post_id = posts.id'],
      ['posts', 'file_count', 'select count(*) from post_files f where f.post_id = posts.id'],
      ['comments', 'like_count', 'select count(*) from comment_likes l where l.comment_id = comments.id'],
      ['comments', 'reply_count', 'select count(*) from comments r where r.root_id = comments.id'],
    ];
    for (const [table, counter, counted] of checks)
      expect({ [`${table}.${counter}`]: await mismatches(table, counter, counted) }).toEqual({
        [`${table}.${counter}`]: [],
      });
    // The counters are not trivially zero.
    const busy = await db
      .selectFrom('posts')
      .select((eb) => [eb.fn.max('like_count').as('likes'), eb.fn.max('comment_count').as('comments')])
      .executeTakeFirstOrThrow();
    expect(Number(busy.likes)).toBeGreaterThan(5);
    expect(Number(busy.comments)).toBeGreaterThan(5);
  });

  it('builds categories and topics, with an adult topic and a topic that needs a level to post', async () => {
    const categories = await db.selectFrom('categories').select(['id', 'icon']).execute();
    expect(categories.length).toBeGreaterThanOrEqual(4);
    expect(categories.length).toBeLessThanOrEqual(6);
    const topics = await db.selectFrom('topics').selectAll().execute();
    expect(topics.length).toBeGreaterThanOrEqual(12);
    for (const t of topics) {
      expect(t.icon).toMatch(/^\/upload\/files\/[0-9a-f]{64}\.webp$/);
      expect(t.description.length).toBeGreaterThan(40);
    }
    expect(topics.filter((t) => t.min_age === ADULT_AGE)).toHaveLength(1);
    const levelled = topics.filter((t) => t.min_level >= LEVEL_TOPIC_CREATE);
    expect(levelled).toHaveLength(1);

    // Every post obeys its topic's rule, as create/posts would have enforced it.
    const authors = await db
      .selectFrom('posts')
      .innerJoin('topics', 'topics.id', 'posts.topic_id')
      .innerJoin('users', 'users.id', 'posts.user_id')
      .select(['users.level', 'topics.min_level'])
      .execute();
    for (const a of authors) expect(a.level).toBeGreaterThanOrEqual(a.min_level);
    const inLevelled = authors.filter((a) => a.min_level >= LEVEL_TOPIC_CREATE);
    expect(inLevelled.length).toBeGreaterThan(0);
  });

  it('has members at many levels, each with an avatar', async () => {
    const users = await db.selectFrom('users').select(['username', 'level', 'avatar']).execute();
    expect(users.map((u) => u.username)).toEqual(
      expect.arrayContaining(['pixelpat', 'chipmaru', 'retrorosa', 'bitbruno']),
    );
    expect(users.length).toBeGreaterThanOrEqual(12);
    for (const level of [1, 3, 5, 8, 12, 21, 30, 45]) expect(users.map((u) => u.level)).toContain(level);
    for (const u of users) expect(u.avatar).toMatch(/^\/upload\/files\/[0-9a-f]{64}\.webp$/);
  });

  it('spreads posts over three weeks, with pictures, files, links, paid and pinned posts', async () => {
    const posts = await db.selectFrom('posts').selectAll().execute();
    expect(posts.length).toBeGreaterThanOrEqual(50);
    const times = posts.map((p) => Number(p.created_at));
    expect(Math.max(...times)).toBeLessThanOrEqual(NOW);
    expect(NOW - Math.min(...times)).toBeGreaterThan(18 * DAY);
    expect(NOW - Math.max(...times)).toBeLessThan(DAY);
    expect(posts.filter((p) => Number(p.price) > 0)).toHaveLength(3);
    expect(posts.filter((p) => p.pinned_at !== null)).toHaveLength(1);
    expect(posts.filter((p) => p.link !== null).length).toBeGreaterThanOrEqual(3);
    expect(posts.some((p) => Array.from(p.text).length > 500)).toBe(true);

    const files = await db.selectFrom('post_files').selectAll().execute();
    const imagesPer = new Map<number, number>();
    for (const f of files.filter((f) => f.is_image === 1))
      imagesPer.set(Number(f.post_id), (imagesPer.get(Number(f.post_id)) ?? 0) + 1);
    expect(imagesPer.size).toBeGreaterThanOrEqual(15);
    expect(Math.max(...imagesPer.values())).toBeLessThanOrEqual(Math.min(4, POST_FILES_MAX));
    expect([...imagesPer.values()]).toContain(4);
    const documents = files.filter((f) => f.is_image === 0).map((f) => f.name);
    for (const extension of ['.pdf', '.zip', '.txt', '.nes'])
      expect(documents.some((name) => name.endsWith(extension))).toBe(true);
  });

  it('dresses posts only in colours and styles that exist and that their authors have the level for', async () => {
    const posts = await db
      .selectFrom('posts')
      .innerJoin('users', 'users.id', 'posts.user_id')
      .select(['posts.color', 'posts.style', 'users.level'])
      .execute();
    expect(posts.filter((p) => p.color !== null).length).toBeGreaterThan(3);
    expect(posts.filter((p) => p.style !== null).length).toBeGreaterThan(3);
    for (const p of posts) {
      if (p.color !== null)
        expect(p.level).toBeGreaterThanOrEqual(COLORS.find((c) => c.id === p.color)!.min_level);
      if (p.style !== null)
        expect(p.level).toBeGreaterThanOrEqual(STYLES.find((s) => s.id === p.style)!.min_level);
    }
  });

  it('stores every picture as WebP in the upload store, with a matching uploads row', async () => {
    const pictures = await db
      .selectFrom('post_files')
      .select(['sha256', 'width', 'height', 'bytes'])
      .where('is_image', '=', 1)
      .execute();
    const uploads = new Map(
      (await db.selectFrom('uploads').selectAll().execute()).map((u) => [u.sha256, u] as const),
    );
    for (const p of pictures) {
      const data = await read(p.sha256);
      const meta = await sharp(data).metadata();
      expect(meta.format).toBe('webp');
      expect([meta.width, meta.height]).toEqual([p.width, p.height]);
      expect(data.length).toBe(Number(p.bytes));
      expect(uploads.get(p.sha256)).toMatchObject({ mime: 'image/webp', width: p.width, height: p.height });
    }
    // Pictures are varied art, not one image repeated.
    expect(new Set(pictures.map((p) => p.sha256)).size).toBeGreaterThan(pictures.length * 0.8);
  });

  it("records each post's files and each avatar as uploaded by its member, who alone may attach them", async () => {
    const owned = new Set(
      (await db.selectFrom('upload_owners').select(['user_id', 'sha256']).execute()).map(
        (o) => `${Number(o.user_id)} ${o.sha256}`,
      ),
    );
    const attached = await db
      .selectFrom('post_files')
      .innerJoin('posts', 'posts.id', 'post_files.post_id')
      .select(['posts.user_id', 'post_files.sha256'])
      .execute();
    expect(attached.length).toBeGreaterThan(0);
    for (const f of attached) expect(owned, f.sha256).toContain(`${Number(f.user_id)} ${f.sha256}`);
    const avatars = await db.selectFrom('users').select(['id', 'avatar']).where('avatar', '!=', '').execute();
    expect(avatars.length).toBeGreaterThan(0);
    for (const u of avatars) expect(owned).toContain(`${Number(u.id)} ${u.avatar.slice(14, 78)}`);
  });

  it('attaches real files: a PDF, a zip that unpacks, a text and an iNES ROM', async () => {
    const files = await db.selectFrom('post_files').selectAll().where('is_image', '=', 0).execute();
    const byExtension = (ext: string) => files.find((f) => f.name.endsWith(ext))!;

    const pdf = await read(byExtension('.pdf').sha256);
    expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    expect(pdf.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
    const xref = Number(/startxref\n(\d+)/.exec(pdf.toString('latin1'))![1]);
    expect(pdf.subarray(xref, xref + 4).toString('latin1')).toBe('xref');

    const zip = await read(byExtension('.zip').sha256);
    const end = zip.length - 22;
    expect(zip.readUInt32LE(end)).toBe(0x06054b50);
    let offset = 0;
    const names: string[] = [];
    for (let i = 0; i < zip.readUInt16LE(end + 10); i++) {
      expect(zip.readUInt32LE(offset)).toBe(0x04034b50);
      const packed = zip.readUInt32LE(offset + 18);
      const size = zip.readUInt32LE(offset + 22);
      const nameLength = zip.readUInt16LE(offset + 26);
      names.push(zip.subarray(offset + 30, offset + 30 + nameLength).toString('utf8'));
      const start = offset + 30 + nameLength;
      expect(inflateRawSync(zip.subarray(start, start + packed)).length).toBe(size);
      offset = start + packed;
    }
    expect(names).toContain('skycycle/main.s');

    const rom = await read(byExtension('.nes').sha256);
    expect(rom.subarray(0, 4).toString('latin1')).toBe('NES\x1a');
    expect(rom.length).toBe(16 + 16_384 + 8_192);
    // The reset vector points at the start of PRG-ROM ($C000), where the program begins with SEI.
    expect(rom.readUInt16LE(16 + 0x3ffc)).toBe(0xc000);
    expect(rom[16]).toBe(0x78);

    const txt = await read(byExtension('.txt').sha256);
    expect(txt.toString('utf8')).toContain('WARPLESS');
    for (const f of files) {
      expect(f.access_key.length).toBeGreaterThanOrEqual(16);
      expect((await read(f.sha256)).length).toBe(Number(f.bytes));
    }
  });

  it('threads comments up to the reply depth the app allows', async () => {
    const comments = await db.selectFrom('comments').selectAll().execute();
    const byId = new Map(comments.map((c) => [Number(c.id), c]));
    expect(Math.max(...comments.map((c) => c.depth))).toBeGreaterThanOrEqual(2);
    for (const c of comments) {
      expect(c.depth).toBeLessThanOrEqual(REPLY_DEPTH_MAX);
      if (c.parent_id === null) {
        expect([c.root_id, c.depth, c.reply_to_user_id]).toEqual([null, 0, null]);
        continue;
      }
      const parent = byId.get(Number(c.parent_id))!;
      expect(c.depth).toBe(parent.depth + 1);
      expect(Number(c.root_id)).toBe(parent.root_id === null ? Number(parent.id) : Number(parent.root_id));
      expect(Number(c.reply_to_user_id)).toBe(Number(parent.user_id));
      expect(Number(c.created_at)).toBeGreaterThan(Number(parent.created_at));
      expect(Number(c.created_at)).toBeLessThanOrEqual(NOW);
    }
  });

  it('sends the news that those likes, comments, replies and follows would have sent', async () => {
    const count = async (kind: string) =>
      Number(
        (
          await db
            .selectFrom('news')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('kind', '=', kind)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const rows = async (table: 'post_likes' | 'comment_likes' | 'follows') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('like')).toBe(await rows('post_likes'));
    expect(await count('comment_like')).toBe(await rows('comment_likes'));
    expect(await count('follow')).toBe(await rows('follows'));
    const comments = await db
      .selectFrom('comments')
      .innerJoin('posts', 'posts.id', 'comments.post_id')
      .select(['comments.user_id', 'comments.reply_to_user_id', 'posts.user_id as post_author'])
      .execute();
    const toOthers = (c: (typeof comments)[number]) =>
      Number(c.user_id) !== Number(c.reply_to_user_id ?? c.post_author);
    expect(await count('comment')).toBe(
      comments.filter((c) => c.reply_to_user_id === null && toOthers(c)).length,
    );
    expect(await count('reply')).toBe(
      comments.filter((c) => c.reply_to_user_id !== null && toOthers(c)).length,
    );

    const self = await db
      .selectFrom('news')
      .select('id')
      .whereRef('news.actor_id', '=', 'news.user_id')
      .execute();
    expect(self).toEqual([]);
    // Old news has been read, fresh news waits in the inbox.
    const unread = await db.selectFrom('news').select('created_at').where('read_at', 'is', null).execute();
    expect(unread.length).toBeGreaterThan(0);
    for (const n of unread) expect(NOW - Number(n.created_at)).toBeLessThanOrEqual(2 * DAY);
  });

  it('shows two banners and one popup right now', async () => {
    const banners = await db.selectFrom('banners').selectAll().where('active', '=', 1).execute();
    expect(banners).toHaveLength(2);
    const popups = await db
      .selectFrom('popups')
      .selectAll()
      .where('starts_at', '<=', NOW)
      .where('ends_at', '>', NOW)
      .execute();
    expect(popups).toHaveLength(1);
    for (const link of [...banners, ...popups].map((a) => a.link)) {
      const id = Number(/^#\/post\/(\d+)$/.exec(link)![1]);
      expect(await db.selectFrom('posts').select('id').where('id', '=', id).executeTakeFirst()).toBeDefined();
    }
  });

  it('leaves every post for the hot-score batch, which scores them all', async () => {
    const dirty = await db.selectFrom('posts').select('hot_dirty').execute();
    expect(dirty.every((p) => p.hot_dirty === 1)).toBe(true);
    expect(await scoreAllDirtyPosts(db)).toBe(dirty.length);
    const scored = await db
      .selectFrom('posts')
      .select(['hot_dirty', 'hot_score', 'like_count', 'comment_count', 'share_count', 'created_at'])
      .execute();
    for (const p of scored) {
      expect(p.hot_dirty).toBe(0);
      expect(p.hot_score).toBeCloseTo(hotScore({ ...p, created_at: Number(p.created_at) }), 6);
    }
  });

  it('builds the same world from the same clock', async () => {
    const other = await createTestDatabase();
    const otherUploads = mkdtempSync(path.join(tmpdir(), 'pixelhall-seed-'));
    try {
      await seedDemoWorld(other.database, { files: createFileStore(otherUploads), clock: () => NOW });
      const world = (d: Kysely<DB>) =>
        Promise.all([
          d.selectFrom('posts').select(['text', 'created_at', 'user_id']).orderBy('id').execute(),
          d.selectFrom('comments').select(['text', 'created_at']).orderBy('id').execute(),
          d.selectFrom('post_files').select(['sha256', 'name']).orderBy('id').execute(),
          d.selectFrom('users').select(['username', 'avatar']).orderBy('id').execute(),
        ]);
      expect(await world(other.database.db)).toEqual(await world(db));
    } finally {
      await other.drop();
      rmSync(otherUploads, { recursive: true, force: true });
    }
  });
});
