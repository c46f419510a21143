import type { CommentVersion, PostVersion } from '@pixelhall/contract';
import type { Kysely } from 'kysely';
import { type Engine, locksRows } from '../../db/dialect';
import type { DB } from '../../db/schema';
import { fail } from '../../http/app-error';
import { answer } from '../../http/envelope';
import type { Member } from '../../http/request-context';
import { assertMayWrite } from '../../shared/may-write';
import { presentComment } from '../comments/public';
import { screenContent } from '../content-filters/public';
import { assertAdultConfirmed, type FirstPages, gateVersions, presentPost } from '../posts/public';
import { RANK } from '../staff/public';
import { editsRepo } from './repo';

/** Moderators (of any topic) and administrators read every version whole, paid or removed. */
const isStaff = (viewer: Member | null) => viewer !== null && RANK[viewer.role] >= RANK.moderator;

/** Earlier versions oldest first, then the current one: numbered from 1, answered newest first. */
function numbered<V extends { created_at: number | string }>(earlier: V[], current: V) {
  return [...earlier, current]
    .map((v, i) => ({ ...v, version: i + 1, created_at: Number(v.created_at), current: v === current }))
    .reverse();
}

/**
 * Editing posts and comments with their history (docs/product/moderation.md#edits-with-history):
 * only the author edits, what they replace is kept, and anyone who may read the post or comment
 * may read every version of it, through the same gate.
 */
