import { cleanFileName, gradeForLevel } from '@pixelhall/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { idPages, iso, jsonArray, jsonDocument, keysetPages, mapPages, type Pages } from './json';

/**
 * What an export holds, read straight from every table that keeps something of the member's.
 * An export is by nature a view across all features, read-only, so its queries live here rather
 * than in a dozen features' public.ts; a feature that adds a table of a member's data adds it
 * here too (docs/internals/account-export.md#what-goes-in).
 *
 * Only the member's own rows, and of other members only what anyone sees (id, user name,
 * nickname). Times are ISO 8601 in UTC. Every list is read in keyset pages (json.ts).
 */

export interface JsonEntry {
  name: string;
  text: () => AsyncGenerator<string>;
}

/** A stored file to copy into the zip under `path`. */
export interface FileEntry {
  path: string;
  sha256: string;
  mime: string;
  createdAt: number;
}

/** The zip's JSON files, in the order they are written; README.txt comes before them. */
export const JSON_FILES = [
  'profile',
  'posts',
  'comments',
  'likes',
  'follows',
  'blacklist',
  'mutes',
  'wallet',
  'props',
  'achievements',
  'bets',
  'archives',
  'favourites',
  'reports',
] as const;
export type JsonFile = (typeof JSON_FILES)[number];

const HASH_PREFIX = 12;

