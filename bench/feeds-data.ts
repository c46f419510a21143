/**
 * The feeds benchmark's data: a SQLite file with the app's schema and a community of
 * BENCH_MEMBERS members and BENCH_POSTS posts, likes, follows and blacklists, so that feed queries
 * do the work they do in a big deployment. Written with better-sqlite3 directly (prepared
 * statements, one transaction, indexes built after the rows) and cached under bench/.cache by a
 * key over the migrations, the hot-score formula, the demo texts and this generator, so reruns
 * skip it.
 */
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADULT_AGE, LEVEL_TOPIC_CREATE } from '@pixelhall/contract';
import { openDatabase } from '@pixelhall/server/src/db/database';
import { migrateToLatest } from '@pixelhall/server/src/db/migrate';
import { hotScore } from '@pixelhall/server/src/features/posts/hot-score';
import { COLORS, STYLES } from '@pixelhall/server/src/features/posts/palette';
import { MAKER_POSTS } from '@pixelhall/server/src/seed/community/posts-makers';
import { TALK_POSTS } from '@pixelhall/server/src/seed/community/posts-talk';
import { CATEGORIES, TOPICS } from '@pixelhall/server/src/seed/community/topics';
import { createRandom, type Random } from '@pixelhall/server/src/seed/random';
import SQLite from 'better-sqlite3';

/** Bump when the generated data changes shape; the cache key includes it. */
const GENERATOR_VERSION = 1;

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SERVER_SRC = path.resolve(HERE, '../apps/server/src');
const DAY = 86_400_000;

/** The member the benchmark signs in as: follows, likes and a blacklist of busy authors. */
export const VIEWER = 'benchviewer';

export interface FeedsData {
  file: string;
  posts: number;
  members: number;
  /** How long generating took (when this run reused the cache: the run that made it). */
  seconds: number;
  bytes: number;
  cached: boolean;
}

function cacheKey(posts: number, members: number): string {
  const hash = createHash('sha256').update(JSON.stringify({ GENERATOR_VERSION, posts, members }));
  const migrations = path.join(SERVER_SRC, 'db/migrations');
  for (const name of readdirSync(migrations).sort()) hash.update(readFileSync(path.join(migrations, name)));
  // The formula scores are computed with, and the demo texts and topics posts are made from.
  for (const source of [
    'features/posts/hot-score.ts',
    'seed/community/posts-talk.ts',
    'seed/community/posts-makers.ts',
    'seed/community/topics.ts',
  ])
    hash.update(readFileSync(path.join(SERVER_SRC, source)));
  hash.update(readFileSync(fileURLToPath(import.meta.url)));
  return hash.digest('hex').slice(0, 16);
}

/** The cached database for these sizes, generated first if there is none yet. */
export async function feedsDatabase(options: {
  posts: number;
  members: number;
  cacheDir: string;
}): Promise<FeedsData> {
  const { posts, members, cacheDir } = options;
  if (members < 1000 || posts < 1000)
    throw new Error('the feeds data needs at least 1,000 members and 1,000 posts');
  const file = path.join(cacheDir, `feeds-${posts}-${members}-${cacheKey(posts, members)}.db`);
  const meta = `${file}.json`;
  if (existsSync(file) && existsSync(meta)) {
    const { seconds } = JSON.parse(readFileSync(meta, 'utf8')) as { seconds: number };
    return { file, posts, members, seconds, bytes: statSync(file).size, cached: true };
  }
  mkdirSync(cacheDir, { recursive: true });
  // Files of the same sizes under an older key are stale: a gigabyte each, so they go.
  const stale = `feeds-${posts}-${members}-`;
  for (const name of readdirSync(cacheDir)) if (name.startsWith(stale)) rmSync(path.join(cacheDir, name));
  const partial = `${file}.partial`;
  const started = performance.now();
  const database = openDatabase(`file:${partial}`);
  await migrateToLatest(database);
  await database.close();
  generate(partial, posts, members);
  const seconds = (performance.now() - started) / 1000;
  renameSync(partial, file);
  writeFileSync(meta, JSON.stringify({ seconds, posts, members }));
  return { file, posts, members, seconds, bytes: statSync(file).size, cached: false };
}

/** A weighted pick over indexes: cumulative weights and a binary search. */
function weighted(weights: number[]): (rnd: Random) => number {
  const cumulative: number[] = [];
  let sum = 0;
  for (const w of weights) {
    sum += w;
    cumulative.push(sum);
  }
  return (rnd) => {
    const target = rnd.next() * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! > target) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
}

