import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { FirstPages } from './first-pages';

/** Epoch of the time term, in seconds; any fixed instant works, this one keeps scores small. */
const EPOCH_SECONDS = 1_700_000_000;
/** 12.5 hours: a post this much newer outranks one with ten times its engagement. */
const DECAY_SECONDS = 45_000;

/**
 * Reddit-style: engagement counts in orders of magnitude and time is part of the score, so an old
 * post can never be bumped above new ones, and scores never need recomputing as time passes.
 */
export function hotScore(post: {
  like_count: number;
  comment_count: number;
  share_count: number;
  created_at: number;
}): number {
  const engagement = post.like_count + 2 * post.comment_count + 3 * post.share_count;
  return Math.log10(Math.max(1, engagement)) + (post.created_at / 1000 - EPOCH_SECONDS) / DECAY_SECONDS;
}

export const HOT_SCORE_BATCH = 500;

/**
 * Scores up to `limit` posts whose engagement changed (hot_dirty = 1) and answers how many it
 * scored. A post whose counts change while it is being scored keeps its flag (the update matches
 * the counts it read), so the next run scores it again instead of keeping a stale score.
 */
export async function scoreDirtyPosts(db: Kysely<DB>, limit = HOT_SCORE_BATCH): Promise<number> {
  const dirty = await db
    .selectFrom('posts')
    .select(['id', 'like_count', 'comment_count', 'share_count', 'created_at'])
    .where('hot_dirty', '=', 1)
    .orderBy('id')
    .limit(limit)
    .execute();
  if (dirty.length === 0) return 0;
  await db.transaction().execute(async (trx) => {
    for (const post of dirty) {
      await trx
        .updateTable('posts')
        .set({ hot_score: hotScore({ ...post, created_at: Number(post.created_at) }), hot_dirty: 0 })
        .where('id', '=', post.id)
        .where('like_count', '=', post.like_count)
        .where('comment_count', '=', post.comment_count)
        .where('share_count', '=', post.share_count)
        .execute();
    }
  });
  return dirty.length;
}

/** Scores every dirty post now, batch after batch (the `feeds:refresh` command). */
export async function scoreAllDirtyPosts(db: Kysely<DB>): Promise<number> {
  let total = 0;
  for (;;) {
    const scored = await scoreDirtyPosts(db);
    total += scored;
    if (scored < HOT_SCORE_BATCH) return total;
  }
}

/** The batch as the app runs it: new scores reorder Popular, so its shared page 1 is dropped. */
export function hotScoreService({ db, firstPages }: { db: Kysely<DB>; firstPages: FirstPages }) {
  const dropping = async (scored: number) => {
    if (scored > 0) await firstPages.clear();
    return scored;
  };
  return {
    /** One batch of at most `limit` dirty posts; answers how many were scored. */
    run: async (limit?: number) => dropping(await scoreDirtyPosts(db, limit)),
    runAll: async () => dropping(await scoreAllDirtyPosts(db)),
  };
}
