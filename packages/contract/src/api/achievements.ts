import { z } from 'zod';
import { idField } from './common';
import { endpoint } from './endpoint';

/** How many achievements a member may show on their profile. */
export const ACHIEVEMENT_DISPLAY_MAX = 3;

export const ACHIEVEMENT_METRICS = [
  'posts',
  'comments',
  'likes_received',
  'followers',
  'checkin_days',
  'bets_won',
  'level',
] as const;

export const achievementTierSchema = z.object({
  tier: z.number().int().min(1),
  threshold: z.number().int().min(1),
  gold: z.number().int().min(0),
  diamonds: z.number().int().min(0),
  earned_at: z.number().int().nullable(),
});

export const achievementSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string().describe("In the caller's language"),
  description: z.string(),
  icon: z.string(),
  metric: z.enum(ACHIEVEMENT_METRICS),
  value: z.number().int().min(0).describe("The member's count for the metric"),
  tier: z.number().int().min(0).describe('Highest tier earned; 0 none'),
  tiers: z.array(achievementTierSchema),
  displayed: z.boolean().describe('Shown on the profile'),
});
export type Achievement = z.output<typeof achievementSchema>;

/**
 * A tier the member had reached before it was counted (a member from before achievements, or
 * seeded), credited by the listing that noticed it: the app tells the member what came in.
 */
export const caughtUpTierSchema = z.object({
  achievement_id: z.number().int(),
  tier: z.number().int().min(1),
  title: z.string().describe("The achievement and tier, in the caller's language"),
  gold: z.number().int().min(0),
  diamonds: z.number().int().min(0),
});
export type CaughtUpTier = z.output<typeof caughtUpTierSchema>;

export const myAchieves = endpoint({
  base: 'api',
  path: 'my/achieves',
  methods: ['POST', 'GET'],
  auth: 'required',
  summary: "The caller's achievements, earned and not",
  payload: z.object({}),
  data: z.object({
    list: z.array(achievementSchema),
    granted: z.array(caughtUpTierSchema).describe('Tiers this listing credited, with their rewards'),
  }),
});

export const achieveDetail = endpoint({
  base: 'api',
  path: 'achieve/detail',
  methods: ['POST', 'GET'],
  auth: 'optional',
  summary: "One achievement with its tiers; with user_id, that member's progress (else the caller's)",
  payload: z.object({ id: idField, user_id: idField.optional() }),
  data: achievementSchema,
});

export const achieveDisplay = endpoint({
  base: 'api',
  path: 'achieve/display',
  auth: 'required',
  summary: 'Choose which earned achievements the profile shows, in order',
  payload: z.object({
    ids: z.array(idField).max(ACHIEVEMENT_DISPLAY_MAX, { error: 'validation.max_number' }),
  }),
  data: z.object({ list: z.array(achievementSchema) }),
});

export const showAchieve = endpoint({
  base: 'api',
  path: 'show/achieve',
  methods: ['POST', 'GET'],
  auth: 'optional',
  summary: "A member's achievements on show (chosen, else their highest)",
  payload: z.object({ user_id: idField }),
  data: z.object({ list: z.array(achievementSchema), earned: z.number().int().min(0) }),
});

export const achievementsEndpoints = { myAchieves, achieveDetail, achieveDisplay, showAchieve } as const;
