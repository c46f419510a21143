import { z } from 'zod';
import { postTextField, type ValidationResult } from '../validators';
import { idField } from './common';
import { authorSchema } from './community-common';
import { endpoint } from './endpoint';

/**
 * Content filters and new-member limits (docs/product/moderation.md#filters-and-new-member-limits):
 * administrators keep words, patterns and link hosts that block a post or comment or hold a post for
 * a moderator's review; new members are held when they post links and may post less per hour.
 */

/** `word`: a word or phrase; `pattern`: a regular expression (RE2 syntax); `link`: a host and its subdomains. */
export const FILTER_KINDS = ['word', 'pattern', 'link'] as const;
export type FilterKind = (typeof FILTER_KINDS)[number];

/** `block`: refused outright; `hold`: a post waits for a moderator, a comment is refused. */
export const FILTER_ACTIONS = ['block', 'hold'] as const;
export type FilterAction = (typeof FILTER_ACTIONS)[number];

/** What screening answers: the strongest verdict of every filter that matched (block beats hold). */
export const FILTER_VERDICTS = ['allow', 'hold', 'block'] as const;
export type FilterVerdict = (typeof FILTER_VERDICTS)[number];

/** A filter's value is at most this many characters (code points), trimmed. */
export const FILTER_VALUE_MAX = 200;

/** A member is new while younger than this, or while at level NEW_MEMBER_LEVEL. */
export const NEW_MEMBER_AGE_MS = 24 * 60 * 60 * 1000;
export const NEW_MEMBER_LEVEL = 1;

/** Posts and comments (replies count as comments) a member may write in any hour. */
export const HOURLY_LIMITS = {
  newMember: { post: 3, comment: 10 },
  member: { post: 30, comment: 120 },
} as const;

/** Whether a member counts as new at `now`: younger than a day, or still at level 1. */
export function isNewMember(member: { level: number; created_at: number }, now: number): boolean {
  return member.level <= NEW_MEMBER_LEVEL || now - member.created_at < NEW_MEMBER_AGE_MS;
}

/** The held reason of a post a new member wrote with a link in it. */
export const HELD_NEW_MEMBER_LINK = 'new_member_link';

/**
 * Why a post is held, as stored in `held_reason` and shown on the desk: `new_member_link`, or
 * `filter:<kind>:<value>` for the filter that matched. `heldReasonOf` reads it back for a screen.
 */
export const heldReasonForFilter = (kind: FilterKind, value: string) => `filter:${kind}:${value}`;

export type HeldReason =
  | { cause: 'new_member_link' }
  | { cause: 'filter'; kind: FilterKind; value: string }
  | { cause: 'other'; text: string };

export function heldReasonOf(reason: string | null): HeldReason {
  if (reason === HELD_NEW_MEMBER_LINK) return { cause: 'new_member_link' };
  const match = /^filter:(word|pattern|link):([\s\S]*)$/.exec(reason ?? '');
  if (match) return { cause: 'filter', kind: match[1] as FilterKind, value: match[2]! };
  return { cause: 'other', text: reason ?? '' };
}

export const contentFilterSchema = z.object({
  id: z.number().int(),
  kind: z.enum(FILTER_KINDS),
  value: z.string().describe('As the administrator typed it, trimmed (a host is stored in lower case)'),
  action: z.enum(FILTER_ACTIONS),
  created_by: authorSchema
    .nullable()
    .describe('The administrator who added it; null: an operator or a deleted member'),
  created_at: z.number().int(),
});
export type ContentFilter = z.output<typeof contentFilterSchema>;

export function validateFilterValue(value: string | null | undefined): ValidationResult {
  const text = (value ?? '').trim();
  if (!text) return 'validation.filter_value_required';
  return [...text].length > FILTER_VALUE_MAX ? 'validation.filter_value_max' : null;
}

export const filterValueField = z
  .string({ error: 'validation.filter_value_required' })
  .trim()
  .superRefine((value, ctx) => {
    const key = validateFilterValue(value);
    if (key) ctx.addIssue({ code: 'custom', message: key });
  })
  .describe(`1 to ${FILTER_VALUE_MAX} characters, trimmed`);

export const filtersList = endpoint({
  base: 'api',
  path: 'mod/filters/list',
  methods: ['POST', 'GET'],
  auth: 'required',
  summary: 'Administrators: every content filter, newest first',
  payload: z.object({}),
  data: z.object({ list: z.array(contentFilterSchema) }),
});

export const filtersAdd = endpoint({
  base: 'api',
  path: 'mod/filters/add',
  auth: 'required',
  summary:
    'Administrators: add a filter. A word matches after NFKC and lower case (inside words for unspaced scripts, whole words otherwise); a pattern is RE2 syntax, case-insensitive; a link host matches it and its subdomains',
  payload: z.object({
    kind: z.enum(FILTER_KINDS, { error: 'errors.invalid_payload' }),
    value: filterValueField,
    action: z.enum(FILTER_ACTIONS, { error: 'errors.invalid_payload' }),
  }),
  data: contentFilterSchema,
});

export const filtersRemove = endpoint({
  base: 'api',
  path: 'mod/filters/remove',
  auth: 'required',
  summary: 'Administrators: remove a filter; content it held stays held until a moderator decides',
  payload: z.object({ id: idField }),
  data: z.object({ id: z.number().int() }),
});

export const filtersTry = endpoint({
  base: 'api',
  path: 'mod/filters/try',
  auth: 'required',
  summary: 'Administrators: what the filters would answer for a text (the new-member rules aside)',
  payload: z.object({ text: postTextField }),
  data: z.object({
    verdict: z.enum(FILTER_VERDICTS),
    matched: z.string().nullable().describe('The value of the filter that decided; null when none matched'),
    kind: z.enum(FILTER_KINDS).nullable().describe('Its kind; null when none matched'),
  }),
});

export const contentFiltersEndpoints = { filtersList, filtersAdd, filtersRemove, filtersTry } as const;
