import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { removeNewsAboutComments } from '../activity/public';
import { commentSubtree } from '../comments/public';

/*
 * Erasing one account, in one transaction (docs/internals/account-deletion.md). This is the one
 * place that knows every table a member's data lives in: a new table holding a user id belongs in
 * here (or in the list of what is kept, with its reason), and account-deletion.test.ts fails on a
 * table that refers to users and still holds the erased member's id.
 *
 * What stays, and why: the users row, as a tombstone with no personal data (status `erased`), so
 * the ledger's rows, the operations' keys and others' history (a buyer's payment to the author,
 * bets on an event) keep their foreign keys; the member's ledger rows and balances, which must
 * keep agreeing (rows are never deleted: docs/internals/economy.md); their bets, part of each
 * event's settlement; counts that are only totals (games' plays and downloads, search terms);
 * the moderation record (log entries, answered appeals, reports they made or resolved, filters
 * they added), naming the tombstone but holding none of their words or content.
 */

type Trx = Transaction<DB>;

/** What the tombstone is called: `:` is not allowed in user names, so no member can hold it. */
export const tombstoneUsername = (userId: number) => `deleted:${userId}`;
/** The tombstone's nickname, for operators reading the table; no screen shows an erased member. */
export const TOMBSTONE_NICKNAME = 'Deleted member';

/**
 * Claims the account for erasure and scrubs its row: only while it is still active and due, so
 * of two runners (or a run and a member taking the deletion back) one wins; on PostgreSQL the
 * loser waits for the row and re-reads it. Answers whether this transaction has it.
 */
async function claim(trx: Trx, userId: number, now: number): Promise<boolean> {
  const result = await trx
    .updateTable('users')
    .set({
      status: 'erased',
      erased_at: now,
      updated_at: now,
      username: tombstoneUsername(userId),
      nickname: TOMBSTONE_NICKNAME,
      signature: '',
      avatar: '',
      email: null,
      pending_email: null,
      password_hash: null,
      level: 1,
      experience: 0,
      checkin_day: null,
      checkin_streak: 0,
      checkin_days: 0,
      post_count: 0,
      follower_count: 0,
      following_count: 0,
      // No staff role or sanction outlives the person: the history of both is the moderation log.
      role: 'member',
      role_granted_at: null,
      suspended_until: null,
      suspension_reason: null,
      suspension_action_id: null,
      ban_reason: null,
    })
    .where('id', '=', userId)
    // A ban does not keep a member's data: the deletion they asked for still happens.
    .where('status', 'in', ['active', 'banned'])
    .where('deletion_due_at', 'is not', null)
    .where('deletion_due_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Sign-in of every kind, and every proof of identity: nothing can reach the account again. */
async function eraseAccess(trx: Trx, userId: number): Promise<void> {
  await trx.deleteFrom('game_tokens').where('user_id', '=', userId).execute();
  await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
  await trx.deleteFrom('identities').where('user_id', '=', userId).execute();
  await trx.deleteFrom('email_proofs').where('user_id', '=', userId).execute();
  await trx.deleteFrom('password_resets').where('user_id', '=', userId).execute();
  await trx.deleteFrom('access_grants').where('user_id', '=', userId).execute();
  await trx.deleteFrom('totp_secrets').where('user_id', '=', userId).execute();
  await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await trx.deleteFrom('second_step_tickets').where('user_id', '=', userId).execute();
  await trx.deleteFrom('passkey_challenges').where('user_id', '=', userId).execute();
  await trx.deleteFrom('passkeys').where('user_id', '=', userId).execute();
}

/**
 * Follows both ways, topic follows, the blacklist and mutes both ways. Others' counts go down by
 * the rows really removed, in this transaction (docs/internals/counters.md).
 */
async function eraseRelations(trx: Trx, userId: number): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({ follower_count: eb('follower_count', '-', 1) }))
    .where('id', 'in', trx.selectFrom('follows').select('followee_id').where('follower_id', '=', userId))
    .where('id', '!=', userId)
    .execute();
  await trx
    .updateTable('users')
    .set((eb) => ({ following_count: eb('following_count', '-', 1) }))
    .where('id', 'in', trx.selectFrom('follows').select('follower_id').where('followee_id', '=', userId))
    .where('id', '!=', userId)
    .execute();
  await trx
    .deleteFrom('follows')
    .where((eb) => eb.or([eb('follower_id', '=', userId), eb('followee_id', '=', userId)]))
    .execute();

  await trx
    .updateTable('topics')
    .set((eb) => ({ follower_count: eb('follower_count', '-', 1) }))
    .where('id', 'in', trx.selectFrom('topic_follows').select('topic_id').where('user_id', '=', userId))
    .execute();
  await trx.deleteFrom('topic_follows').where('user_id', '=', userId).execute();

  await trx
    .deleteFrom('blacklist')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('blocked_id', '=', userId)]))
    .execute();
  await trx
    .deleteFrom('member_mutes')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('muted_user_id', '=', userId)]))
    .execute();
  await trx.deleteFrom('muted_words').where('user_id', '=', userId).execute();
}