/** Exponentially distributed, rounded down: most posts get a little, a few get a lot. */
const exponential = (rnd: Random, mean: number) => Math.floor(-Math.log(1 - rnd.next()) * mean);

const EXTRA_TOPICS = [
  'Neo Geo',
  'PC Engine',
  'Atari 2600',
  'Master System',
  'Game Gear',
  'Atari Lynx',
  'Virtual Boy',
  'Nintendo 64',
  'PlayStation',
  'Saturn',
  'Dreamcast',
  'MSX',
  'ZX Spectrum',
  'Commodore 64',
  'Amiga',
  'Arcade boards',
  'Light guns',
  'Box art',
  'Manuals & maps',
  'Translations',
  'ROM hacks',
  'Tool-assisted runs',
  'Randomizers',
  'Cheat codes',
  'Collecting',
];

/** Sentences of the demo world's posts and comments: text to compose posts from. */
function sentencePool(): string[] {
  const texts: string[] = [];
  const walk = (c: { text: string; replies?: { text: string }[] }) => {
    texts.push(c.text);
    for (const r of c.replies ?? []) walk(r);
  };
  for (const p of [...TALK_POSTS, ...MAKER_POSTS]) {
    texts.push(p.text);
    for (const c of p.comments ?? []) walk(c);
  }
  return texts
    .flatMap((t) => t.split(/(?<=[.!?])\s+|\n+/))
    .map((s) => s.trim())
    .filter((s) => s.length > 12);
}

