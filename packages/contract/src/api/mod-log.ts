import { z } from 'zod';
import { idField, listOf, pageQuery } from './common';
import { authorSchema } from './community-common';
import { endpoint } from './endpoint';
import { topicRefSchema } from './topics';

/** Everything a moderator, an administrator or an operator does is one of these (docs/product/moderation.md#the-log). */
export const MOD_ACTION_KINDS = [
  'remove_post',
  'restore_post',
  'remove_comment',
  'restore_comment',
  'lock_comments',
  'unlock_comments',
  'dismiss_reports',
  'release_post',
  'warn',
  'suspend',
  'ban',
  'lift',
  'grant_role',
  'revoke_role',
  'add_filter',
  'remove_filter',
  'answer_appeal',
] as const;
export type ModActionKind = (typeof MOD_ACTION_KINDS)[number];

/**
 * What anyone may read in the public log: what happened to content and who was kept from
 * writing, with the reason; never who did it nor the content itself. Warnings, reports, filters,
 * roles and appeals stay between the member and the staff.
 */
export const PUBLIC_MOD_ACTIONS = [
  'remove_post',
  'restore_post',
  'remove_comment',
  'restore_comment',
  'lock_comments',
  'unlock_comments',
  'suspend',
  'ban',
  'lift',
] as const satisfies readonly ModActionKind[];

export const MOD_TARGET_TYPES = ['post', 'comment', 'user', 'filter', 'appeal'] as const;
export type ModTargetType = (typeof MOD_TARGET_TYPES)[number];

export const modActionSchema = z.object({
  id: z.number().int(),
  action: z.enum(MOD_ACTION_KINDS),
  moderator: authorSchema
    .nullable()
    .describe('Who did it; null in the public log, and for an operator command'),
  target_type: z.enum(MOD_TARGET_TYPES),
  target_id: z.number().int().nullable().describe('The post, comment, member, filter or appeal acted on'),
  post_id: z
    .number()
    .int()
    .nullable()
    .describe('The post a comment belongs to (or the post itself), for links'),
  subject: authorSchema.nullable().describe('Whom it is about: the content’s author, or the member'),
  topic: topicRefSchema.nullable(),
  reason: z.string(),
  until: z.number().int().nullable().describe('When a suspension ends (epoch ms)'),
  snapshot: z
    .string()
    .nullable()
    .describe('The content as it was when acted on; staff only, null in the public log'),
  created_at: z.number().int(),
});
export type ModAction = z.output<typeof modActionSchema>;

export const modLog = endpoint({
  base: 'api',
  path: 'mod/log',
  methods: ['POST', 'GET'],
  auth: 'required',
  summary:
    'Administrators only: the whole moderation log, newest first, optionally of one moderator, about one member, or of one kind',
  payload: pageQuery.extend({
    moderator_id: idField.optional().describe('Only what this moderator did'),
    subject_id: idField.optional().describe('Only what was done about this member'),
    action: z.enum(MOD_ACTION_KINDS).optional().describe('Only this kind of action'),
  }),
  data: listOf(modActionSchema),
});

export const modlogList = endpoint({
  base: 'api',
  path: 'modlog/list',
  methods: ['POST', 'GET'],
  auth: 'optional',
  summary:
    'The public moderation log, newest first: removals, restorations, locks, suspensions, bans and lifts with their reasons; never who acted nor the content',
  payload: pageQuery,
  data: listOf(modActionSchema),
});

/** How many log entries a member page shows at most (mod/member, my/standing). */
export const MOD_ACTIONS_SHOWN = 50;

export const modLogEndpoints = { modLog, modlogList } as const;
