import { z } from 'zod';
import { endpoint } from './endpoint';

/**
 * Server options readable by every client. Each public option has a schema here; operators set
 * them with `npm run ops -- options:set <name> '<json>'`, which validates against it.
 */
export const miningConfigSchema = z.object({
  mining_button: z.boolean().describe('Whether the floating mine button is shown'),
  mining_url: z
    .url({ protocol: /^https?$/ })
    .describe('External mining page; the app adds a mining token to its query'),
  cycle_minutes: z
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(60)
    .describe('Length of a mining cycle'),
  rest_seconds: z
    .number()
    .int()
    .min(0)
    .max(3600)
    .default(30)
    .describe('Pause between cycles, while cycle/time answers time 0'),
});
export type MiningConfig = z.output<typeof miningConfigSchema>;

export const exchangeConfigSchema = z.object({
  gold_per_diamond: z.number().int().min(1).max(10_000).describe('Gold paid for one diamond'),
});
export type ExchangeConfig = z.output<typeof exchangeConfigSchema>;

export const OPTION_SCHEMAS = {
  mining_config: miningConfigSchema,
  exchange_config: exchangeConfigSchema,
} as const;
export type OptionName = keyof typeof OPTION_SCHEMAS;
export const OPTION_NAMES = Object.keys(OPTION_SCHEMAS) as OptionName[];

export const getOptions = endpoint({
  base: 'api',
  path: 'get/options',
  methods: ['POST', 'GET'],
  auth: 'none',
  summary: 'Read a public server option, such as mining_config',
  payload: z.object({
    name: z.string().trim().min(1).max(64).describe('Option name, e.g. mining_config'),
  }),
  data: z.object({
    name: z.string(),
    option_value: z.record(z.string(), z.unknown()).describe('The option, e.g. { mining_button }'),
    updated_at: z.number().int().nullable().describe('Epoch ms of the last change; null for a default'),
  }),
});

export const optionsEndpoints = { getOptions } as const;
