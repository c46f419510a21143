import { z } from 'zod';
import type { ValidationResult } from '../validators';
import { idField, listOf, pageQuery } from './common';
import { authorSchema } from './community-common';
import { endpoint } from './endpoint';
import { type ModActionKind, modActionSchema } from './mod-log';

/**
 * Appeals (docs/product/moderation.md#appeals): the member a removal or a suspension was about
 * asks, once, for another look; a moderator who did not take the action answers it, and a grant
 * undoes the action. `my/moderation` is the member's own page of what moderators did about them.
 */

/** An appeal's message and a moderator's answer are at most this many characters (code points). */
export const APPEAL_MESSAGE_MAX = 1000;
export const APPEAL_ANSWER_MAX = 1000;

/**
 * What may be appealed. A ban is not: a banned member cannot sign in, so the app has nowhere to
 * ask from (docs/product/moderation.md#appeals). Warnings change nothing to undo.
 */
export const APPEALABLE_ACTIONS = [
  'remove_post',
  'remove_comment',
  'suspend',
] as const satisfies readonly ModActionKind[];

/** What `my/moderation` lists: everything a moderator did that concerns the member's standing or content. */
export const MEMBER_VISIBLE_ACTIONS = [
  'remove_post',
  'restore_post',
  'remove_comment',
  'restore_comment',
  'lock_comments',
  'unlock_comments',
  'release_post',
  'warn',
  'suspend',
  'ban',
  'lift',
] as const satisfies readonly ModActionKind[];

export const APPEAL_STATES = ['open', 'granted', 'denied'] as const;
export type AppealState = (typeof APPEAL_STATES)[number];

const codePoints = (text: string) => [...text].length;

function validateText(
  value: string | null | undefined,
  max: number,
  required: 'validation.appeal_message_required' | 'validation.appeal_answer_required',
  tooLong: 'validation.appeal_message_max' | 'validation.appeal_answer_max',
): ValidationResult {
  const text = (value ?? '').trim();
  if (!text) return required;
  return codePoints(text) > max ? tooLong : null;
}

/** The member's message, trimmed: required, at most APPEAL_MESSAGE_MAX characters. */
export const validateAppealMessage = (value: string | null | undefined): ValidationResult =>
  validateText(
    value,
    APPEAL_MESSAGE_MAX,
    'validation.appeal_message_required',
    'validation.appeal_message_max',
  );

/** The moderator's answer, trimmed: required, at most APPEAL_ANSWER_MAX characters. */
export const validateAppealAnswer = (value: string | null | undefined): ValidationResult =>
  validateText(value, APPEAL_ANSWER_MAX, 'validation.appeal_answer_required', 'validation.appeal_answer_max');

const textField = (validate: (value: string) => ValidationResult, required: string) =>
  z
    .string({ error: required })
    .trim()
    .superRefine((value, ctx) => {
      const key = validate(value);
      if (key) ctx.addIssue({ code: 'custom', message: key });
    });

export const appealSchema = z.object({
  id: z.number().int(),
  state: z.enum(APPEAL_STATES),
  message: z.string().describe("The member's words"),
  answer: z.string().nullable().describe("The moderator's answer; null while open"),
  created_at: z.number().int(),
  answered_at: z.number().int().nullable(),
});
export type Appeal = z.output<typeof appealSchema>;

/** One entry of the member's own moderation page. */
export const memberModerationSchema = z.object({
  action: modActionSchema.describe(
    'The log entry in its public form (no moderator, no snapshot), with its reason; a warning too',
  ),
  appealable: z
    .boolean()
    .describe('The member may appeal it now: a removal or suspension still in force, not appealed yet'),
  appeal: appealSchema.nullable(),
});
export type MemberModeration = z.output<typeof memberModerationSchema>;

/** An appeal as the desk shows it. */
export const deskAppealSchema = appealSchema.extend({
  member: authorSchema.describe('Who appealed: the member the action was about'),
  action: modActionSchema.describe(
    'The action appealed, whole: who took it, the reason and the content as it was',
  ),
  answered_by: authorSchema.nullable(),
  in_force: z
    .boolean()
    .describe(
      'The action still holds (content still removed, suspension still running): a grant would undo it',
    ),
  can_answer: z
    .boolean()
    .describe(
      'The caller may answer it: open, and not their own action (administrators may answer their own)',
    ),
});
export type DeskAppeal = z.output<typeof deskAppealSchema>;

export const DESK_APPEAL_STATES = ['open', 'answered'] as const;

export const appealCreate = endpoint({
  base: 'api',
  path: 'appeal/create',
  auth: 'required',
  summary:
    'Appeal a removal or a suspension that concerns the caller, once per action, while it is in force; moderators get it in their queue',
  payload: z.object({
    action_id: idField.describe(
      'The moderation-log entry appealed (a removal carries it as `removed.action_id`)',
    ),
    message: textField(validateAppealMessage, 'validation.appeal_message_required').describe(
      `Why the moderators should look again: trimmed, 1 to ${APPEAL_MESSAGE_MAX} characters`,
    ),
  }),
  data: appealSchema,
});

export const myModeration = endpoint({
  base: 'api',
  path: 'my/moderation',
  methods: ['POST', 'GET'],
  auth: 'required',
  summary:
    "The caller's moderation notices, newest first: removals, restorations, locks, warnings, suspensions and lifts, with the reason and any appeal",
  payload: pageQuery,
  data: listOf(memberModerationSchema),
});

export const modAppeals = endpoint({
  base: 'api',
  path: 'mod/appeals',
  methods: ['POST', 'GET'],
  auth: 'required',
  summary:
    "Moderators: the appeals of their topics' removals (suspensions: moderators of every topic and administrators); open ones oldest first, answered ones newest first",
  payload: pageQuery.extend({
    state: z.enum(DESK_APPEAL_STATES).default('open').describe('The open queue, or the answered ones'),
  }),
  data: listOf(deskAppealSchema),
});

export const modAppealsAnswer = endpoint({
  base: 'api',
  path: 'mod/appeals/answer',
  auth: 'required',
  summary:
    'Answer an open appeal once: a grant restores the content or lifts the suspension; the member is told either way. Not by the moderator who took the action, unless an administrator',
  payload: z.object({
    id: idField,
    grant: z.boolean({ error: 'errors.invalid_payload' }).describe('true grants the appeal, false denies it'),
    answer: textField(validateAppealAnswer, 'validation.appeal_answer_required').describe(
      `What the member reads: trimmed, 1 to ${APPEAL_ANSWER_MAX} characters`,
    ),
  }),
  data: deskAppealSchema,
});

export const appealsEndpoints = { appealCreate, myModeration, modAppeals, modAppealsAnswer } as const;
