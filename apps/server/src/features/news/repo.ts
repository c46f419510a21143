import { type Author, gradeForLevel } from '@pixelhall/contract';
import { type Kysely, sql } from 'kysely';
import { compiledOnce, type Params } from '../../db/compiled-once';
import type { PageStart } from '../../db/keyset';
import type { DB } from '../../db/schema';
import { mutedBy, mutes } from '../mutes/public';
import { blockedBy } from '../people/public';

const COLUMNS = ['id', 'kind', 'text', 'actor_id', 'ref_type', 'ref_id', 'read_at', 'created_at'] as const;

/** Members get news in batches of this many rows per statement when an operator broadcasts. */
const BROADCAST_BATCH = 500;

/**
 * What a member's inbox shows at `now`: news from members they blocked, or mute for now
 * (docs/internals/mutes.md), stays out of sight.
 */
const inboxOf = (db: Kysely<DB>, userId: number, now: number) =>
  db
    .selectFrom('news')
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('actor_id', 'is', null),
        eb.and([
          eb('actor_id', 'not in', blockedBy(db, userId)),
          eb('actor_id', 'not in', mutedBy(db, userId, now)),
        ]),
      ]),
    );

/**
 * The blacklist entry of `userId` for the actor in the column `actor` of the enclosing query, if
 * any (none for a null actor). latest/news asks `not exists` of it, a primary-key probe per row:
 * `not in` the blacklist would build the list and a Bloom filter of it on every run, which costs
 * SQLite more than the few rows read there.
 */
const blockedActor = (db: Kysely<DB>, userId: number, actor: 'news.actor_id' | 'unread.actor_id') =>
  db
    .selectFrom('blacklist')
    .select('blacklist.blocked_id')
    .where('blacklist.user_id', '=', userId)
    .where('blacklist.blocked_id', '=', sql.ref<number>(actor));

/**
 * latest/news, which the app calls on every visit: the newest item with the unread count beside
 * it, the post it quotes (the gate's columns) and the actor's card, one statement (an inbox without a
 * newest item has nothing unread), built once (db/compiled-once.ts). A page of news reads the
 * comments' posts, the quoted texts and the actors in statements of their own (service.ts); this one
 * item saves three.
 */
const newestWithUnread = compiledOnce((db, p: Params<{ userId: number; now: number }>) =>
  db
    .selectFrom('news')
    .leftJoin('users as actor', 'actor.id', 'news.actor_id')
    .leftJoin('comments as quoted_comment', (join) =>
      join.onRef('quoted_comment.id', '=', 'news.ref_id').on('news.ref_type', '=', 'comment'),
    )
    // The post the item is about: its own, or its comment's (none once that comment is gone).
    .leftJoin('posts as quoted', (join) =>
      join.on((eb) =>
        eb(
          'quoted.id',
          '=',
          eb.fn.coalesce(
            'quoted_comment.post_id',
            eb.case().when('news.ref_type', '=', 'post').then(eb.ref('news.ref_id')).end(),
          ),
        ),
      ),
    )
    .leftJoin('topics as quoted_topic', 'quoted_topic.id', 'quoted.topic_id')
    .where('news.user_id', '=', p.userId)
    .where((eb) => eb.not(eb.exists(blockedActor(db, p.userId, 'news.actor_id'))))
    .where((eb) => eb.not(eb.exists(mutes(db, p.userId, 'news.actor_id', p.now))))
    .select(COLUMNS.map((c) => `news.${c}` as const))
    .select([
      'actor.id as actor_found',
      'actor.nickname as actor_nickname',
      'actor.avatar as actor_avatar',
      'actor.level as actor_level',
      'quoted_comment.post_id as comment_post_id',
      'quoted_comment.removed_at as comment_removed_at',
      'quoted.id as quoted_id',
      'quoted.user_id as quoted_user_id',
      'quoted.price as quoted_price',
      'quoted.text as quoted_text',
      'quoted.removed_at as quoted_removed_at',
      'quoted.held_at as quoted_held_at',
      'quoted_topic.min_age as quoted_min_age',
    ])
    .select((eb) => [
      eb
        .selectFrom('news as unread')
        .select(eb.fn.countAll<number>().as('count'))
        .where('unread.user_id', '=', p.userId)
        .where('unread.read_at', 'is', null)
        .where((eb) => eb.not(eb.exists(blockedActor(db, p.userId, 'unread.actor_id'))))
        .where((eb) => eb.not(eb.exists(mutes(db, p.userId, 'unread.actor_id', p.now))))
        .as('unread'),
    ])
    .orderBy('news.created_at', 'desc')
    .orderBy('news.id', 'desc')
    .limit(1),
);