/** Their likes of others' posts and comments, each count down by one. */
async function eraseLikes(trx: Trx, userId: number): Promise<void> {
  await trx
    .updateTable('posts')
    .set((eb) => ({ like_count: eb('like_count', '-', 1), hot_dirty: 1 }))
    .where('id', 'in', trx.selectFrom('post_likes').select('post_id').where('user_id', '=', userId))
    .where('user_id', '!=', userId)
    .execute();
  await trx.deleteFrom('post_likes').where('user_id', '=', userId).execute();
  await trx
    .updateTable('comments')
    .set((eb) => ({ like_count: eb('like_count', '-', 1) }))
    .where('id', 'in', trx.selectFrom('comment_likes').select('comment_id').where('user_id', '=', userId))
    .where('user_id', '!=', userId)
    .execute();
  await trx.deleteFrom('comment_likes').where('user_id', '=', userId).execute();
}

/**
 * Their comments on others' posts, each as deleting it by hand does (docs/product/comments.md#deleting):
 * with the replies below it, the post's count and the thread's reply count down by as many, and
 * the news about them gone. Outer comments first, so a reply of theirs under their own comment
 * goes with it and is not counted twice.
 */
async function eraseComments(trx: Trx, userId: number): Promise<void> {
  const own = await trx
    .selectFrom('comments')
    .select(['id', 'post_id', 'root_id'])
    .where('user_id', '=', userId)
    .where('post_id', 'not in', trx.selectFrom('posts').select('id').where('user_id', '=', userId))
    .orderBy('depth')
    .orderBy('id')
    .execute();
  const gone = new Set<number>();
  for (const comment of own) {
    const id = Number(comment.id);
    if (gone.has(id)) continue;
    const removed = await commentSubtree(trx, id);
    for (const r of removed) gone.add(r);
    await removeNewsAboutComments(trx, removed);
    // A report keeps the content as it was reported (its snapshot): with the content gone, so is it.
    await trx
      .deleteFrom('reports')
      .where('target', '=', 'comment')
      .where('target_id', 'in', removed)
      .execute();
    if (comment.root_id !== null) {
      await trx
        .updateTable('comments')
        .set((eb) => ({ reply_count: eb('reply_count', '-', removed.length) }))
        .where('id', '=', Number(comment.root_id))
        .execute();
    }
    await trx
      .updateTable('posts')
      .set((eb) => ({ comment_count: eb('comment_count', '-', removed.length), hot_dirty: 1 }))
      .where('id', '=', Number(comment.post_id))
      .execute();
    // The foreign keys (parent_id, root_id, comment_id) take the replies, the comments' likes and
    // their earlier versions (comment_versions) along.
    await trx.deleteFrom('comments').where('id', '=', id).execute();
  }
  // Nothing left of theirs should name them as the one replied to.
  await trx
    .updateTable('comments')
    .set({ reply_to_user_id: null })
    .where('reply_to_user_id', '=', userId)
    .execute();
}

/**
 * Their posts, each as deleting it by hand does (docs/product/posts-and-feeds.md): with its
 * comments and their likes, its likes, unlocks and files, and the news and reports that point at
 * them. A buyer's unlock goes too; the buyer's ledger rows stay, naming a post that is gone. Earlier
 * versions (post_versions, comment_versions) go with their post or comment by their foreign keys'
 * cascade, as when an author deletes one. Removed and held posts are theirs as much as any.
 */
