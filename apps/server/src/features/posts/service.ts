import { randomBytes } from 'node:crypto';
import type { endpoints, PayloadOf, Post } from '@pixelhall/contract';
import type { Kysely } from 'kysely';
import { type Engine, locksRows } from '../../db/dialect';
import type { DB } from '../../db/schema';
import { fail } from '../../http/app-error';
import { answer } from '../../http/envelope';
import type { Member } from '../../http/request-context';
import { assertFullMember } from '../../shared/full-member';
import { assertMayWrite } from '../../shared/may-write';
import { addNews, recordActivity } from '../activity/public';
import { assertWithinHourlyLimit, screenContent } from '../content-filters/public';
import type { FirstPages } from './first-pages';
import { assertAdultConfirmed, presentPost, type Reader } from './gate';
import { hotScore } from './hot-score';
import { assertStyleAllowed, COLORS, STYLES } from './palette';
import { type NewPostFile, postsRepo } from './repo';
import { encodeSnapshot } from './report-snapshot';

type CreatePost = {
  topic_id: number;
  text: string;
  color?: string | null;
  style?: string | null;
  files: { sha256: string; name: string }[];
  link?: string | null;
  price: number;
};

type SetPost = Pick<PayloadOf<typeof endpoints.posts.setPost>, 'color' | 'style' | 'comments_open'>;

type ReportTarget = 'post' | 'comment' | 'user';
const TARGET_MISSING = {
  post: 'errors.post_not_found',
  comment: 'errors.comment_not_found',
  user: 'errors.user_not_found',
} as const;