/** A name safe as one path segment on every system an unzip may run on. */
function segment(name: string, fallback: string): string {
  const safe = cleanFileName(name)
    .replace(/[<>:"/\\|?*]/g, '_')
    .replace(/^[.\s]+|[.\s]+$/g, '')
    .slice(0, 80);
  return safe || fallback;
}

const EXTENSIONS: Record<string, string> = {
  'image/webp': 'webp',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
  'application/zip': 'zip',
  'application/gzip': 'gz',
  'text/plain': 'txt',
  'audio/mpeg': 'mp3',
  'video/mp4': 'mp4',
};
const extensionOf = (mime: string) => EXTENSIONS[mime] ?? 'bin';

/** A post's file: `files/posts/<post>-<hash prefix>-<its name>`. */
export function postFilePath(file: { post_id: number; sha256: string; name: string }): string {
  return `files/posts/${file.post_id}-${file.sha256.slice(0, HASH_PREFIX)}-${segment(file.name, 'file')}`;
}

/** A save's state file or screenshot: `files/saves/<game>-slot<n>-v<version>-<hash prefix>.<ext>`. */
export function saveFilePath(
  version: { id: number; slot: number; game_name: string },
  sha256: string,
  ext: string,
): string {
  const game = segment(version.game_name, 'game');
  return `files/saves/${game}-slot${version.slot}-v${version.id}-${sha256.slice(0, HASH_PREFIX)}.${ext}`;
}

/** Any other upload of the member's: `files/uploads/<day>-<hash prefix>.<ext>`. */
export function uploadPath(upload: { sha256: string; mime: string; created_at: number }): string {
  const day = new Date(Number(upload.created_at)).toISOString().slice(0, 10);
  return `files/uploads/${day}-${upload.sha256.slice(0, HASH_PREFIX)}.${extensionOf(upload.mime)}`;
}

const num = (v: number | string | bigint) => Number(v);

export function exportData(db: Kysely<DB>, userId: number) {
  /** Other members as anyone sees them, for the ids a page of rows names. */
  async function people(ids: number[]) {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map<number, { username: string; nickname: string }>();
    const rows = await db
      .selectFrom('users')
      .select(['id', 'username', 'nickname'])
      .where('id', 'in', unique)
      .execute();
    return new Map(rows.map((r) => [num(r.id), { username: r.username, nickname: r.nickname }]));
  }
  const person = (map: Awaited<ReturnType<typeof people>>, id: number | null) =>
    id === null ? null : { id, ...(map.get(id) ?? { username: null, nickname: null }) };

  async function profile() {
    const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
    const identities = await db
      .selectFrom('identities')
      .select(['provider', 'email', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
    const level = num(user.level);
    return {
      id: num(user.id),
      username: user.username,
      nickname: user.nickname,
      signature: user.signature,
      avatar: user.avatar,
      email: user.email,
      email_waiting_for_confirmation: user.pending_email,
      visitor_account: user.is_tourist === 1,
      status: user.status,
      level,
      grade: gradeForLevel(level),
      experience: num(user.experience),
      gold: num(user.gold),
      diamonds: num(user.diamonds),
      post_count: num(user.post_count),
      follower_count: num(user.follower_count),
      following_count: num(user.following_count),
      check_in_streak: num(user.checkin_streak),
      check_in_days: num(user.checkin_days),
      has_password: user.password_hash !== null,
      linked_sign_ins: identities.map((i) => ({
        provider: i.provider,
        email: i.email,
        linked_at: iso(i.created_at),
      })),
      created_at: iso(user.created_at),
      updated_at: iso(user.updated_at),
    };
  }

  function posts(): Pages<unknown> {
    const pages = idPages(
      (after, limit) =>
        db
          .selectFrom('posts as p')
          .innerJoin('topics as t', 't.id', 'p.topic_id')
          .select([
            'p.id',
            'p.topic_id',
            't.name as topic',
            'p.text',
            'p.color',
            'p.style',
            'p.link',
            'p.price',
            'p.comments_open',
            'p.like_count',
            'p.comment_count',
            'p.share_count',
            'p.pinned_at',
            'p.topic_pinned_until',
            'p.created_at',
            'p.updated_at',
          ])
          .where('p.user_id', '=', userId)
          .where('p.id', '>', after)
          .orderBy('p.id')
          .limit(limit)
          .execute(),
      (row) => num(row.id),
    );
    return mapPages(pages, async (rows) => {
      const files = await db
        .selectFrom('post_files')
        .select(['post_id', 'position', 'sha256', 'name', 'mime', 'bytes', 'is_image', 'width', 'height'])
        .where(
          'post_id',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('post_id')
        .orderBy('position')
        .execute();
      return rows.map((p) => ({
        id: num(p.id),
        topic: { id: num(p.topic_id), name: p.topic },
        text: p.text,
        color: p.color,
        style: p.style,
        link: p.link,
        price: num(p.price),
        comments_open: p.comments_open === 1,
        like_count: num(p.like_count),
        comment_count: num(p.comment_count),
        share_count: num(p.share_count),
        pinned_at: iso(p.pinned_at),
        topic_pinned_until: iso(p.topic_pinned_until),
        files: files
          .filter((f) => num(f.post_id) === num(p.id))
          .map((f) => ({
            name: f.name,
            mime: f.mime,
            bytes: num(f.bytes),
            picture: f.is_image === 1,
            width: f.width,
            height: f.height,
            sha256: f.sha256,
            path: postFilePath({ post_id: num(f.post_id), sha256: f.sha256, name: f.name }),
          })),
        created_at: iso(p.created_at),
        updated_at: iso(p.updated_at),
      }));
    });
  }

  function comments(): Pages<unknown> {
    const pages = idPages(
      (after, limit) =>
        db
          .selectFrom('comments')
          .select([
            'id',
            'post_id',
            'root_id',
            'parent_id',
            'reply_to_user_id',
            'text',
            'like_count',
            'reply_count',
            'created_at',
          ])
          .where('user_id', '=', userId)
          .where('id', '>', after)
          .orderBy('id')
          .limit(limit)
          .execute(),
      (row) => num(row.id),
    );
    return mapPages(pages, async (rows) => {
      const names = await people(
        rows.flatMap((r) => (r.reply_to_user_id === null ? [] : [num(r.reply_to_user_id)])),
      );
      return rows.map((c) => ({
        id: num(c.id),
        post_id: num(c.post_id),
        thread_id: c.root_id === null ? null : num(c.root_id),
        reply_to_comment_id: c.parent_id === null ? null : num(c.parent_id),
        reply_to_member: person(names, c.reply_to_user_id === null ? null : num(c.reply_to_user_id)),
        text: c.text,
        like_count: num(c.like_count),
        reply_count: num(c.reply_count),
        created_at: iso(c.created_at),
      }));
    });
  }

  function likedPosts(): Pages<unknown> {
    return mapPages(
      idPages(
        (after, limit) =>
          db
            .selectFrom('post_likes')
            .select(['post_id', 'created_at'])
            .where('user_id', '=', userId)
            .where('post_id', '>', after)
            .orderBy('post_id')
            .limit(limit)
            .execute(),
        (row) => num(row.post_id),
      ),
      (rows) => rows.map((r) => ({ post_id: num(r.post_id), liked_at: iso(r.created_at) })),
    );
  }

  function likedComments(): Pages<unknown> {
    return mapPages(
      idPages(
        (after, limit) =>
          db
            .selectFrom('comment_likes')
            .innerJoin('comments', 'comments.id', 'comment_likes.comment_id')
            .select(['comment_likes.comment_id', 'comments.post_id', 'comment_likes.created_at'])
            .where('comment_likes.user_id', '=', userId)
            .where('comment_likes.comment_id', '>', after)
            .orderBy('comment_likes.comment_id')
            .limit(limit)
            .execute(),
        (row) => num(row.comment_id),
      ),
      (rows) =>
        rows.map((r) => ({
          comment_id: num(r.comment_id),
          post_id: num(r.post_id),
          liked_at: iso(r.created_at),
        })),
    );
  }

  /** Members related to this one through a (member, other, created_at) table, with their names. */
  function members<Row extends { other: number | string; created_at: number | string }>(
    fetch: (after: number, limit: number) => Promise<Row[]>,
    at: string,
    extra: (row: Row) => object = () => ({}),
  ): Pages<unknown> {
    return mapPages(
      idPages(
        (after, limit) => fetch(after, limit),
        (row) => num(row.other),
      ),
      async (rows) => {
        const names = await people(rows.map((r) => num(r.other)));
        return rows.map((r) => ({ ...person(names, num(r.other)), [at]: iso(r.created_at), ...extra(r) }));
      },
    );
  }

  const following = () =>
    members(
      (after, limit) =>
        db
          .selectFrom('follows')
          .select(['followee_id as other', 'created_at'])
          .where('follower_id', '=', userId)
          .where('followee_id', '>', after)
          .orderBy('followee_id')
          .limit(limit)
          .execute(),
      'followed_at',
    );

  const followers = () =>
    members(
      (after, limit) =>
        db
          .selectFrom('follows')
          .select(['follower_id as other', 'created_at'])
          .where('followee_id', '=', userId)
          .where('follower_id', '>', after)
          .orderBy('follower_id')
          .limit(limit)
          .execute(),
      'followed_at',
    );

  const blacklist = () =>
    members(
      (after, limit) =>
        db
          .selectFrom('blacklist')
          .select(['blocked_id as other', 'created_at'])
          .where('user_id', '=', userId)
          .where('blocked_id', '>', after)
          .orderBy('blocked_id')
          .limit(limit)
          .execute(),
      'blocked_at',
    );

  function topics(): Pages<unknown> {
    return mapPages(
      idPages(
        (after, limit) =>
          db
            .selectFrom('topic_follows')
            .innerJoin('topics', 'topics.id', 'topic_follows.topic_id')
            .select(['topic_follows.topic_id', 'topics.name', 'topic_follows.created_at'])
            .where('topic_follows.user_id', '=', userId)
            .where('topic_follows.topic_id', '>', after)
            .orderBy('topic_follows.topic_id')
            .limit(limit)
            .execute(),
        (row) => num(row.topic_id),
      ),
      (rows) => rows.map((r) => ({ id: num(r.topic_id), name: r.name, followed_at: iso(r.created_at) })),
    );
  }

  const mutedMembers = () =>
    members(
      (after, limit) =>
        db
          .selectFrom('member_mutes')
          .select(['muted_user_id as other', 'created_at', 'until_at'])
          .where('user_id', '=', userId)
          .where('muted_user_id', '>', after)
          .orderBy('muted_user_id')
          .limit(limit)
          .execute(),
      'muted_at',
      // null: until the member takes it back.
      (row) => ({ until: iso(row.until_at) }),
    );

  function mutedWords(): Pages<unknown> {
    return mapPages(
      idPages(
        (after, limit) =>
          db
            .selectFrom('muted_words')
            .select(['id', 'phrase', 'created_at'])
            .where('user_id', '=', userId)
            .where('id', '>', after)
            .orderBy('id')
            .limit(limit)
            .execute(),
        (row) => num(row.id),
      ),
      (rows) => rows.map((r) => ({ phrase: r.phrase, muted_at: iso(r.created_at) })),
    );
  }

  function wallet(): Pages<unknown> {
    return mapPages(
      idPages(
        (after, limit) =>
          db
            .selectFrom('ledger')
            .select([
              'id',
              'currency',
              'amount',
              'balance_after',
              'reason',
              'ref_type',
              'ref_id',
              'reverses_id',
              'created_at',
            ])
            .where('user_id', '=', userId)
            .where('id', '>', after)
            .orderBy('id')
            .limit(limit)
            .execute(),
        (row) => num(row.id),
      ),
      (rows) =>
        rows.map((r) => ({
          id: num(r.id),
          currency: r.currency,
          amount: num(r.amount),
          balance_after: r.balance_after === null ? null : num(r.balance_after),
          reason: r.reason,
          ref_type: r.ref_type,
          ref_id: r.ref_id === null ? null : num(r.ref_id),
          reverses_id: r.reverses_id === null ? null : num(r.reverses_id),
          at: iso(r.created_at),
        })),
    );
  }

  function propsBought(): Pages<unknown> {
    return mapPages(
      idPages(
        (after, limit) =>
          db
            .selectFrom('user_props as up')
            .innerJoin('props as p', 'p.id', 'up.prop_id')
            .select(['up.id', 'p.code', 'p.name', 'up.count', 'up.expires_at', 'up.acquired_at'])
            .where('up.user_id', '=', userId)
            .where('up.id', '>', after)
            .orderBy('up.id')
            .limit(limit)
            .execute(),
        (row) => num(row.id),
      ),
      (rows) =>
        rows.map((r) => ({
          prop: r.code,
          name: r.name,
          left: num(r.count),
          expires_at: iso(r.expires_at),
          bought_at: iso(r.acquired_at),
        })),
    );
  }

  function propsUsed(): Pages<unknown> {
    return mapPages(
      idPages(
        (after, limit) =>
          db
            .selectFrom('prop_uses as u')
            .innerJoin('props as p', 'p.id', 'u.prop_id')
            .select(['u.id', 'p.code', 'u.post_id', 'u.created_at'])
            .where('u.user_id', '=', userId)
            .where('u.id', '>', after)
            .orderBy('u.id')
            .limit(limit)
            .execute(),
        (row) => num(row.id),
      ),
      (rows) =>
        rows.map((r) => ({
          prop: r.code,
          post_id: r.post_id === null ? null : num(r.post_id),
          used_at: iso(r.created_at),
        })),
    );
  }

  async function achievements() {
    // One row per achievement a member earned: as many as there are achievements, at most.
    const rows = await db
      .selectFrom('user_achievements as ua')
      .innerJoin('achievements as a', 'a.id', 'ua.achievement_id')
      .select(['a.code', 'ua.tier', 'ua.earned_at'])
      .where('ua.user_id', '=', userId)
      .orderBy('ua.earned_at')
      .orderBy('a.code')
      .execute();
    return rows.map((r) => ({ achievement: r.code, tier: num(r.tier), earned_at: iso(r.earned_at) }));
  }

  function tasks(): Pages<unknown> {
    return mapPages(
      keysetPages(
        (after: [number, number] | null, limit: number) =>
          db
            .selectFrom('task_progress as tp')
            .innerJoin('tasks as t', 't.id', 'tp.task_id')
            .select(['t.code', 'tp.task_id', 'tp.period', 'tp.progress', 'tp.updated_at', 'tp.claimed_at'])
            .where('tp.user_id', '=', userId)
            .where((eb) => {
              const [period, taskId] = after ?? [-1, 0];
              return eb.or([
                eb('tp.period', '>', period),
                eb.and([eb('tp.period', '=', period), eb('tp.task_id', '>', taskId)]),
              ]);
            })
            .orderBy('tp.period')
            .orderBy('tp.task_id')
            .limit(limit)
            .execute(),
        (row): [number, number] => [num(row.period), num(row.task_id)],
      ),
      (rows) =>
        rows.map((r) => ({
          task: r.code,
          // Daily tasks count per UTC day; 0 is a newcomer task's one period.
          day: num(r.period) === 0 ? null : new Date(num(r.period) * 86_400_000).toISOString().slice(0, 10),
          progress: num(r.progress),
          updated_at: iso(r.updated_at),
          claimed_at: iso(r.claimed_at),
        })),
    );
  }

  function rewards(): Pages<unknown> {
    return mapPages(
      idPages(
        (after, limit) =>
          db
            .selectFrom('rewards')
            .select(['id', 'source', 'source_id', 'gold', 'diamonds', 'experience', 'created_at'])
            .where('user_id', '=', userId)
            .where('id', '>', after)
            .orderBy('id')
            .limit(limit)
            .execute(),
        (row) => num(row.id),
      ),
      (rows) =>
        rows.map((r) => ({
          source: r.source,
          source_id: r.source_id === null ? null : num(r.source_id),
          gold: num(r.gold),
          diamonds: num(r.diamonds),
          experience: num(r.experience),
          at: iso(r.created_at),
        })),
    );
  }

  function bets(): Pages<unknown> {
    return mapPages(
      idPages(
        (after, limit) =>
          db
            .selectFrom('bets as b')
            .innerJoin('bet_events as e', 'e.id', 'b.event_id')
            .innerJoin('bet_options as o', 'o.id', 'b.option_id')
            .select([
              'b.id',
              'e.id as event_id',
              'e.title',
              'o.label',
              'b.amount',
              'b.odds_x100',
              'b.result',
              'b.prize',
              'b.charge',
              'b.created_at',
              'b.settled_at',
            ])
            .where('b.user_id', '=', userId)
            .where('b.id', '>', after)
            .orderBy('b.id')
            .limit(limit)
            .execute(),
        (row) => num(row.id),
      ),
      (rows) =>
        rows.map((r) => ({
          id: num(r.id),
          event: { id: num(r.event_id), title: r.title },
          option: r.label,
          amount: num(r.amount),
          odds: num(r.odds_x100) / 100,
          result: r.result,
          prize: num(r.prize),
          charge: num(r.charge),
          placed_at: iso(r.created_at),
          settled_at: iso(r.settled_at),
        })),
    );
  }

  function archiveVersions(after: number, limit: number) {
    return db
      .selectFrom('archive_versions as v')
      .innerJoin('archive_slots as s', 's.id', 'v.slot_id')
      .select([
        'v.id',
        'v.slot_id',
        's.slot',
        's.game_name',
        's.game_uid',
        's.rom_md5',
        'v.state_sha256',
        'v.image_sha256',
        'v.archive_md5',
        'v.bytes',
        'v.core_name',
        'v.device_id',
        'v.created_at',
      ])
      .where('s.user_id', '=', userId)
      .where('v.id', '>', after)
      .orderBy('v.id')
      .limit(limit)
      .execute();
  }
  type VersionRow = Awaited<ReturnType<typeof archiveVersions>>[number];
  const versionOf = (v: VersionRow) => ({ id: num(v.id), slot: num(v.slot), game_name: v.game_name });

  function archives(): Pages<unknown> {
    return mapPages(
      idPages(archiveVersions, (row) => num(row.id)),
      (rows) =>
        rows.map((v) => ({
          game: { name: v.game_name, game_uid: v.game_uid, rom_md5: v.rom_md5 },
          slot: num(v.slot),
          slot_id: num(v.slot_id),
          version_id: num(v.id),
          core_name: v.core_name,
          device_id: v.device_id,
          bytes: num(v.bytes),
          archive_md5: v.archive_md5,
          saved_at: iso(v.created_at),
          state_file: saveFilePath(versionOf(v), v.state_sha256, 'state'),
          screenshot_file: v.image_sha256 ? saveFilePath(versionOf(v), v.image_sha256, 'webp') : null,
        })),
    );
  }

  function favourites(): Pages<unknown> {
    return mapPages(
      idPages(
        (after, limit) =>
          db
            .selectFrom('game_favourites as f')
            .innerJoin('games as g', 'g.id', 'f.game_id')
            .select(['f.game_id', 'g.game_uid', 'g.game_name', 'f.created_at'])
            .where('f.user_id', '=', userId)
            .where('f.game_id', '>', after)
            .orderBy('f.game_id')
            .limit(limit)
            .execute(),
        (row) => num(row.game_id),
      ),
      (rows) => rows.map((r) => ({ game_uid: r.game_uid, name: r.game_name, added_at: iso(r.created_at) })),
    );
  }

  function plays(): Pages<unknown> {
    return mapPages(
      idPages(
        (after, limit) =>
          db
            .selectFrom('game_plays as p')
            .innerJoin('games as g', 'g.id', 'p.game_id')
            .select([
              'p.game_id',
              'g.game_uid',
              'g.game_name',
              'p.times',
              'p.first_played_at',
              'p.last_played_at',
            ])
            .where('p.user_id', '=', userId)
            .where('p.game_id', '>', after)
            .orderBy('p.game_id')
            .limit(limit)
            .execute(),
        (row) => num(row.game_id),
      ),
      (rows) =>
        rows.map((r) => ({
          game_uid: r.game_uid,
          name: r.game_name,
          times: num(r.times),
          first_played_at: iso(r.first_played_at),
          last_played_at: iso(r.last_played_at),
        })),
    );
  }

  function reports(): Pages<unknown> {
    return mapPages(
      idPages(
        (after, limit) =>
          db
            .selectFrom('reports')
            .select(['id', 'target', 'target_id', 'reason', 'text', 'created_at'])
            .where('reporter_id', '=', userId)
            .where('id', '>', after)
            .orderBy('id')
            .limit(limit)
            .execute(),
        (row) => num(row.id),
      ),
      (rows) =>
        rows.map((r) => ({
          target: r.target,
          target_id: num(r.target_id),
          reason: r.reason,
          text: r.text,
          sent_at: iso(r.created_at),
        })),
    );
  }

  function feedback(): Pages<unknown> {
    return mapPages(
      idPages(
        (after, limit) =>
          db
            .selectFrom('feedback')
            .select(['id', 'device_name', 'device_version', 'problem', 'email', 'created_at'])
            .where('user_id', '=', userId)
            .where('id', '>', after)
            .orderBy('id')
            .limit(limit)
            .execute(),
        (row) => num(row.id),
      ),
      (rows) =>
        rows.map((r) => ({
          device: r.device_name,
          device_version: r.device_version,
          problem: r.problem,
          email: r.email,
          sent_at: iso(r.created_at),
        })),
    );
  }

  const json: Record<JsonFile, () => AsyncGenerator<string>> = {
    profile: async function* () {
      yield `${JSON.stringify(await profile(), null, 2)}\n`;
    },
    posts: () => jsonArray(posts()),
    comments: () => jsonArray(comments()),
    likes: () =>
      jsonDocument([
        ['posts', { rows: likedPosts() }],
        ['comments', { rows: likedComments() }],
      ]),
    follows: () =>
      jsonDocument([
        ['following', { rows: following() }],
        ['followers', { rows: followers() }],
        ['topics', { rows: topics() }],
      ]),
    blacklist: () => jsonArray(blacklist()),
    mutes: () =>
      jsonDocument([
        ['members', { rows: mutedMembers() }],
        ['words', { rows: mutedWords() }],
      ]),
    wallet: () => jsonArray(wallet()),
    props: () =>
      jsonDocument([
        ['bought', { rows: propsBought() }],
        ['used', { rows: propsUsed() }],
      ]),
    achievements: async function* () {
      yield* jsonDocument([
        ['achievements', { value: await achievements() }],
        ['tasks', { rows: tasks() }],
        ['rewards', { rows: rewards() }],
      ]);
    },
    bets: () => jsonArray(bets()),
    archives: () => jsonArray(archives()),
    favourites: () =>
      jsonDocument([
        ['favourites', { rows: favourites() }],
        ['played', { rows: plays() }],
      ]),
    reports: () =>
      jsonDocument([
        ['reports', { rows: reports() }],
        ['feedback', { rows: feedback() }],
      ]),
  };

  /**
   * Every stored file of the member's: the files of their posts, their saves' state files and
   * screenshots, then whatever else they uploaded and neither names (a profile picture, an upload
   * not attached yet). A file used twice is copied under each name, so posts.json and
   * archives.json can point at theirs. Read in pages, like the JSON.
   */
  async function* files(): AsyncGenerator<FileEntry> {
    const postFiles = idPages(
      (after, limit) =>
        db
          .selectFrom('post_files as f')
          .innerJoin('posts as p', 'p.id', 'f.post_id')
          .select(['f.id', 'f.post_id', 'f.sha256', 'f.name', 'f.mime', 'p.created_at'])
          .where('p.user_id', '=', userId)
          .where('f.id', '>', after)
          .orderBy('f.id')
          .limit(limit)
          .execute(),
      (row) => num(row.id),
    );
    for await (const rows of postFiles) {
      for (const f of rows) {
        yield {
          path: postFilePath({ post_id: num(f.post_id), sha256: f.sha256, name: f.name }),
          sha256: f.sha256,
          mime: f.mime,
          createdAt: num(f.created_at),
        };
      }
    }
    for await (const rows of idPages(archiveVersions, (row) => num(row.id))) {
      for (const v of rows) {
        yield {
          path: saveFilePath(versionOf(v), v.state_sha256, 'state'),
          sha256: v.state_sha256,
          mime: 'application/octet-stream',
          createdAt: num(v.created_at),
        };
        if (v.image_sha256) {
          yield {
            path: saveFilePath(versionOf(v), v.image_sha256, 'webp'),
            sha256: v.image_sha256,
            mime: 'image/webp',
            createdAt: num(v.created_at),
          };
        }
      }
    }
    const others = keysetPages(
      (after: string | null, limit: number) =>
        db
          .selectFrom('upload_owners as o')
          .innerJoin('uploads as u', 'u.sha256', 'o.sha256')
          .select(['o.sha256', 'u.mime', 'o.created_at'])
          .where('o.user_id', '=', userId)
          .where('o.sha256', '>', after ?? '')
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('post_files as f')
                  .innerJoin('posts as p', 'p.id', 'f.post_id')
                  .select('f.id')
                  .whereRef('f.sha256', '=', 'o.sha256')
                  .where('p.user_id', '=', userId),
              ),
            ),
          )
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('archive_versions as v')
                  .innerJoin('archive_slots as s', 's.id', 'v.slot_id')
                  .select('v.id')
                  .where('s.user_id', '=', userId)
                  .where((inner) =>
                    inner.or([
                      inner('v.state_sha256', '=', inner.ref('o.sha256')),
                      inner('v.image_sha256', '=', inner.ref('o.sha256')),
                    ]),
                  ),
              ),
            ),
          )
          .orderBy('o.sha256')
          .limit(limit)
          .execute(),
      (row) => row.sha256,
    );
    for await (const rows of others) {
      for (const u of rows) {
        yield {
          path: uploadPath({ sha256: u.sha256, mime: u.mime, created_at: num(u.created_at) }),
          sha256: u.sha256,
          mime: u.mime,
          createdAt: num(u.created_at),
        };
      }
    }
  }

  return { json, files };
}
