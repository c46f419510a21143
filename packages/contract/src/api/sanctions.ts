import { z } from 'zod';
import { idField, integer } from './common';
import { endpoint } from './endpoint';
import { roleSchema } from './staff';

export const SANCTION_KINDS = ['warn', 'suspend', 'ban'] as const;
export type SanctionKind = (typeof SANCTION_KINDS)[number];

export const SANCTION_REASON_MAX = 500;
/** A suspension lasts whole hours, at most a year; longer is a ban. */
export const SUSPENSION_HOURS_MAX = 8760;
/** How far back my/standing lists warnings. */
export const WARNINGS_SHOWN_DAYS = 90;

/** Why a moderator acted: shown to the member, and in the public log for public kinds. */
export const modReasonField = z
  .string({ error: 'validation.mod_reason_required' })
  .trim()
  .min(1, 'validation.mod_reason_required')
  .refine((value) => [...value].length <= SANCTION_REASON_MAX, { error: 'validation.mod_reason_max' })
  .describe(`Why, 1 to ${SANCTION_REASON_MAX} characters; the member reads it`);

export const modSanction = endpoint({
  base: 'api',
  path: 'mod/sanction',
  auth: 'required',
  summary:
    'Moderators of every topic and administrators: warn, suspend (for whole hours; again replaces the end) or ban a member of a lower role. The member is told through their news; a ban ends every session and game token',
  payload: z
    .object({
      user_id: idField,
      kind: z.enum(SANCTION_KINDS),
      reason: modReasonField,
      hours: integer(
        z
          .number({ error: 'validation.mod_hours_range' })
          .int('validation.mod_hours_range')
          .min(1, 'validation.mod_hours_range')
          .max(SUSPENSION_HOURS_MAX, 'validation.mod_hours_range'),
      )
        .optional()
        .describe(
          `How long a suspension lasts, 1 to ${SUSPENSION_HOURS_MAX} hours; required for suspend only`,
        ),
    })
    .refine((p) => p.kind !== 'suspend' || p.hours !== undefined, {
      error: 'validation.mod_hours_required',
      path: ['hours'],
    }),
  data: z.object({ action_id: z.number().int().describe('The moderation-log entry') }),
});

export const modSanctionLift = endpoint({
  base: 'api',
  path: 'mod/sanction/lift',
  auth: 'required',
  summary: 'Moderators of every topic and administrators: end a member’s suspension or ban now',
  payload: z.object({ user_id: idField, reason: modReasonField }),
  data: z.object({ action_id: z.number().int().describe('The moderation-log entry') }),
});

export const standingSchema = z.object({
  role: roleSchema,
  topic_ids: z
    .array(z.number().int())
    .nullable()
    .describe('The topics a scoped moderator moderates; null: every topic, or not a moderator'),
  suspension: z
    .object({
      until: z.number().int().describe('When it ends (epoch ms)'),
      reason: z.string(),
      action_id: z.number().int().nullable().describe('The moderation-log entry, for an appeal'),
    })
    .nullable()
    .describe('A suspension that runs now; null when there is none'),
  warnings: z
    .array(
      z.object({
        action_id: z.number().int(),
        reason: z.string(),
        created_at: z.number().int(),
      }),
    )
    .describe(`Warnings of the last ${WARNINGS_SHOWN_DAYS} days, newest first`),
});
export type Standing = z.output<typeof standingSchema>;

export const myStanding = endpoint({
  base: 'api',
  path: 'my/standing',
  methods: ['POST', 'GET'],
  auth: 'required',
  summary: "The caller's role (and topics), running suspension and recent warnings",
  payload: z.object({}),
  data: standingSchema,
});

export const sanctionsEndpoints = { modSanction, modSanctionLift, myStanding } as const;
