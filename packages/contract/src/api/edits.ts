import { z } from 'zod';
import { postTextField, urlField } from '../validators';
import { commentTextField, replySchema } from './comments';
import { idField, toggleField } from './common';
import { endpoint } from './endpoint';
import { postSchema } from './posts';

/**
 * Edits with history (docs/product/moderation.md#edits-with-history): authors edit their posts and
 * comments, every earlier version is kept, and anyone who may read the post or comment may read
 * its versions, so an edit cannot hide what was said.
 */

export const editPost = endpoint({
  base: 'api',
  path: 'edit/posts',
  auth: 'required',
  summary:
    "Edit your post's text and link. The version before is kept (posts/history); the content filters apply as on create",
  payload: z.object({
    id: idField,
    text: postTextField,
    link: z
      .union([z.literal(''), urlField])
      .nullish()
      .describe('The new link; empty or null removes it; absent keeps the one it has'),
  }),
  data: postSchema,
});

export const editComment = endpoint({
  base: 'api',
  path: 'edit/comments',
  auth: 'required',
  summary:
    'Edit your comment or reply. The version before is kept (comment/history); the content filters apply',
  payload: z.object({ id: idField, text: commentTextField }),
  data: replySchema,
});

export const postVersionSchema = z.object({
  version: z.number().int().min(1).describe('1 for the post as first written, then one more per edit'),
  text: z.string().describe('The whole text of this version, or only its teaser while `locked`'),
  links: z.array(z.string()).describe('Empty while `locked`'),
  locked: z.boolean().describe('Paid and not unlocked by the viewer: every version is then a teaser'),
  created_at: z.number().int().describe('When this version was written (epoch ms)'),
  current: z.boolean().describe('The version the post shows now'),
});
export type PostVersion = z.output<typeof postVersionSchema>;

export const commentVersionSchema = z.object({
  version: z.number().int().min(1).describe('1 for the comment as first written, then one more per edit'),
  text: z.string(),
  created_at: z.number().int().describe('When this version was written (epoch ms)'),
  current: z.boolean().describe('The version the comment shows now'),
});
export type CommentVersion = z.output<typeof commentVersionSchema>;

export const postHistory = endpoint({
  base: 'api',
  path: 'posts/history',
  methods: ['POST', 'GET'],
  auth: 'optional',
  summary: "A post's versions, newest (the current one) first, through the same gate as posts/detail",
  payload: z.object({
    id: idField,
    adult_confirmed: toggleField.describe(
      'The reader confirmed being 18+ (adult topics), as for posts/detail',
    ),
  }),
  data: z.object({ versions: z.array(postVersionSchema) }),
});

export const commentHistory = endpoint({
  base: 'api',
  path: 'comment/history',
  methods: ['POST', 'GET'],
  auth: 'optional',
  summary: "A comment's or reply's versions, newest (the current one) first",
  payload: z.object({
    id: idField,
    adult_confirmed: toggleField.describe(
      'The reader confirmed being 18+ (comments on posts of adult topics), as for comment/lists',
    ),
  }),
  data: z.object({ versions: z.array(commentVersionSchema) }),
});

export const editsEndpoints = { editPost, editComment, postHistory, commentHistory } as const;
