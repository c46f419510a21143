import { z } from 'zod';
import { integer } from './common';
import { addedSchema, balancesSchema } from './economy-common';
import { endpoint } from './endpoint';
import { GRADES, type GradeName } from './grades';

/** The highest level; experience keeps counting past it. */
export const LEVEL_MAX = 60;

/** Total experience needed to reach a level: 1 needs 0, 2 needs 50, then ever larger steps. */
export function experienceForLevel(level: number): number {
  const l = Math.min(Math.max(1, Math.floor(level)), LEVEL_MAX);
  return 25 * (l - 1) * l;
}

/** The level a total of experience reaches. */
export function levelForExperience(experience: number): number {
  let level = 1;
  while (level < LEVEL_MAX && experienceForLevel(level + 1) <= experience) level += 1;
  return level;
}

/**
 * Where experience comes from and how much a day can bring, so members can read how to climb.
 * A like counts once per member and post however often it is toggled.
 */
export const EXPERIENCE_RULES = {
  post: { points: 10, daily_cap: 50 },
  comment: { points: 3, daily_cap: 30 },
  like_received: { points: 2, daily_cap: 100 },
  daily_login: { points: 20, daily_cap: 20 },
  online: { points: 2, per_minutes: 5, daily_cap: 24 },
} as const;
export type ExperienceSource = keyof typeof EXPERIENCE_RULES;

const gradeEnum = z.enum(GRADES.map((g) => g.name) as [GradeName, ...GradeName[]]);

export const levelInfoSchema = z.object({
  level: z.number().int().min(1),
  grade: gradeEnum,
  experience: z.number().int().min(0).describe('Total experience'),
  level_experience: z.number().int().min(0).describe('Total experience the current level starts at'),
  next_experience: z
    .number()
    .int()
    .nullable()
    .describe('Total experience of the next level; null at the top'),
  today_experience: z.number().int().min(0),
  unclaimed_rewards: z.number().int().min(0).describe('Reached levels whose reward is not claimed yet'),
});
export type LevelInfo = z.output<typeof levelInfoSchema>;

export const levelInfo = endpoint({
  base: 'api',
  path: 'level/info',
  methods: ['POST', 'GET'],
  auth: 'required',
  summary: "The caller's level, grade and experience",
  payload: z.object({}),
  data: levelInfoSchema,
});

export const LEVEL_REWARD_STATES = ['locked', 'claimable', 'claimed', 'none'] as const;

export const levelRowSchema = z.object({
  level: z.number().int().min(1),
  experience: z.number().int().min(0).describe('Total experience to reach it'),
  grade: gradeEnum,
  reward_gold: z.number().int().min(0),
  reward_diamonds: z.number().int().min(0),
  reward_state: z
    .enum(LEVEL_REWARD_STATES)
    .describe('For the caller; none when there is no reward or no token'),
});
export type LevelRow = z.output<typeof levelRowSchema>;

export const getLevels = endpoint({
  base: 'api',
  path: 'get/levels',
  methods: ['POST', 'GET'],
  auth: 'optional',
  summary: 'The level table with each level reward (and, with a token, its state for the caller)',
  payload: z.object({}),
  data: z.object({
    list: z.array(levelRowSchema),
    grades: z.array(z.object({ name: gradeEnum, min_level: z.number().int() })),
  }),
});

export const levelReward = endpoint({
  base: 'api',
  path: 'level/reward',
  auth: 'required',
  summary: "Claim a reached level's reward, once",
  payload: z.object({
    level: integer(z.number({ error: 'errors.invalid_payload' }).int().min(2).max(LEVEL_MAX)),
  }),
  data: z.object({ added: addedSchema, balances: balancesSchema, level: levelRowSchema }),
});

export const levelsEndpoints = { levelInfo, getLevels, levelReward } as const;
