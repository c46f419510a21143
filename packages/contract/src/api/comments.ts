import { z } from 'zod';
import { idField, integer, listOf, pageQuery, toggleField } from './common';
import { authorSchema, removalSchema } from './community-common';
import { endpoint } from './endpoint';
import { foldedSchema } from './mutes';

export const COMMENT_TEXT_MAX = 2000;
/**
 * Replies nest this deep under a comment (the comment is depth 0); a reply to a reply at the
 * limit joins its parent's thread, addressed to its author (`reply_to`).
 */
export const REPLY_DEPTH_MAX = 3;
/** Replies shown under each comment in `comment/lists`; the rest come from `comment/replies`. */
export const REPLY_PREVIEW = 3;

export const commentTextField = z
  .string({ error: 'validation.text_required' })
  .trim()
  .min(1, { error: 'validation.text_required' })
  .max(COMMENT_TEXT_MAX, { error: 'validation.comment_too_long' });

const commentFields = {
  id: z.number().int(),
  post_id: z.number().int(),
  root_id: z.number().int().nullable().describe('The top-level comment of the thread; null for one'),
  parent_id: z.number().int().nullable(),
  depth: z.number().int().min(0),
  user: authorSchema,
  reply_to: authorSchema.nullable().describe('The member a reply answers'),
  text: z.string(),
  like_count: z.number().int().min(0),
  reply_count: z.number().int().min(0).describe('All replies in the thread (top-level comments)'),
  liked: z.boolean(),
  mine: z.boolean(),
  created_at: z.number().int(),
  folded: foldedSchema,
  removed: removalSchema.describe('Removed by a moderator; its text is then empty for all but its author'),
  edited_at: z
    .number()
    .int()
    .nullable()
    .describe('When its author last edited it; null if never (comment/history)'),
};

export const replySchema = z.object(commentFields);
export type Reply = z.output<typeof replySchema>;

export const commentSchema = z.object({
  ...commentFields,
  replies: z.array(replySchema).describe(`The first ${REPLY_PREVIEW} replies of the thread`),
});
export type Comment = z.output<typeof commentSchema>;

/** A comment on a member's page, with the post it belongs to. */
export const userCommentSchema = replySchema.extend({
  post: z.object({ id: z.number().int(), text: z.string(), locked: z.boolean() }),
});

export const commentLists = endpoint({
  base: 'api',
  path: 'comment/lists',
  methods: ['POST', 'GET'],
  auth: 'optional',
  summary: "A post's comments, New (newest first) or Best (most liked), each with its first replies",
  payload: pageQuery.extend({
    post_id: idField,
    sort: z.enum(['new', 'best']).default('new'),
    adult_confirmed: toggleField.describe(
      'The reader confirmed being 18+ (posts of adult topics), as for posts/detail',
    ),
  }),
  data: listOf(commentSchema),
});

export const commentReplies = endpoint({
  base: 'api',
  path: 'comment/replies',
  methods: ['POST', 'GET'],
  auth: 'optional',
  summary: 'More replies of a thread, oldest first',
  payload: pageQuery.extend({
    comment_id: idField,
    adult_confirmed: toggleField.describe(
      'The reader confirmed being 18+ (posts of adult topics), as for posts/detail',
    ),
  }),
  data: listOf(replySchema),
});

export const postComment = endpoint({
  base: 'api',
  path: 'posts/comments',
  auth: 'required',
  summary: 'Comment on a post',
  payload: z.object({ post_id: idField, text: commentTextField }),
  data: commentSchema,
});

export const replyComment = endpoint({
  base: 'api',
  path: 'reply/comments',
  auth: 'required',
  summary: 'Reply to a comment or a reply',
  payload: z.object({ comment_id: idField, text: commentTextField }),
  data: replySchema,
});

export const likeComment = endpoint({
  base: 'api',
  path: 'likes/comments',
  auth: 'required',
  summary: 'Like or unlike a comment (toggle, or set with `like`)',
  payload: z.object({ id: idField, like: toggleField }),
  data: z.object({ liked: z.boolean(), like_count: z.number().int().min(0) }),
});

export const deleteComment = endpoint({
  base: 'api',
  path: 'del/comments',
  auth: 'required',
  summary: 'Delete your comment, or one on your post, with its replies',
  payload: z.object({ id: idField }),
  data: z.object({ post_id: z.number().int(), comment_count: z.number().int().min(0) }),
});

export const otherComments = endpoint({
  base: 'api',
  path: 'other/comments',
  methods: ['POST', 'GET'],
  auth: 'optional',
  summary: "A member's comments, newest first; without user_id, the caller's",
  payload: pageQuery.extend({
    user_id: integer(z.number().int().positive()).optional(),
    adult_confirmed: toggleField.describe(
      "The reader confirmed being 18+: the caller's own page then holds comments on posts of adult topics too",
    ),
  }),
  data: listOf(userCommentSchema),
});

export const commentsEndpoints = {
  commentLists,
  commentReplies,
  postComment,
  replyComment,
  likeComment,
  deleteComment,
  otherComments,
} as const;
