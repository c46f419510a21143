import { z } from 'zod';
import { ONLINE_BEAT_MAX_SECONDS } from '../constants';
import { idField, integer, listOf, pageQuery } from './common';
import { addedSchema, balancesSchema } from './economy-common';
import { endpoint } from './endpoint';

/** The actions that advance tasks; the server counts them as members do them. */
export const TASK_ACTIONS = [
  'login',
  'post',
  'comment',
  'like',
  'share',
  'follow',
  'avatar',
  'bet',
  'play',
  'online_minutes',
] as const;
export type TaskAction = (typeof TASK_ACTIONS)[number];

/** bonus (to do, showing its reward), claimable, complete (claimed), locked (level): docs/product/tasks-achievements-mining.md#task-states. */
export const TASK_STATES = ['bonus', 'claimable', 'complete', 'locked'] as const;
export type TaskState = (typeof TASK_STATES)[number];

/** The progress enum (docs/product/tasks-achievements-mining.md#task-states). paused: a time task whose clock is not running (no heartbeat). */
export const TaskProgress = { noStart: 0, done: 1, progress: 2, paused: 3 } as const;
export type TaskProgress = (typeof TaskProgress)[keyof typeof TaskProgress];

export const taskSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(['daily', 'newbie']),
  title: z.string().describe("In the caller's language"),
  action: z.enum(TASK_ACTIONS),
  target: z.number().int().min(1),
  count: z.number().int().min(0).describe('Progress towards target'),
  progress: z
    .union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)])
    .describe('0 noStart, 1 done, 2 progress, 3 paused'),
  state: z.enum(TASK_STATES),
  min_level: z.number().int().min(1),
  reward: addedSchema,
});
export type Task = z.output<typeof taskSchema>;

export const taskLists = endpoint({
  base: 'api',
  path: 'task/lists',
  methods: ['POST', 'GET'],
  auth: 'required',
  summary: "The caller's daily and newbie tasks",
  payload: z.object({}),
  data: z.object({
    daily: z.array(taskSchema),
    newbie: z.array(taskSchema),
    resets_at: z.number().int().describe('When daily tasks start over (next UTC midnight)'),
  }),
});

export const taskReward = endpoint({
  base: 'api',
  path: 'task/reward',
  auth: 'required',
  summary: "Claim a completed task's reward, once per day (daily) or ever (newbie)",
  payload: z.object({ task_id: idField }),
  data: z.object({ task: taskSchema, added: addedSchema, balances: balancesSchema }),
});

export const REWARD_SOURCES = ['task', 'level', 'achievement', 'checkin'] as const;

export const rewardSchema = z.object({
  id: z.number().int(),
  source: z.enum(REWARD_SOURCES),
  title: z.string().describe("What earned it, in the caller's language"),
  gold: z.number().int().min(0),
  diamonds: z.number().int().min(0),
  experience: z.number().int().min(0),
  created_at: z.number().int(),
});
export type Reward = z.output<typeof rewardSchema>;

export const userReward = endpoint({
  base: 'api',
  path: 'user/reward',
  methods: ['POST', 'GET'],
  auth: 'required',
  summary: 'What the caller earned (tasks, levels, achievements, check-ins), newest first',
  payload: pageQuery,
  data: listOf(rewardSchema),
});

export const onlineDuration = endpoint({
  base: 'api',
  path: 'online/duration',
  auth: 'required',
  summary: 'Heartbeat: the app was in front of the member for this many seconds',
  payload: z.object({
    seconds: integer(z.number({ error: 'errors.invalid_payload' }).int().min(1).max(ONLINE_BEAT_MAX_SECONDS)),
  }),
  data: z.object({ today_seconds: z.number().int().min(0) }),
});

export const startUp = endpoint({
  base: 'api',
  path: 'start/up',
  auth: 'required',
  summary: "The app's start-up routine (type 1, authLogin true): the day's check-in",
  payload: z.object({
    type: integer(z.number({ error: 'errors.invalid_payload' }).int().min(1).max(1)),
    authLogin: z.boolean().default(true),
  }),
  data: z.object({
    first_today: z.boolean().describe('This was the first start-up of the UTC day'),
    streak: z.number().int().min(0).describe('Days in a row'),
    added: addedSchema.describe("The check-in reward, all zero after the day's first"),
  }),
});

export const tasksEndpoints = { taskLists, taskReward, userReward, onlineDuration, startUp } as const;
