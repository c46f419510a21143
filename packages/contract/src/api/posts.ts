import { z } from 'zod';
import { PAID_PRICE_MAX, UPLOAD_MAX_BYTES } from '../constants';
import { fileNameField } from '../file-names';
import { postTextField, urlField } from '../validators';
import { idField, integer, listOf, pageQuery, toggleField } from './common';
import { authorSchema, removalSchema } from './community-common';
import { endpoint } from './endpoint';
import { foldedSchema } from './mutes';
import { topicRefSchema } from './topics';

/** At most this many files hang from one post. */
export const POST_FILES_MAX = 9;
/** A locked paid post shows this many characters of its text as a teaser. */
export const PAID_TEASER_CHARS = 40;

export const postFileSchema = z.object({
  id: z.number().int(),
  name: z.string().describe('The file name as uploaded; its kind (icon) follows from it'),
  mime: z.string(),
  bytes: z.number().int().min(0),
  is_image: z.boolean(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  url: z.string().describe('Images: shown inline. Other files: the `download/file` address'),
  download_count: z.number().int().min(0),
});
export type PostFile = z.output<typeof postFileSchema>;

/**
 * A post as every list, search, detail and share answer shows it. A paid post the viewer has
 * not unlocked (`locked`) carries only a teaser of its text, no files and no links.
 */
export const postSchema = z.object({
  id: z.number().int(),
  topic_id: z.number().int(),
  topic: topicRefSchema,
  user: authorSchema,
  text: z.string().describe('The whole text, or only a teaser while `locked`'),
  color: z.string().nullable().describe('A colour style id from color/lists'),
  style: z.string().nullable().describe('An upgrade style id from color/lists'),
  files: z.array(postFileSchema),
  file_count: z.number().int().min(0).describe('Also counted while locked'),
  links: z.array(z.string()),
  price: z.number().int().min(0).describe('Gold to view; 0 for a free post'),
  locked: z.boolean().describe('Paid and not unlocked by the viewer'),
  pinned: z.boolean().describe('Officially pinned to the top'),
  topic_pinned_until: z
    .number()
    .int()
    .nullable()
    .describe('Pinned in its topic with a prop until this time (epoch ms); null when not'),
  comments_open: z.boolean(),
  like_count: z.number().int().min(0),
  comment_count: z.number().int().min(0),
  share_count: z.number().int().min(0),
  liked: z.boolean(),
  mine: z.boolean().describe('The viewer wrote it'),
  created_at: z.number().int(),
  folded: foldedSchema,
  removed: removalSchema.describe(
    'Removed by a moderator; its text, files and links are then empty for all but its author',
  ),
  held: z.boolean().describe("Held for a moderator's review: only its author and moderators see it"),
  comments_locked: z.boolean().describe('A moderator closed its comments; its author cannot reopen them'),
  edited_at: z
    .number()
    .int()
    .nullable()
    .describe('When its author last edited it; null if never (posts/history)'),
});
export type Post = z.output<typeof postSchema>;

/** A file to attach: an upload answered by upload/file (images) or upload/big (anything). */
export const attachFileSchema = z.object({
  sha256: z.string().regex(/^[0-9a-f]{64}$/, { error: 'errors.file_required' }),
  name: fileNameField,
});

const priceField = integer(
  z
    .number({ error: 'validation.price_invalid' })
    .int({ error: 'validation.price_invalid' })
    .min(0, { error: 'validation.price_invalid' })
    .max(PAID_PRICE_MAX, { error: 'validation.amount_max' }),
);

export const createPost = endpoint({
  base: 'api',
  path: 'create/posts',
  auth: 'required',
  summary: 'Publish a post in a topic',
  payload: z.object({
    topic_id: integer(
      z
        .number({ error: 'validation.topic_required' })
        .int({ error: 'validation.topic_required' })
        .positive({ error: 'validation.topic_required' }),
    ),
    text: postTextField,
    color: z.string().max(32).nullish().describe('A colour style id from color/lists'),
    style: z.string().max(32).nullish().describe('An upgrade style id from color/lists'),
    files: z
      .array(attachFileSchema)
      .max(POST_FILES_MAX, { error: 'validation.max_number' })
      .default([])
      .describe(`Up to ${POST_FILES_MAX} files, each at most ${UPLOAD_MAX_BYTES} bytes`),
    link: z.union([z.literal(''), urlField]).nullish(),
    price: priceField.default(0).describe('Gold to view; 0 for a free post'),
  }),
  data: postSchema,
});

export const postDetail = endpoint({
  base: 'api',
  path: 'posts/detail',
  methods: ['POST', 'GET'],
  auth: 'optional',
  summary: 'One post',
  payload: z.object({
    id: idField,
    adult_confirmed: toggleField.describe('The reader confirmed being 18+ (adult topics)'),
  }),
  data: postSchema,
});

export const deletePost = endpoint({
  base: 'api',
  path: 'del/posts',
  auth: 'required',
  summary: 'Delete your post with its comments, likes and files',
  payload: z.object({ id: idField }),
  data: z.null(),
});

export const likePost = endpoint({
  base: 'api',
  path: 'posts/likes',
  auth: 'required',
  summary: 'Like or unlike a post (toggle, or set with `like`)',
  payload: z.object({ id: idField, like: toggleField }),
  data: z.object({ liked: z.boolean(), like_count: z.number().int().min(0) }),
});

export const sharePost = endpoint({
  base: 'api',
  path: 'share/posts',
  auth: 'optional',
  summary: 'Count a share and answer the link to share',
  payload: z.object({
    id: idField,
    adult_confirmed: toggleField.describe(
      'The reader confirmed being 18+ (adult topics), as for posts/detail',
    ),
  }),
  data: z.object({ link: z.string(), share_count: z.number().int().min(0), post: postSchema }),
});

export const REPORT_REASONS = ['spam', 'abuse', 'adult', 'illegal', 'cheating', 'other'] as const;
export const REPORT_TEXT_MAX = 500;

export const report = endpoint({
  base: 'api',
  path: 'report',
  auth: 'required',
  summary: 'Report a post, a comment or a member to the moderators',
  payload: z.object({
    target: z.enum(['post', 'comment', 'user'], { error: 'validation.items_required' }),
    id: idField,
    reason: z.enum(REPORT_REASONS, { error: 'validation.items_required' }),
    text: z
      .string({ error: 'validation.report_required' })
      .trim()
      .min(1, { error: 'validation.report_required' })
      .max(REPORT_TEXT_MAX, { error: 'validation.max_number' }),
  }),
  data: z.null(),
});

export const colorStyleSchema = z.object({
  id: z.string(),
  value: z.string().describe('A CSS colour or gradient'),
  min_level: z.number().int().min(1),
  prop_only: z.boolean().describe('Worn only through a prop (posts/prop), never chosen directly'),
});

export const colorLists = endpoint({
  base: 'api',
  path: 'color/lists',
  methods: ['POST', 'GET'],
  auth: 'none',
  summary: 'Colour styles and upgrade styles a post can wear',
  payload: z.object({}),
  data: z.object({ colors: z.array(colorStyleSchema), styles: z.array(colorStyleSchema) }),
});

export const setPost = endpoint({
  base: 'api',
  path: 'set/posts',
  auth: 'required',
  summary: "Change your post's colour style or upgrade style, or open and close its comments",
  payload: z
    .object({
      id: idField,
      color: z.string().max(32).nullable().optional(),
      style: z.string().max(32).nullable().optional(),
      comments_open: z.boolean().optional(),
    })
    .refine((p) => p.color !== undefined || p.style !== undefined || p.comments_open !== undefined, {
      error: 'validation.content_incomplete',
    }),
  data: postSchema,
});

export const bannerSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  image: z.string(),
  link: z.string().describe('An app route (#/post/1) or an http(s) address opened in /webview'),
});