export function editsService({
  db,
  engine,
  clock,
  firstPages,
}: {
  db: Kysely<DB>;
  engine: Engine;
  clock: () => number;
  /** Dropped after an edit: the general feeds' first page shows the post's text. */
  firstPages: FirstPages;
}) {
  const repo = editsRepo(db);
  const lockRows = locksRows(engine);

  return {
    /** `link` absent keeps the post's link; empty or null removes it. */
    async editPost(member: Member, input: { id: number; text: string; link?: string | null }) {
      assertMayWrite(member, clock());
      const before = await repo.post(input.id);
      if (!before) throw fail('errors.post_not_found');
      if (Number(before.user_id) !== member.id) throw fail('errors.not_author');
      if (before.removed_at !== null) throw fail('errors.post_removed_no_edit');
      const link = input.link === undefined ? before.link : input.link || null;
      if (input.text === before.text && link === before.link) {
        const post = await presentPost(db, member.id, input.id);
        if (!post) throw fail('errors.post_not_found');
        return post;
      }
      // Screened as a new post is, but not counted against the hourly limits: nothing new is posted.
      const screened = await screenContent(
        db,
        { userId: member.id, text: input.text, links: link ? [link] : [] },
        clock(),
      );
      if (screened.verdict === 'block') throw fail('errors.content_blocked');
      const now = clock();
      const held = await db.transaction().execute(async (trx) => {
        const tx = editsRepo(trx);
        // Read again under the lock: a removal or another edit may have come first.
        const post = await tx.post(input.id, lockRows);
        if (!post) throw fail('errors.post_not_found');
        if (post.removed_at !== null) throw fail('errors.post_removed_no_edit');
        const hold = screened.verdict === 'hold' && post.held_at === null;
        await tx.editPost(
          {
            id: input.id,
            text: post.text,
            link: post.link,
            writtenAt: Number(post.edited_at ?? post.created_at),
          },
          { text: input.text, link },
          hold ? { reason: screened.reason ?? '' } : null,
          now,
        );
        return hold || post.held_at !== null;
      });
      await firstPages.clear();
      const post = await presentPost(db, member.id, input.id);
      if (!post) throw fail('errors.post_not_found');
      return answer(post, held ? 'moderation.edit_held' : 'community.edited');
    },

    async editComment(member: Member, input: { id: number; text: string }) {
      assertMayWrite(member, clock());
      const before = await repo.comment(input.id);
      if (!before) throw fail('errors.comment_not_found');
      if (Number(before.user_id) !== member.id) throw fail('errors.not_author');
      if (before.removed_at !== null) throw fail('errors.comment_removed_no_edit');
      // A lock (or a removed post) closes the thread to new words, edits included.
      if (before.comments_locked === 1 || before.post_removed_at !== null)
        throw fail('errors.comments_locked');
      if (input.text !== before.text) {
        const screened = await screenContent(db, { userId: member.id, text: input.text, links: [] }, clock());
        if (screened.verdict === 'block') throw fail('errors.content_blocked');
        // Comments are never held: what a filter would hold is refused, so it can be reworded.
        if (screened.verdict === 'hold') throw fail('errors.comment_needs_review');
        const now = clock();
        await db.transaction().execute(async (trx) => {
          const tx = editsRepo(trx);
          const comment = await tx.comment(input.id, lockRows);
          if (!comment) throw fail('errors.comment_not_found');
          if (comment.removed_at !== null) throw fail('errors.comment_removed_no_edit');
          if (comment.comments_locked === 1 || comment.post_removed_at !== null)
            throw fail('errors.comments_locked');
          await tx.editComment(
            {
              id: input.id,
              text: comment.text,
              writtenAt: Number(comment.edited_at ?? comment.created_at),
            },
            input.text,
            now,
          );
        });
      }
      const comment = await presentComment(db, member.id, input.id);
      if (!comment) throw fail('errors.comment_not_found');
      return input.text === before.text ? comment : answer(comment, 'community.edited');
    },

    /**
     * Every version of a post, newest first, as posts/detail would show it: a removed or held post
     * only to its author and staff, an adult topic's with the reader's 18+ answer, and a paid
     * post's hidden part of every version only to whom it is open (gateVersions).
     */
    async postHistory(
      viewer: Member | null,
      id: number,
      adultConfirmed: boolean | undefined,
    ): Promise<{ versions: PostVersion[] }> {
      const post = await repo.post(id);
      if (!post) throw fail('errors.post_not_found');
      const viewerId = viewer?.id ?? null;
      const authorId = Number(post.user_id);
      const staff = isStaff(viewer);
      if ((post.removed_at !== null || post.held_at !== null) && viewerId !== authorId && !staff)
        throw fail('errors.post_not_found');
      assertAdultConfirmed(post, adultConfirmed);
      const earlier = await repo.postVersions(id);
      const current = { text: post.text, link: post.link, created_at: post.edited_at ?? post.created_at };
      const versions = await gateVersions(
        db,
        viewerId,
        { id, user_id: authorId, price: Number(post.price) },
        numbered(earlier, current),
        staff,
      );
      return { versions };
    },

    /**
     * Every version of a comment or reply, newest first: a removed one only to its author and
     * staff; one on a removed or held post also to the post's author; an adult topic's with the
     * reader's 18+ answer, as comment/lists.
     */
    async commentHistory(
      viewer: Member | null,
      id: number,
      adultConfirmed: boolean | undefined,
    ): Promise<{ versions: CommentVersion[] }> {
      const comment = await repo.comment(id);
      if (!comment) throw fail('errors.comment_not_found');
      const viewerId = viewer?.id ?? null;
      const staff = isStaff(viewer);
      const mine = viewerId === Number(comment.user_id);
      const postHidden = comment.post_removed_at !== null || comment.post_held_at !== null;
      const onTheirPost = viewerId === Number(comment.post_user_id);
      if (!staff && !mine && (comment.removed_at !== null || (postHidden && !onTheirPost)))
        throw fail('errors.comment_not_found');
      assertAdultConfirmed(comment, adultConfirmed);
      const earlier = await repo.commentVersions(id);
      const current = { text: comment.text, created_at: comment.edited_at ?? comment.created_at };
      return { versions: numbered(earlier, current) };
    },
  };
}
export type EditsService = ReturnType<typeof editsService>;
