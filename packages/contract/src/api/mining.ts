import { z } from 'zod';
import { endpoint } from './endpoint';

export const cycleTime = endpoint({
  base: 'api',
  path: 'cycle/time',
  methods: ['POST', 'GET'],
  auth: 'optional',
  summary: 'The current mining cycle; time 0 between cycles or while mining is off',
  payload: z.object({}),
  data: z.object({
    start_time: z.number().int().describe('Cycle start, epoch ms (0 when none)'),
    end_time: z.number().int().describe('Cycle end, epoch ms (0 when none)'),
    time: z.number().int().describe('Server time, epoch ms, inside a cycle; 0 when there is none'),
  }),
});

export const miningToken = endpoint({
  base: 'api',
  path: 'mining/token',
  auth: 'required',
  summary: 'A short-lived token for the external mining page (never the session token)',
  payload: z.object({}),
  data: z.object({
    token: z.string(),
    expires_at: z.number().int(),
    url: z.string().describe('The mining page with the token in its query'),
  }),
});

export const miningMember = endpoint({
  base: 'api',
  path: 'mining/member',
  methods: ['POST', 'GET'],
  auth: 'none',
  summary: 'For the mining page: who a mining token belongs to',
  payload: z.object({ token: z.string().min(16).max(128) }),
  data: z.object({
    user_id: z.number().int(),
    nickname: z.string(),
    avatar: z.string(),
    level: z.number().int(),
    expires_at: z.number().int(),
  }),
});

export const miningEndpoints = { cycleTime, miningToken, miningMember } as const;
