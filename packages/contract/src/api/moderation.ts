import { z } from 'zod';
import { userCommentSchema } from './comments';
import { idField, listOf, pageQuery } from './common';
import { authorSchema } from './community-common';
import { endpoint } from './endpoint';
import { modActionSchema } from './mod-log';
import { postSchema, REPORT_REASONS } from './posts';
import { modReasonField, SANCTION_REASON_MAX } from './sanctions';
import { roleSchema } from './staff';
import { topicRefSchema } from './topics';

/**
 * The desk's core (docs/product/moderation.md): the report queue, removing and restoring posts and
 * comments, locking a post's comments, the queue of posts held for review, and a member's history.
 * Every endpoint answers `errors.not_found` to anyone below a moderator: the desk does not exist
 * for them.
 */

/** How much of a member's recent writing mod/member shows. */
export const MOD_MEMBER_RECENT = 10;

const optionalReasonField = z
  .string({ error: 'validation.mod_reason_required' })
  .trim()
  .refine((value) => [...value].length <= SANCTION_REASON_MAX, { error: 'validation.mod_reason_max' })
  .optional()
  .describe(`Why, up to ${SANCTION_REASON_MAX} characters, for the log and the author; may be left out`);

export const contentTargetField = z.enum(['post', 'comment'], { error: 'validation.items_required' });
export const reportTargetField = z.enum(['post', 'comment', 'user'], { error: 'validation.items_required' });

/** Where reported content stands now. `gone`: its author deleted it (or the member is gone). */
export const REPORTED_STATES = ['visible', 'removed', 'held', 'gone'] as const;

export const reportEntrySchema = z.object({
  id: z.number().int(),
  reporter: authorSchema,
  reason: z.enum(REPORT_REASONS),
  text: z.string().describe("The reporter's own words"),
  created_at: z.number().int(),
});
export type ReportEntry = z.output<typeof reportEntrySchema>;

/** Every open report of one post, comment or member, together. */
export const reportGroupSchema = z.object({
  target: reportTargetField,
  target_id: z.number().int(),
  state: z.enum(REPORTED_STATES),
  post_id: z
    .number()
    .int()
    .nullable()
    .describe('The post itself, or the post a comment belongs to; null for a member'),
  topic: topicRefSchema.nullable(),
  author: authorSchema.nullable().describe('Who wrote it, or the member reported; null when gone'),
  as_reported: z
    .object({
      text: z.string(),
      link: z.string().nullable(),
      created_at: z.number().int().describe('When the first report of the group kept it'),
    })
    .nullable()
    .describe('The content as the first open report saw it (paid text whole); null for a member'),
  current_text: z
    .string()
    .nullable()
    .describe('The text now, when it differs from as_reported (edited since); null otherwise'),
  comments_locked: z.boolean().describe('For a post: its comments are locked'),
  reports: z.array(reportEntrySchema).describe('Oldest first'),
  first_reported_at: z.number().int(),
  last_reported_at: z.number().int(),
});
export type ReportGroup = z.output<typeof reportGroupSchema>;

const actionData = z.object({ action_id: z.number().int().describe('The moderation-log entry') });

export const modOverview = endpoint({
  base: 'api',
  path: 'mod/overview',
  auth: 'required',
  summary: "The desk's front: the caller's role, the topics they moderate and what waits in each queue",
  payload: z.object({}),
  data: z.object({
    role: z.enum(['moderator', 'admin']),
    topic_ids: z.array(z.number().int()).nullable().describe('The topics moderated; null: all'),
    counts: z.object({
      reports: z.number().int().min(0).describe('Reported posts, comments and members with open reports'),
      held: z.number().int().min(0),
      appeals: z.number().int().min(0).describe('Open appeals'),
    }),
  }),
});

export const modReports = endpoint({
  base: 'api',
  path: 'mod/reports',
  methods: ['POST', 'GET'],
  auth: 'required',
  summary:
    "Open reports grouped by what was reported, oldest group first, in the caller's topics (reported members: global moderators only)",
  payload: pageQuery,
  data: listOf(reportGroupSchema),
});

