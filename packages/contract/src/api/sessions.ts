import { z } from 'zod';
import { idField } from './common';
import { endpoint } from './endpoint';

/** One of the member's signed-in devices (docs/product/accounts-and-sessions.md#signed-in-devices). */
export const sessionItemSchema = z.object({
  id: z.number().int().positive(),
  device_type: z
    .string()
    .nullable()
    .describe('The x-device-type the device sent (`iphone`, `android_new` …); null if it sent none'),
  app_version: z.string().nullable().describe('The x-client-version the device sent; null if it sent none'),
  created_at: z.number().int().describe('When it signed in, epoch ms'),
  last_seen_at: z
    .number()
    .int()
    .describe('When it was last used, epoch ms: to within five minutes, and now for the current one'),
  address: z
    .string()
    .nullable()
    .describe('Its network address, shortened: `203.0.113.x`, or `2001:db8:85a3::/48` for IPv6'),
  current: z.boolean().describe('The session this call was made with'),
});
export type SessionItem = z.output<typeof sessionItemSchema>;

export const sessionsList = endpoint({
  base: 'api',
  path: 'sessions/list',
  methods: ['POST', 'GET'],
  auth: 'required',
  summary: "The caller's signed-in devices (live sessions), newest first, at most 100",
  payload: z.object({}),
  data: z.object({ list: z.array(sessionItemSchema) }),
});

export const sessionsRevoke = endpoint({
  base: 'api',
  path: 'sessions/revoke',
  auth: 'required',
  summary:
    "Sign one of the caller's devices out; the caller's own session signs out here. Another member's session answers not found. Its game tokens die with it",
  payload: z.object({ id: idField }),
  data: z.null(),
});

export const sessionsRevokeOthers = endpoint({
  base: 'api',
  path: 'sessions/revoke/others',
  auth: 'required',
  summary: "Sign every device of the caller's out but this one, with their game tokens",
  payload: z.object({}),
  data: z.null(),
});

export const sessionsEndpoints = { sessionsList, sessionsRevoke, sessionsRevokeOthers } as const;
