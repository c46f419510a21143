import { z } from 'zod';
import { nicknameField, signatureField } from '../validators';
import { integer, listOf, pageQuery } from './common';
import { authorSchema } from './community-common';
import { endpoint } from './endpoint';
import { GRADES, type GradeName } from './grades';

export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  signature: z.string(),
  avatar: z.string().describe('Avatar URL, empty for the default avatar'),
  level: z.number().int().min(1),
  grade: z.enum(GRADES.map((g) => g.name) as [GradeName, ...GradeName[]]),
  created_at: z.number().int().describe('Member since, epoch ms'),
  is_tourist: z.boolean().describe('A visitor account, made by `tourist`, until `reg/user`'),
  post_count: z.number().int().min(0),
  follower_count: z.number().int().min(0),
  following_count: z.number().int().min(0),
  email: z
    .string()
    .nullable()
    .optional()
    .describe('Only for the caller: the proven address (log-in, password reset and linking use it)'),
  pending_email: z
    .string()
    .nullable()
    .optional()
    .describe('Only for the caller: an address waiting for its mailed code (verify/email)'),
  gold: z.number().int().optional().describe('Only for the caller'),
  diamonds: z.number().int().optional().describe('Only for the caller'),
  has_password: z.boolean().optional().describe('Only for the caller: false for third-party-only accounts'),
  providers: z.array(z.string()).optional().describe('Only for the caller: linked sign-in providers'),
  muted: z
    .boolean()
    .optional()
    .describe('Only for a signed-in caller reading another member: whether the caller mutes them now'),
  muted_until: z
    .number()
    .int()
    .nullable()
    .optional()
    .describe('With `muted`: when that mute ends (epoch ms); null while it lasts until taken back'),
  deletion_due_at: z
    .number()
    .int()
    .nullable()
    .optional()
    .describe(
      'Only for the caller: when the account will be erased (account/delete), epoch ms; null: it will not be',
    ),
});
export type User = z.output<typeof userSchema>;

export const getUser = endpoint({
  base: 'api',
  path: 'get/user',
  methods: ['POST', 'GET'],
  auth: 'optional',
  summary: 'A member profile; without user_id, the caller (which then needs a token)',
  payload: z.object({
    user_id: integer(z.number().int().positive()).optional().describe('Another member; omit for yourself'),
  }),
  data: userSchema,
});

export const editUser = endpoint({
  base: 'api',
  path: 'edit/user',
  auth: 'required',
  summary: "Change the caller's nickname, signature or avatar (an upload/file URL)",
  payload: z
    .object({
      nickname: nicknameField.optional(),
      signature: signatureField.optional(),
      avatar: z
        .string()
        .max(300)
        .regex(/^\/upload\/files\/[0-9a-f]{64}\.(webp|png|jpg|gif)$/, { error: 'errors.image_required' })
        .optional()
        .describe('A URL answered by upload/file'),
    })
    .refine((p) => p.nickname !== undefined || p.signature !== undefined || p.avatar !== undefined, {
      error: 'validation.content_incomplete',
    }),
  data: userSchema,
});

export const NEWS_KINDS = [
  'welcome',
  'like',
  'comment',
  'reply',
  'comment_like',
  'follow',
  'system',
  'export_ready',
] as const;

export const newsSchema = z.object({
  id: z.number().int(),
  kind: z.string().describe(NEWS_KINDS.join(', ')),
  text: z.string().describe('System messages: the text. Others: the comment or reply, if any'),
  actor_id: z.number().int().nullable(),
  actor: authorSchema.nullable().describe('Who liked, commented, replied or followed'),
  ref_type: z.string().nullable().describe('post or comment'),
  ref_id: z.number().int().nullable(),
  post_id: z.number().int().nullable().describe('The post to open'),
  post_text: z.string().nullable().describe('A teaser of that post (paid posts: only the teaser)'),
  read: z.boolean(),
  created_at: z.number().int(),
});
export type News = z.output<typeof newsSchema>;

export const latestNews = endpoint({
  base: 'api',
  path: 'latest/news',
  methods: ['POST', 'GET'],
  auth: 'required',
  summary: "The caller's unread news count and newest item",
  payload: z.object({}),
  data: z.object({ unread: z.number().int().min(0), latest: newsSchema.nullable() }),
});

export const newsList = endpoint({
  base: 'api',
  path: 'news/list',
  methods: ['POST', 'GET'],
  auth: 'required',
  summary: "The caller's inbox, newest first",
  payload: pageQuery,
  data: listOf(newsSchema),
});

export const clearNews = endpoint({
  base: 'api',
  path: 'clear/news',
  auth: 'required',
  summary: 'Mark every item of the inbox as read',
  payload: z.object({}),
  data: z.object({ unread: z.number().int().min(0) }),
});

export const usersEndpoints = { getUser, editUser, latestNews, newsList, clearNews } as const;
