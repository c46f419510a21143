import { z } from 'zod';
import { endpoint } from './endpoint';

/** Grades are named ranges of levels (spec §3); the app translates the name as `grade.<name>`. */
export const GRADES = [
  { name: 'novice', min_level: 1 },
  { name: 'player', min_level: 5 },
  { name: 'veteran', min_level: 10 },
  { name: 'expert', min_level: 21 },
  { name: 'master', min_level: 30 },
  { name: 'legend', min_level: 50 },
] as const;
export type GradeName = (typeof GRADES)[number]['name'];

export function gradeForLevel(level: number): GradeName {
  let grade: GradeName = GRADES[0].name;
  for (const g of GRADES) if (level >= g.min_level) grade = g.name;
  return grade;
}

export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  signature: z.string(),
  avatar: z.string().describe('Avatar URL, empty for the default avatar'),
  level: z.number().int().min(1),
  grade: z.enum(GRADES.map((g) => g.name) as [GradeName, ...GradeName[]]),
  created_at: z.number().int().describe('Member since, epoch ms'),
  email: z.string().nullable().optional().describe('Only for the caller'),
  gold: z.number().int().optional().describe('Only for the caller'),
  diamonds: z.number().int().optional().describe('Only for the caller'),
});
export type User = z.output<typeof userSchema>;

export const getUser = endpoint({
  base: 'api',
  path: 'get/user',
  methods: ['POST', 'GET'],
  auth: 'optional',
  summary: 'A member profile; without user_id, the caller (which then needs a token)',
  payload: z.object({
    user_id: z.coerce.number().int().positive().optional().describe('Another member; omit for yourself'),
  }),
  data: userSchema,
});

export const usersEndpoints = { getUser } as const;