/** One post at a time: writing, reading, deleting, liking, sharing, reporting, restyling. */
export function postsService({
  db,
  engine,
  clock,
  publicUrl,
  firstPages,
}: {
  db: Kysely<DB>;
  engine: Engine;
  clock: () => number;
  /** Where shared links point; null: the origin the request came from. */
  publicUrl: string | null;
  /** Dropped after every change to what a post shows or where it stands in the general feeds. */
  firstPages: FirstPages;
}) {
  const repo = postsRepo(db);
  const lockRows = locksRows(engine);

  async function shown(viewerId: number | null, id: number, reader: Reader = {}): Promise<Post> {
    const post = await presentPost(db, viewerId, id, reader);
    if (!post) throw fail('errors.post_not_found');
    return post;
  }

  async function own(member: Member, id: number) {
    const post = await repo.find(id);
    if (!post) throw fail('errors.post_not_found');
    if (Number(post.user_id) !== member.id) throw fail('errors.not_author');
    return { ...post, id: Number(post.id), user_id: Number(post.user_id), topic_id: Number(post.topic_id) };
  }

  async function attachments(userId: number, files: CreatePost['files']): Promise<NewPostFile[]> {
    const uploads = new Map(
      (await repo.uploadsOf(userId, [...new Set(files.map((f) => f.sha256))])).map((u) => [u.sha256, u]),
    );
    return files.map((f) => {
      const upload = uploads.get(f.sha256);
      if (!upload) throw fail('errors.file_unknown');
      // Only what the picture pipeline made shows inline; anything else is a download, sized or not.
      const isImage = upload.picture === 1;
      return {
        sha256: f.sha256,
        name: f.name,
        mime: upload.mime,
        bytes: Number(upload.bytes),
        isImage,
        width: isImage ? upload.width : null,
        height: isImage ? upload.height : null,
        accessKey: randomBytes(16).toString('base64url'),
      };
    });
  }

  return {
    async create(member: Member, input: CreatePost) {
      assertMayWrite(member, clock());
      const topic = await repo.topic(input.topic_id);
      if (!topic) throw fail('errors.topic_not_found');
      const level = await repo.levelOf(member.id);
      if (level < topic.min_level) throw fail('errors.topic_level', { level: topic.min_level });
      assertStyleAllowed(COLORS, input.color, level);
      assertStyleAllowed(STYLES, input.style, level);
      const files = await attachments(member.id, input.files);
      const now = clock();
      // docs/product/moderation.md#filters-and-new-member-limits
      const screening = await screenContent(
        db,
        { userId: member.id, text: input.text, links: input.link ? [input.link] : [] },
        now,
      );
      if (screening.verdict === 'block') throw fail('errors.content_blocked');
      const heldReason = screening.verdict === 'hold' ? screening.reason : null;
      const id = await db.transaction().execute(async (trx) => {
        await assertWithinHourlyLimit(trx, member.id, 'post', now, { lock: lockRows });
        const postId = await postsRepo(trx).insert(
          {
            userId: member.id,
            topicId: input.topic_id,
            text: input.text,
            color: input.color ?? null,
            style: input.style ?? null,
            link: input.link || null,
            price: input.price,
            hotScore: hotScore({ like_count: 0, comment_count: 0, share_count: 0, created_at: now }),
            now,
            heldReason,
          },
          files,
        );
        if (heldReason !== null) {
          // A held post earns nothing: what spam could earn (experience, levels) would lift its
          // author out of the new-member limits. The news names no filter, which would tell a
          // spammer what to spell differently.
          await addNews(trx, member.id, { kind: 'post_held', refType: 'post', refId: postId }, now);
        } else {
          await recordActivity(trx, member.id, { kind: 'post', postId }, now);
        }
        return postId;
      });
      if (heldReason !== null) return answer(await shown(member.id, id), 'moderation.post_held');
      await firstPages.clear();
      return answer(await shown(member.id, id), 'community.posted');
    },

    /** A post by its link; an adult topic's post needs the reader's 18+ answer. */
    async detail(viewer: Member | null, id: number, adultConfirmed: boolean | undefined): Promise<Post> {
      // Moderators read removed and held posts whole (docs/product/moderation.md#removal).
      const post = await shown(viewer?.id ?? null, id, {
        staff: viewer !== null && viewer.role !== 'member',
      });
      assertAdultConfirmed(post.topic, adultConfirmed);
      return post;
    },

    async remove(member: Member, id: number) {
      assertFullMember(member);
      const post = await own(member, id);
      const removed = await db.transaction().execute((trx) => postsRepo(trx).delete(post));
      if (!removed) throw fail('errors.post_not_found');
      await firstPages.clear();
      return answer(null, 'community.post_deleted');
    },

    /** Sets the state given (idempotent), or toggles; the author hears of real new likes only. */
    async like(member: Member, id: number, like: boolean | undefined) {
      assertMayWrite(member, clock());
      const answered = await db.transaction().execute(async (trx) => {
        const tx = postsRepo(trx);
        const post = await tx.find(id, lockRows);
        if (!post || (post.held_at !== null && Number(post.user_id) !== member.id)) {
          throw fail('errors.post_not_found');
        }
        const now = clock();
        let liked: boolean;
        let added = false;
        if (like === undefined) {
          liked = !(await tx.unlike(id, member.id));
          if (liked) added = await tx.like(id, member.id, now);
        } else if (like) {
          liked = true;
          added = await tx.like(id, member.id, now);
        } else {
          liked = false;
          await tx.unlike(id, member.id);
        }
        const authorId = Number(post.user_id);
        // Only a newly added like counts; its keys make a toggled like count once (progression).
        if (added) await recordActivity(trx, member.id, { kind: 'like', postId: id, authorId }, now);
        if (added && authorId !== member.id && !(await tx.blocks(authorId, member.id))) {
          await addNews(trx, authorId, { kind: 'like', actorId: member.id, refType: 'post', refId: id }, now);
        }
        return { liked, like_count: await tx.likeCount(id) };
      });
      await firstPages.clear();
      return answered;
    },

    /** Shows the post as `detail` does, so an adult topic's post needs the 18+ answer before it counts. */
    async share(viewer: Member | null, id: number, origin: string, adultConfirmed: boolean | undefined) {
      const post = await repo.find(id);
      // A held post is its author's alone until a moderator releases it.
      if (!post || (post.held_at !== null && Number(post.user_id) !== viewer?.id)) {
        throw fail('errors.post_not_found');
      }
      assertAdultConfirmed({ min_age: post.topic_min_age }, adultConfirmed);
      const now = clock();
      const shareCount = await db.transaction().execute(async (trx) => {
        const count = await postsRepo(trx).share(id);
        if (count !== null && viewer && !viewer.isTourist) {
          await recordActivity(trx, viewer.id, { kind: 'share', postId: id }, now);
        }
        return count;
      });
      if (shareCount === null) throw fail('errors.post_not_found');
      await firstPages.clear();
      return {
        link: `${publicUrl ?? origin}/#/post/${id}`,
        share_count: shareCount,
        post: await shown(viewer?.id ?? null, id),
      };
    },

    /**
     * Reporting twice is answered like the first time: the report is already with moderators. So
     * is reporting what a moderator already removed, which needs no report (nothing is stored).
     * The report keeps the content as it is now (docs/product/moderation.md#reports).
     */
    async report(member: Member, input: { target: ReportTarget; id: number; reason: string; text: string }) {
      assertFullMember(member);
      const found = await repo.reportTarget(input.target, input.id);
      // A held post (or a comment on one) is not there for anyone but its author.
      const hidden = found?.held_at != null && Number(found.user_id) !== member.id;
      if (!found || hidden) throw fail(TARGET_MISSING[input.target]);
      if (found.removed_at !== null) return answer(null, 'community.reported');
      await repo.report({
        reporterId: member.id,
        target: input.target,
        targetId: input.id,
        reason: input.reason,
        text: input.text,
        snapshot: found.text === null ? null : encodeSnapshot({ text: found.text, link: found.link }),
        now: clock(),
      });
      return answer(null, 'community.reported');
    },

    palette: () => ({ colors: [...COLORS], styles: [...STYLES] }),

    async restyle(member: Member, id: number, changes: SetPost) {
      assertMayWrite(member, clock());
      const post = await own(member, id);
      // A moderator's lock outlasts the author's own switch.
      if (changes.comments_open === true && post.comments_locked === 1) throw fail('errors.comments_locked');
      const level = await repo.levelOf(member.id);
      assertStyleAllowed(COLORS, changes.color, level);
      assertStyleAllowed(STYLES, changes.style, level);
      await repo.setLook(
        id,
        {
          color: changes.color,
          style: changes.style,
          comments_open: changes.comments_open === undefined ? undefined : changes.comments_open ? 1 : 0,
        },
        clock(),
      );
      await firstPages.clear();
      return answer(await shown(member.id, id), 'community.saved');
    },

    /** Operator commands (ops/cli.ts). */
    async pin(id: number, pinned: boolean): Promise<void> {
      if (!(await repo.setPinned(id, pinned ? clock() : null))) throw fail('errors.post_not_found');
      await firstPages.clear();
    },
  };
}
export type PostsService = ReturnType<typeof postsService>;