function generate(file: string, postCount: number, memberCount: number): void {
  const rnd = createRandom(20_260_101);
  const db = new SQLite(file);
  // Out of WAL (the migrations' connection set it) into an in-memory rollback journal: one big
  // transaction, nobody else reading. (OFF is refused by this build of SQLite.)
  db.pragma('journal_mode = DELETE');
  db.pragma('journal_mode = MEMORY');
  db.pragma('synchronous = OFF');
  db.pragma('foreign_keys = OFF');
  db.pragma('locking_mode = EXCLUSIVE');
  db.pragma('temp_store = MEMORY');
  db.pragma('cache_size = -524288');

  // Secondary indexes and the full-text indexes their triggers feed are built once, after the
  // rows: far faster than keeping them up to date row by row.
  const schema = (type: 'index' | 'trigger') =>
    db.prepare('select name, sql from sqlite_master where type = ? and sql is not null').all(type) as {
      name: string;
      sql: string;
    }[];
  const indexes = schema('index');
  const triggers = schema('trigger');
  const fullText = (
    db
      .prepare(
        "select name from sqlite_master where type = 'table' and sql like 'create virtual table%using fts5%'",
      )
      .all() as { name: string }[]
  ).map((t) => t.name);
  for (const { name } of indexes) db.exec(`drop index "${name}"`);
  for (const { name } of triggers) db.exec(`drop trigger "${name}"`);

  const end = Date.now();
  const start = end - 365 * DAY;
  const sentences = sentencePool();
  const colorIds = COLORS.map((c) => c.id);

  db.transaction(() => {
    // Categories and topics: the demo world's, plus more consoles and subjects.
    const insertCategory = db.prepare(
      'insert into categories (id, name, icon, topic_type, position, created_at) values (?, ?, ?, 1, ?, ?)',
    );
    for (const [i, c] of CATEGORIES.entries()) insertCategory.run(i + 1, c.name, '', i, start - DAY);
    const topics = [
      ...TOPICS.map((t) => ({
        name: t.name,
        category: CATEGORIES.findIndex((c) => c.key === t.category) + 1,
        description: t.description,
        minLevel: t.minLevel ?? 1,
        minAge: t.minAge ?? 0,
      })),
      ...EXTRA_TOPICS.map((name, i) => ({
        name,
        category: (i % CATEGORIES.length) + 1,
        description: `Everything about ${name}.`,
        minLevel: 1,
        minAge: 0,
      })),
    ];
    const insertTopic = db.prepare(
      'insert into topics (id, category_id, name, icon, description, min_level, min_age, created_by, created_at) values (?, ?, ?, ?, ?, ?, ?, null, ?)',
    );
    for (const [i, t] of topics.entries())
      insertTopic.run(i + 1, t.category, t.name, '', t.description, t.minLevel, t.minAge, start - DAY);
    const levelledTopic = topics.findIndex((t) => t.minLevel >= LEVEL_TOPIC_CREATE) + 1;
    // A few big topics and a long tail; the adult topic stays small.
    const pickTopic = weighted(topics.map((t, i) => (t.minAge >= ADULT_AGE ? 0.4 : 1 / (i + 1) ** 0.7)));

    // Members: id 1 is the viewer; authors are skewed so a few hundred write much of everything.
    const levels = new Int16Array(memberCount + 1);
    const postsBy = new Int32Array(memberCount + 1);
    const followers = new Int32Array(memberCount + 1);
    const following = new Int32Array(memberCount + 1);
    for (let id = 1; id <= memberCount; id++)
      levels[id] = id === 1 ? 30 : Math.min(60, 1 + exponential(rnd, 6));
    const pickAuthor = () => 2 + Math.floor((memberCount - 1) * rnd.next() ** 2.4);
    // Readers are spread wider than authors; the uniform half keeps picking distinct ones quick.
    const pickReader = () => (rnd.chance(0.5) ? pickAuthor() : rnd.int(2, memberCount));

    // Pictures: a few dozen uploads that posts with files point at (lists only need their rows).
    const insertUpload = db.prepare(
      "insert into uploads (sha256, mime, bytes, width, height, owner_id, created_at) values (?, 'image/webp', ?, 768, 512, null, ?)",
    );
    const pictures: string[] = [];
    for (let i = 0; i < 64; i++) {
      const sha = createHash('sha256').update(`bench picture ${i}`).digest('hex');
      pictures.push(sha);
      insertUpload.run(sha, 2000 + i * 37, start);
    }

    const insertPost =
      db.prepare(`insert into posts (id, user_id, topic_id, text, color, style, link, price, pinned_at,
      comments_open, like_count, comment_count, share_count, file_count, hot_score, hot_dirty, created_at, updated_at)
      values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)`);
    const insertLike = db.prepare('insert into post_likes (post_id, user_id, created_at) values (?, ?, ?)');
    const insertFile =
      db.prepare(`insert into post_files (post_id, position, sha256, name, mime, bytes, is_image,
      width, height, access_key, download_count) values (?, ?, ?, ?, 'image/webp', ?, 1, 768, 512, ?, 0)`);
    const topicPosts = new Int32Array(topics.length + 1);
    const step = (end - start) / postCount;
    const likers = new Set<number>();
    for (let id = 1; id <= postCount; id++) {
      const author = pickAuthor();
      let topic = pickTopic(rnd) + 1;
      if (topic === levelledTopic && levels[author]! < LEVEL_TOPIC_CREATE) topic = 1;
      const createdAt = Math.floor(start + (id - 1) * step + rnd.next() * step * 0.9);
      const parts: string[] = [];
      for (let n = 1 + exponential(rnd, 1.6); n > 0; n--) parts.push(rnd.pick(sentences));
      const text = parts.join(' ').slice(0, 4000);
      const viral = rnd.chance(0.002);
      likers.clear();
      const likes = Math.min(memberCount >> 1, viral ? rnd.int(100, 3000) : exponential(rnd, 1.8));
      while (likers.size < likes) likers.add(pickReader());
      // The viewer liked some recent posts, so feeds answer `liked: true` now and then.
      if (createdAt > end - 30 * DAY && rnd.chance(0.03)) likers.add(1);
      const comments = viral ? rnd.int(20, 400) : exponential(rnd, 0.9);
      const shares = viral ? rnd.int(5, 200) : exponential(rnd, 0.2);
      const files = rnd.chance(0.04) ? rnd.int(1, 4) : 0;
      insertPost.run(
        id,
        author,
        topic,
        text,
        rnd.chance(0.06) ? rnd.pick(colorIds) : null,
        rnd.chance(0.02) ? rnd.pick(STYLES.filter((s) => s.min_level <= levels[author]!)).id : null,
        rnd.chance(0.03) ? `https://example.org/retro/${id}` : null,
        rnd.chance(0.005) ? rnd.int(10, 500) : 0,
        // Three pinned posts near the top of the New feed.
        id > postCount - 2000 && id % 700 === 0 ? createdAt + 3_600_000 : null,
        rnd.chance(0.005) ? 0 : 1,
        likers.size,
        comments,
        shares,
        files,
        hotScore({
          like_count: likers.size,
          comment_count: comments,
          share_count: shares,
          created_at: createdAt,
        }),
        createdAt,
        createdAt,
      );
      for (const userId of likers)
        insertLike.run(id, userId, Math.min(end, createdAt + rnd.int(60_000, 2 * DAY)));
      for (let position = 0; position < files; position++)
        insertFile.run(
          id,
          position,
          rnd.pick(pictures),
          `picture-${position + 1}.webp`,
          3000,
          `bench-${id}-${position}`,
        );
      postsBy[author]! += 1;
      topicPosts[topic]! += 1;
    }

    // Follows: most members follow a handful of people, mostly the prolific ones.
    const insertFollow = db.prepare(
      'insert into follows (follower_id, followee_id, created_at) values (?, ?, ?)',
    );
    const followees = new Set<number>();
    for (let id = 1; id <= memberCount; id++) {
      followees.clear();
      const wanted = id === 1 ? 300 : exponential(rnd, 5);
      while (followees.size < Math.min(wanted, memberCount >> 1)) {
        const other = pickReader();
        if (other !== id) followees.add(other);
      }
      for (const other of followees) {
        insertFollow.run(id, other, start + rnd.next() * (end - start));
        followers[other]! += 1;
      }
      following[id] = followees.size;
    }

    const insertTopicFollow = db.prepare(
      'insert into topic_follows (topic_id, user_id, created_at) values (?, ?, ?)',
    );
    const topicFollowers = new Int32Array(topics.length + 1);
    const chosen = new Set<number>();
    for (let id = 1; id <= memberCount; id++) {
      chosen.clear();
      const wanted = id === 1 ? 12 : rnd.int(0, 3);
      while (chosen.size < wanted) chosen.add(pickTopic(rnd) + 1);
      for (const topic of chosen) {
        insertTopicFollow.run(topic, id, start + rnd.next() * (end - start));
        topicFollowers[topic]! += 1;
      }
    }

    // Blacklists: one member in a hundred blocks a few; the viewer blocks forty busy authors, so
    // the feed filter really has posts to leave out.
    const insertBlock = db.prepare(
      'insert into blacklist (user_id, blocked_id, created_at) values (?, ?, ?)',
    );
    const blocked = new Set<number>();
    for (let id = 1; id <= memberCount; id++) {
      if (id !== 1 && !rnd.chance(0.01)) continue;
      blocked.clear();
      const wanted = id === 1 ? 40 : rnd.int(1, 3);
      while (blocked.size < wanted) {
        const other = id === 1 ? 2 + rnd.int(0, 200) : pickAuthor();
        if (other !== id) blocked.add(other);
      }
      for (const other of blocked) insertBlock.run(id, other, end - rnd.int(1, 300) * DAY);
    }

    const insertUser = db.prepare(`insert into users (id, username, email, nickname, signature, avatar, level,
      is_tourist, post_count, follower_count, following_count, created_at, updated_at)
      values (?, ?, ?, ?, ?, '', ?, 0, ?, ?, ?, ?, ?)`);
    const syllables = [
      'pix',
      'el',
      'chip',
      'bit',
      'ret',
      'ro',
      'neo',
      'sam',
      'mo',
      'ka',
      'zu',
      'ri',
      'no',
      'ga',
    ];
    for (let id = 1; id <= memberCount; id++) {
      const username = id === 1 ? VIEWER : `player${id}`;
      const nickname = `${rnd.pick(syllables)}${rnd.pick(syllables)}${rnd.pick(syllables)}`;
      const joined = start - rnd.int(1, 700) * DAY;
      insertUser.run(
        id,
        username,
        `${username}@bench.example`,
        nickname.charAt(0).toUpperCase() + nickname.slice(1),
        '',
        levels[id],
        postsBy[id],
        followers[id],
        following[id],
        joined,
        joined,
      );
    }
    const setTopicCounts = db.prepare('update topics set post_count = ?, follower_count = ? where id = ?');
    for (let t = 1; t <= topics.length; t++) setTopicCounts.run(topicPosts[t], topicFollowers[t], t);
  })();

  for (const { sql } of indexes) db.exec(sql);
  for (const { sql } of triggers) db.exec(sql);
  for (const name of fullText) db.exec(`insert into "${name}"("${name}") values ('rebuild')`);
  db.close();
}
