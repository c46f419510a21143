import { z } from 'zod';
import { GRADES, type GradeName } from './grades';

/** How another member appears beside their content: enough for an avatar, a name and a badge. */
export const authorSchema = z.object({
  id: z.number().int(),
  nickname: z.string(),
  avatar: z.string(),
  level: z.number().int().min(1),
  grade: z.enum(GRADES.map((g) => g.name) as [GradeName, ...GradeName[]]),
});
export type Author = z.output<typeof authorSchema>;

/** A member in a list (followers, search results, blacklist), with the viewer's relation. */
export const userCardSchema = authorSchema.extend({
  signature: z.string(),
  follower_count: z.number().int().min(0),
  followed: z.boolean().describe('The viewer follows this member'),
  follows_you: z.boolean().describe('This member follows the viewer'),
});
export type UserCard = z.output<typeof userCardSchema>;

/**
 * A moderator removed it (docs/product/moderation.md#removal). Everyone sees that it was removed;
 * its author and moderators also see why, and which log entry an appeal names.
 */
export const removalSchema = z
  .object({
    at: z.number().int().describe('When it was removed (epoch ms)'),
    reason: z.string().nullable().describe('Why, for its author and moderators; null for everyone else'),
    action_id: z
      .number()
      .int()
      .nullable()
      .describe('The moderation-log entry, for its author and moderators (appeals); null for everyone else'),
  })
  .nullable();
export type Removal = z.output<typeof removalSchema>;
