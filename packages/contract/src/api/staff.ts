import { z } from 'zod';
import { idField } from './common';
import { authorSchema } from './community-common';
import { endpoint } from './endpoint';
import { topicRefSchema } from './topics';

/**
 * Who may do what (docs/product/moderation.md#roles): members, moderators (of every topic, or of
 * some), administrators. Each role outranks the ones before it.
 */
export const ROLES = ['member', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const roleSchema = z.enum(ROLES);

/** The most topics one moderator can be scoped to; more is "every topic". */
export const MOD_TOPICS_MAX = 50;

export const staffMemberSchema = z.object({
  user: authorSchema,
  role: z.enum(['moderator', 'admin']),
  topics: z
    .array(topicRefSchema)
    .describe('The topics a moderator is scoped to; empty: every topic (and always for an administrator)'),
  granted_at: z
    .number()
    .int()
    .nullable()
    .describe('When the role was last given (epoch ms); null if unknown'),
});
export type StaffMember = z.output<typeof staffMemberSchema>;

export const modStaffList = endpoint({
  base: 'api',
  path: 'mod/staff/list',
  methods: ['POST', 'GET'],
  auth: 'required',
  summary: 'Administrators only: every moderator and administrator, administrators first, then by name',
  payload: z.object({}),
  data: z.object({ list: z.array(staffMemberSchema) }),
});

export const modStaffGrant = endpoint({
  base: 'api',
  path: 'mod/staff/grant',
  auth: 'required',
  summary:
    'Administrators only: make a member a moderator, of the given topics or (no topics) of every topic. Granting again replaces the topics. Administrators are made only by the operators',
  payload: z.object({
    user_id: idField,
    topic_ids: z
      .array(idField)
      .max(MOD_TOPICS_MAX, 'validation.max_number')
      .optional()
      .describe('The topics they moderate; absent or empty: every topic'),
  }),
  data: staffMemberSchema,
});

export const modStaffRevoke = endpoint({
  base: 'api',
  path: 'mod/staff/revoke',
  auth: 'required',
  summary:
    'Administrators only: make a moderator a member again; their desk closes at their next request. Not for administrators',
  payload: z.object({ user_id: idField }),
  data: z.object({ user_id: z.number().int() }),
});

export const staffEndpoints = { modStaffList, modStaffGrant, modStaffRevoke } as const;
