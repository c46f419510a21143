import type { Insertable, Kysely } from 'kysely';
import type { DB, NewsTable } from '../../db/schema';
import type { Random } from '../random';
import { FOLLOWS, TOPIC_FOLLOWS } from './members';
import type { People } from './people';
import { later, type SeededComment, type SeededPost } from './posts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** News older than this has been seen: the inbox shows a few fresh items, not 200 unread. */
const READ_AFTER = 2 * DAY;

type News = Insertable<NewsTable>;

/**
 * Likes, comment likes, follows and topic follows, with the news each would have sent (the same
 * kinds and references the features write). Nobody gets news about their own doing.
 */
export async function seedEngagement(
  db: Kysely<DB>,
  {
    posts,
    comments,
    people,
    topicIds,
    rnd,
    now,
  }: {
    posts: SeededPost[];
    comments: SeededComment[];
    people: People;
    topicIds: Map<string, number>;
    rnd: Random;
    now: number;
  },
): Promise<void> {
  const news: News[] = [];
  const tell = (userId: number, item: Omit<News, 'user_id' | 'read_at'>) => {
    if (item.actor_id === userId) return;
    const seenAt = Number(item.created_at) + HOUR;
    // Every row names every column: a multi-row insert fills a missing one with null, not its default.
    news.push({
      ref_type: null,
      ref_id: null,
      text: '',
      ...item,
      user_id: userId,
      read_at: now - Number(item.created_at) > READ_AFTER ? seenAt : null,
    });
  };
  const members = people.usernames.map(people.idOf);
  const othersThan = (id: number) => members.filter((m) => m !== id);

  const postLikes = [];
  for (const post of posts) {
    for (const userId of rnd.sample(othersThan(post.authorId), post.spec.likes ?? 0)) {
      const at = later(rnd, post.createdAt, now);
      postLikes.push({ post_id: post.id, user_id: userId, created_at: at });
      tell(post.authorId, {
        kind: 'like',
        actor_id: userId,
        ref_type: 'post',
        ref_id: post.id,
        created_at: at,
      });
    }
  }

  const authorOf = new Map(posts.map((p) => [p.id, p.authorId]));
  const commentLikes = [];
  for (const c of comments) {
    if (c.replyToId === null)
      tell(authorOf.get(c.postId)!, {
        kind: 'comment',
        actor_id: c.authorId,
        ref_type: 'comment',
        ref_id: c.id,
        text: c.text,
        created_at: c.createdAt,
      });
    else
      tell(c.replyToId, {
        kind: 'reply',
        actor_id: c.authorId,
        ref_type: 'comment',
        ref_id: c.id,
        text: c.text,
        created_at: c.createdAt,
      });
    for (const userId of rnd.sample(othersThan(c.authorId), c.likes)) {
      const at = later(rnd, c.createdAt, now);
      commentLikes.push({ comment_id: c.id, user_id: userId, created_at: at });
      tell(c.authorId, {
        kind: 'comment_like',
        actor_id: userId,
        ref_type: 'comment',
        ref_id: c.id,
        text: c.text,
        created_at: at,
      });
    }
  }

  const follows = [];
  for (const [follower, followees] of FOLLOWS)
    for (const followee of followees) {
      const at = now - rnd.int(2, 60 * 24) * HOUR;
      follows.push({
        follower_id: people.idOf(follower),
        followee_id: people.idOf(followee),
        created_at: at,
      });
      tell(people.idOf(followee), { kind: 'follow', actor_id: people.idOf(follower), created_at: at });
    }

  const topicFollows = Object.entries(TOPIC_FOLLOWS).flatMap(([username, keys]) =>
    keys.map((key) => ({
      topic_id: topicIds.get(key)!,
      user_id: people.idOf(username),
      created_at: now - rnd.int(2, 90 * 24) * HOUR,
    })),
  );

  for (const [username, joinedAt] of people.created)
    tell(people.idOf(username), { kind: 'welcome', actor_id: null, created_at: joinedAt });

  if (postLikes.length) await db.insertInto('post_likes').values(postLikes).execute();
  if (commentLikes.length) await db.insertInto('comment_likes').values(commentLikes).execute();
  // On a database in use, demo members (or a topic found by name) may have these rows already.
  if (follows.length)
    await db
      .insertInto('follows')
      .values(follows)
      .onConflict((oc) => oc.doNothing())
      .execute();
  if (topicFollows.length)
    await db
      .insertInto('topic_follows')
      .values(topicFollows)
      .onConflict((oc) => oc.doNothing())
      .execute();
  if (news.length) await db.insertInto('news').values(news).execute();
}