const commentPosts = compiledOnce((db, p: Params<{ ids: number[] }>, n: number) =>
  db.selectFrom('comments').select(['id', 'post_id', 'removed_at']).where('id', 'in', p.list('ids', n)),
);

/** A member's inbox as they read it, and the operators' broadcasts (activity/news.ts adds the rest). */
export function newsRepo(db: Kysely<DB>, clock: () => number = Date.now) {
  const inbox = (userId: number) => inboxOf(db, userId, clock());

  return {
    /**
     * The newest item, read or not, and how many are unread: what latest/news shows; with the post
     * its comment is about and its actor's card (null when that member is gone).
     */
    async latest(userId: number) {
      const [row] = await newestWithUnread(db, { userId, now: clock() });
      if (!row) return { unread: 0, newest: undefined, commentPostId: null, actor: null, quoted: null };
      const {
        unread,
        comment_post_id,
        comment_removed_at,
        actor_found,
        actor_nickname,
        actor_avatar,
        actor_level,
        quoted_id,
        quoted_user_id,
        quoted_price,
        quoted_text,
        quoted_min_age,
        quoted_removed_at,
        quoted_held_at,
        ...newest
      } = row;
      const actor: Author | null =
        actor_found === null || actor_nickname === null || actor_avatar === null || actor_level === null
          ? null
          : {
              id: Number(actor_found),
              nickname: actor_nickname,
              avatar: actor_avatar,
              level: actor_level,
              grade: gradeForLevel(actor_level),
            };
      return {
        unread: Number(unread),
        newest,
        commentPostId: comment_post_id === null ? null : Number(comment_post_id),
        commentRemoved: comment_removed_at !== null,
        actor,
        quoted:
          quoted_id === null ||
          quoted_user_id === null ||
          quoted_price === null ||
          quoted_text === null ||
          quoted_min_age === null
            ? null
            : {
                id: quoted_id,
                user_id: quoted_user_id,
                price: quoted_price,
                text: quoted_text,
                min_age: quoted_min_age,
                removed_at: quoted_removed_at,
                held_at: quoted_held_at,
              },
      };
    },

    async count(userId: number): Promise<number> {
      const { count } = await inbox(userId)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(count);
    },

    /** Newest first, keyset over (created_at, id). */
    page: (userId: number, start: PageStart, limit: number) =>
      inbox(userId)
        .select(COLUMNS)
        .$if(start.after !== null, (q) =>
          q.where(({ eb, refTuple, tuple }) =>
            eb(refTuple('created_at', 'id'), '<', tuple(start.after![0]!, start.after![1]!)),
          ),
        )
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .offset(start.offset)
        .limit(limit)
        .execute(),

    /** Every unread item becomes read; answers how many changed. */
    async markAllRead(userId: number, now: number): Promise<number> {
      const result = await db
        .updateTable('news')
        .set({ read_at: now })
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** The posts that comments (by id) belong to; comments that are gone are left out. */
    /** The post of each comment, and which of them a moderator removed. */
    async postsOfComments(
      commentIds: number[],
    ): Promise<{ posts: Map<number, number>; removed: Set<number> }> {
      if (commentIds.length === 0) return { posts: new Map(), removed: new Set() };
      const rows = await commentPosts(db, { ids: commentIds }, commentIds.length);
      return {
        posts: new Map(rows.map((r) => [Number(r.id), Number(r.post_id)])),
        removed: new Set(rows.filter((r) => r.removed_at !== null).map((r) => Number(r.id))),
      };
    },

    /**
     * System news for every active member who is not a visitor, written in batches by id so a
     * large membership never makes one huge statement. Answers how many members got it.
     */
    async broadcast(text: string, now: number): Promise<number> {
      let sent = 0;
      let lastId = 0;
      for (;;) {
        const ids = await db
          .selectFrom('users')
          .select('id')
          .where('status', '=', 'active')
          .where('is_tourist', '=', 0)
          .where('id', '>', lastId)
          .orderBy('id')
          .limit(BROADCAST_BATCH)
          .execute();
        if (ids.length === 0) return sent;
        await db
          .insertInto('news')
          .values(ids.map(({ id }) => ({ user_id: Number(id), kind: 'system', text, created_at: now })))
          .execute();
        sent += ids.length;
        lastId = Number(ids[ids.length - 1]!.id);
      }
    },
  };
}
export type NewsRepo = ReturnType<typeof newsRepo>;
export type NewsRow = Awaited<ReturnType<NewsRepo['page']>>[number];
