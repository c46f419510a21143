import { z } from 'zod';
import { endpoint } from './endpoint';

export const checkVersion = endpoint({
  base: 'game',
  path: 'main/checkVersion',
  methods: ['POST', 'GET'],
  auth: 'none',
  summary: "Compare the client's version with the latest published one",
  payload: z.object({
    version: z
      .string()
      .regex(/^\d+(\.\d+)*$/)
      .optional()
      .describe('Client version; defaults to the X-Client-Version header'),
  }),
  data: z.object({
    current_version: z.string(),
    latest_version: z.string(),
    has_update: z.boolean(),
    force_update: z.boolean().describe('A newer release that drops support for this version exists'),
    notes: z.string().describe('Release notes of the latest version'),
    released_at: z.number().int().nullable(),
    download_url: z.string().nullable(),
  }),
});

export const appVersionEndpoints = { checkVersion } as const;