export const modDismissReports = endpoint({
  base: 'api',
  path: 'mod/reports/dismiss',
  auth: 'required',
  summary: 'Dismiss every open report of one post, comment or member: nothing wrong was found',
  payload: z.object({ target: reportTargetField, target_id: idField, reason: optionalReasonField }),
  data: actionData.extend({ dismissed: z.number().int().min(0).describe('Reports resolved') }),
});

export const modRemove = endpoint({
  base: 'api',
  path: 'mod/remove',
  auth: 'required',
  summary:
    'Remove a post or comment with a reason: its author is told, others see a placeholder, its open reports are resolved; a paid post refunds its buyers',
  payload: z.object({ target: contentTargetField, id: idField, reason: modReasonField }),
  data: actionData,
});

export const modRestore = endpoint({
  base: 'api',
  path: 'mod/restore',
  auth: 'required',
  summary: 'Bring a removed post or comment back as it was; its author is told',
  payload: z.object({ target: contentTargetField, id: idField, reason: optionalReasonField }),
  data: actionData,
});

export const modLock = endpoint({
  base: 'api',
  path: 'mod/lock',
  auth: 'required',
  summary: "Lock or unlock a post's comments; locked, no one comments and its author cannot reopen them",
  payload: z.object({
    post_id: idField,
    locked: z.boolean({ error: 'errors.invalid_payload' }),
    reason: optionalReasonField,
  }),
  data: z.object({
    comments_locked: z.boolean(),
    action_id: z.number().int().nullable().describe('The log entry; null when it already was so'),
  }),
});

export const heldPostSchema = z.object({
  post: postSchema.describe('Whole, paid text included'),
  held_reason: z.string().nullable().describe('Why it was held (the filter or rule that held it)'),
  held_at: z.number().int(),
});
export type HeldPost = z.output<typeof heldPostSchema>;

export const modHeld = endpoint({
  base: 'api',
  path: 'mod/held',
  methods: ['POST', 'GET'],
  auth: 'required',
  summary: "Posts held for review in the caller's topics, oldest first; reject one with mod/remove",
  payload: pageQuery,
  data: listOf(heldPostSchema),
});

export const modRelease = endpoint({
  base: 'api',
  path: 'mod/held/release',
  auth: 'required',
  summary: 'Publish a held post: it joins the feeds as new, and its author is told',
  payload: z.object({ post_id: idField }),
  data: actionData,
});

export const modMemberSchema = z.object({
  user: authorSchema,
  role: roleSchema,
  joined_at: z.number().int(),
  level: z.number().int().min(1),
  status: z.enum(['active', 'suspended', 'banned']),
  suspended_until: z.number().int().nullable(),
  recent_posts: z
    .array(postSchema)
    .describe(`Their last ${MOD_MEMBER_RECENT} posts, whole, removed and held ones included (flagged)`),
  recent_comments: z
    .array(userCommentSchema)
    .describe(`Their last ${MOD_MEMBER_RECENT} comments and replies, whole, removed ones flagged`),
  actions: z.array(modActionSchema).describe('Earlier moderation about them, newest first'),
  open_reports: z.number().int().min(0).describe('Open reports of them and of what they wrote'),
});
export type ModMember = z.output<typeof modMemberSchema>;

export const modMember = endpoint({
  base: 'api',
  path: 'mod/member',
  methods: ['POST', 'GET'],
  auth: 'required',
  summary: "A member as the desk sees them: standing, recent writing and earlier moderators' actions",
  payload: z.object({ user_id: idField }),
  data: modMemberSchema,
});

export const moderationEndpoints = {
  modOverview,
  modReports,
  modDismissReports,
  modRemove,
  modRestore,
  modLock,
  modHeld,
  modRelease,
  modMember,
} as const;
