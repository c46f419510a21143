import { z } from 'zod';
import { idField, integer, listOf } from './common';
import { addedSchema, balancesSchema, currencySchema, requestIdField } from './economy-common';
import { endpoint } from './endpoint';
import { postSchema } from './posts';

/** How many of one prop a single purchase may buy. */
export const PROP_BUY_MAX = 99;

/**
 * What a prop does. On a post (posts/prop): `color` gives it a colour style, `style` an upgrade
 * style that highlights it, `pin` leads its topic's feed for `effect` hours. On the member
 * (use/prop): `experience` adds `effect` experience.
 */
export const PROP_KINDS = ['color', 'style', 'pin', 'experience'] as const;
export const propKindSchema = z.enum(PROP_KINDS);
export type PropKind = z.output<typeof propKindSchema>;
export const POST_PROP_KINDS: readonly PropKind[] = ['color', 'style', 'pin'];

export const propSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string().describe("In the caller's language"),
  description: z.string(),
  kind: propKindSchema,
  effect: z.string().describe('A colour or style id (color/lists), pin hours, or experience points'),
  currency: currencySchema,
  price: z.number().int().min(1),
  shelf_days: z.number().int().nullable().describe('A bought prop expires after this many days; null never'),
});
export type Prop = z.output<typeof propSchema>;

export const propLists = endpoint({
  base: 'api',
  path: 'prop/lists',
  methods: ['POST', 'GET'],
  auth: 'none',
  summary: 'The props shop',
  payload: z.object({}),
  data: z.object({ list: z.array(propSchema) }),
});

export const inventoryItemSchema = z.object({
  prop: propSchema,
  count: z
    .number()
    .int()
    .min(0)
    .describe(
      'Usable, unexpired; user/props lists only props with some (buy/prop may answer 0 on a late retry)',
    ),
  expires_at: z.number().int().nullable().describe('When the soonest of them expires; null never'),
});
export type InventoryItem = z.output<typeof inventoryItemSchema>;

export const buyProp = endpoint({
  base: 'api',
  path: 'buy/prop',
  auth: 'required',
  summary: 'Buy props with gold or diamonds',
  payload: z.object({
    prop_id: idField,
    num: integer(
      z
        .number({ error: 'validation.amount_invalid' })
        .int({ error: 'validation.amount_invalid' })
        .min(1, { error: 'validation.amount_invalid' })
        .max(PROP_BUY_MAX, { error: 'validation.max_number' }),
    ).default(1),
    request_id: requestIdField,
  }),
  data: z.object({ item: inventoryItemSchema, balances: balancesSchema }),
});

export const userProps = endpoint({
  base: 'api',
  path: 'user/props',
  methods: ['POST', 'GET'],
  auth: 'required',
  summary: "The caller's props, with counts and expiry",
  payload: z.object({}),
  data: listOf(inventoryItemSchema),
});

export const useProp = endpoint({
  base: 'api',
  path: 'use/prop',
  auth: 'required',
  summary: 'Use a prop on yourself (experience cards); post props go through posts/prop',
  payload: z.object({ prop_id: idField, request_id: requestIdField }),
  data: z.object({ added: addedSchema, remaining: z.number().int().min(0) }),
});

export const postsProp = endpoint({
  base: 'api',
  path: 'posts/prop',
  auth: 'required',
  summary: 'Use a prop on your post: a colour, an upgrade style, or a pin in its topic',
  payload: z.object({ post_id: idField, prop_id: idField, request_id: requestIdField }),
  data: z.object({ post: postSchema, remaining: z.number().int().min(0) }),
});

export const propsEndpoints = { propLists, buyProp, userProps, useProp, postsProp } as const;