export const bannerLists = endpoint({
  base: 'api',
  path: 'banner/lists',
  methods: ['POST', 'GET'],
  auth: 'none',
  summary: 'Home banners, in order',
  payload: z.object({}),
  data: z.array(bannerSchema),
});

export const popUp = endpoint({
  base: 'api',
  path: 'pop/up',
  methods: ['POST', 'GET'],
  auth: 'optional',
  summary: 'The announcement to show once on opening the app, if any',
  payload: z.object({}),
  data: z
    .object({
      id: z.number().int(),
      title: z.string(),
      text: z.string(),
      image: z.string(),
      link: z.string(),
    })
    .nullable(),
});

/** Feeds take page/num and a keyset cursor; the cursor wins when both are given. */
const feedQuery = pageQuery;

export const homePosts = endpoint({
  base: 'api',
  path: 'home/posts',
  methods: ['POST', 'GET'],
  auth: 'optional',
  summary: 'The New feed: newest first, officially pinned posts on top',
  payload: feedQuery,
  data: listOf(postSchema),
});

export const homeFeeds = endpoint({
  base: 'api',
  path: 'home/feeds',
  methods: ['POST', 'GET'],
  auth: 'optional',
  summary: 'The Popular feed: by hot score (engagement with time decay)',
  payload: feedQuery,
  data: listOf(postSchema),
});

export const postsList = endpoint({
  base: 'api',
  path: 'posts/list',
  methods: ['POST', 'GET'],
  auth: 'optional',
  summary: 'Posts of a topic, or of a category (0 = the topics the caller follows)',
  payload: feedQuery.extend({
    topic_id: integer(z.number().int().positive()).optional(),
    category_id: integer(z.number().int().min(0)).optional(),
    sort: z.enum(['new', 'hot']).default('new'),
    adult_confirmed: toggleField.describe('The reader confirmed being 18+ (adult topics)'),
  }),
  data: listOf(postSchema),
});

export const recommendPosts = endpoint({
  base: 'api',
  path: 'recommend/posts',
  methods: ['POST', 'GET'],
  auth: 'optional',
  summary: 'Popular posts to read next, beside a post (same topic first) or on their own',
  payload: pageQuery.extend({ post_id: integer(z.number().int().positive()).optional() }),
  data: listOf(postSchema),
});

export const userPosts = endpoint({
  base: 'api',
  path: 'user/posts',
  methods: ['POST', 'GET'],
  auth: 'optional',
  summary: "A member's posts, or the posts they upvoted; without user_id, the caller's",
  payload: pageQuery.extend({
    user_id: integer(z.number().int().positive()).optional(),
    tab: z.enum(['posts', 'upvoted']).default('posts'),
    adult_confirmed: toggleField.describe(
      "The reader confirmed being 18+: the caller's upvoted tab then holds posts of adult topics too",
    ),
  }),
  data: listOf(postSchema),
});

export const payLink = endpoint({
  base: 'api',
  path: 'pay/link',
  auth: 'required',
  summary: 'Unlock a paid post with gold, once; not enough gold answers code 1003',
  payload: z.object({
    id: idField,
    adult_confirmed: toggleField.describe(
      'The reader confirmed being 18+ (adult topics), as for posts/detail',
    ),
  }),
  data: postSchema,
});

export const postsEndpoints = {
  payLink,
  createPost,
  postDetail,
  deletePost,
  likePost,
  sharePost,
  report,
  colorLists,
  setPost,
  bannerLists,
  popUp,
  homePosts,
  homeFeeds,
  postsList,
  recommendPosts,
  userPosts,
} as const;