async function erasePosts(trx: Trx, userId: number): Promise<void> {
  const posts = trx.selectFrom('posts').select('id').where('user_id', '=', userId);
  const comments = trx.selectFrom('comments').select('id').where('post_id', 'in', posts);
  await trx
    .deleteFrom('news')
    .where((eb) =>
      eb.or([
        eb.and([eb('ref_type', '=', 'post'), eb('ref_id', 'in', posts)]),
        eb.and([eb('ref_type', '=', 'comment'), eb('ref_id', 'in', comments)]),
      ]),
    )
    .execute();
  await trx
    .deleteFrom('reports')
    .where((eb) =>
      eb.or([
        eb.and([eb('target', '=', 'post'), eb('target_id', 'in', posts)]),
        eb.and([eb('target', '=', 'comment'), eb('target_id', 'in', comments)]),
      ]),
    )
    .execute();
  await trx.deleteFrom('comment_likes').where('comment_id', 'in', comments).execute();
  await trx.deleteFrom('comments').where('post_id', 'in', posts).execute();
  await trx.deleteFrom('post_likes').where('post_id', 'in', posts).execute();
  await trx.deleteFrom('post_unlocks').where('post_id', 'in', posts).execute();
  await trx.deleteFrom('post_files').where('post_id', 'in', posts).execute();
  const perTopic = await trx
    .selectFrom('posts')
    .select(['topic_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('user_id', '=', userId)
    .groupBy('topic_id')
    .orderBy('topic_id')
    .execute();
  for (const { topic_id, n } of perTopic) {
    await trx
      .updateTable('topics')
      .set((eb) => ({ post_count: eb('post_count', '-', Number(n)) }))
      .where('id', '=', Number(topic_id))
      .execute();
  }
  await trx.deleteFrom('posts').where('user_id', '=', userId).execute();
}

/**
 * What the member made, kept, earned or was told that no one else relies on: news (theirs, and
 * others' about them), reports about them, feedback, favourites and plays, save archives,
 * uploads, exports, props, progress and achievements.
 */
async function eraseBelongings(trx: Trx, userId: number): Promise<void> {
  await trx
    .deleteFrom('news')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('actor_id', '=', userId)]))
    .execute();
  await trx.deleteFrom('reports').where('target', '=', 'user').where('target_id', '=', userId).execute();
  await trx.deleteFrom('feedback').where('user_id', '=', userId).execute();
  await trx.updateTable('topics').set({ created_by: null }).where('created_by', '=', userId).execute();

  await trx
    .updateTable('games')
    .set((eb) => ({ favourite_count: eb('favourite_count', '-', 1) }))
    .where('id', 'in', trx.selectFrom('game_favourites').select('game_id').where('user_id', '=', userId))
    .execute();
  await trx.deleteFrom('game_favourites').where('user_id', '=', userId).execute();
  await trx.deleteFrom('game_plays').where('user_id', '=', userId).execute();
  await trx.deleteFrom('game_downloads').where('user_id', '=', userId).execute();

  // Their files stay in the store until the sweep finds nothing refers to them any more (another
  // member who uploaded the same bytes keeps them referred to).
  await trx
    .deleteFrom('archive_versions')
    .where('slot_id', 'in', trx.selectFrom('archive_slots').select('id').where('user_id', '=', userId))
    .execute();
  await trx.deleteFrom('archive_slots').where('user_id', '=', userId).execute();
  await trx.deleteFrom('upload_owners').where('user_id', '=', userId).execute();
  await trx.updateTable('uploads').set({ owner_id: null }).where('owner_id', '=', userId).execute();
  // Uploads in progress: marked untouched since the epoch, so the abandoned-uploads sweep, which
  // knows where their bytes are (the bucket or the tus folder), deletes them on its next run.
  await trx.updateTable('big_uploads').set({ touched_at: 0 }).where('owner_id', '=', userId).execute();
  await trx.deleteFrom('account_export_links').where('user_id', '=', userId).execute();
  await trx.deleteFrom('account_exports').where('user_id', '=', userId).execute();

  await trx.deleteFrom('prop_uses').where('user_id', '=', userId).execute();
  await trx.deleteFrom('user_props').where('user_id', '=', userId).execute();
  await trx.deleteFrom('post_unlocks').where('user_id', '=', userId).execute();
  await trx.deleteFrom('rewards').where('user_id', '=', userId).execute();
  await trx.deleteFrom('experience_events').where('user_id', '=', userId).execute();
  await trx.deleteFrom('online_days').where('user_id', '=', userId).execute();
  await trx.deleteFrom('task_progress').where('user_id', '=', userId).execute();
  await trx.deleteFrom('achievement_display').where('user_id', '=', userId).execute();
  await trx.deleteFrom('user_achievements').where('user_id', '=', userId).execute();
}

/**
 * Staff and moderation (docs/internals/account-deletion.md#the-moderation-record). The record of
 * what moderators did stays whole, naming the tombstone as the ledger does: a moderator's actions
 * stay accountable after they leave, and what was done about a member stays countable (a null
 * `moderator_id` or `created_by` would read as the operators'). What goes is the person in it:
 * their topics as a moderator (the role went in the claim), the content as it was in entries
 * about them, their open appeals (nobody is left to answer) and their words in answered appeals
 * and in reports of others' content, which stay for the moderators' queue and history.
 */
async function eraseModeration(trx: Trx, userId: number): Promise<void> {
  await trx.deleteFrom('moderator_topics').where('user_id', '=', userId).execute();
  await trx
    .updateTable('mod_actions')
    .set({ snapshot: null })
    .where('subject_user_id', '=', userId)
    .where('snapshot', 'is not', null)
    .execute();
  await trx.deleteFrom('appeals').where('user_id', '=', userId).where('state', '=', 'open').execute();
  await trx.updateTable('appeals').set({ message: '' }).where('user_id', '=', userId).execute();
  await trx.updateTable('reports').set({ text: '' }).where('reporter_id', '=', userId).execute();
}

/**
 * Erases one account that is due, inside the caller's transaction; false when it is not (any
 * more) due: erased already by another runner, taken back, or not asked for.
 */
export async function eraseAccount(trx: Trx, userId: number, now: number): Promise<boolean> {
  if (!(await claim(trx, userId, now))) return false;
  await eraseAccess(trx, userId);
  await eraseRelations(trx, userId);
  await eraseLikes(trx, userId);
  await eraseComments(trx, userId);
  await erasePosts(trx, userId);
  await eraseBelongings(trx, userId);
  await eraseModeration(trx, userId);
  return true;
}
