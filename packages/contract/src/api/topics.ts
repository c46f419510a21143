import { z } from 'zod';
import { ADULT_AGE } from '../constants';
import { idField, integer, listOf, pageQuery } from './common';
import { endpoint } from './endpoint';

export const categorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  topic_type: z.number().int(),
  icon: z.string(),
});
export type Category = z.output<typeof categorySchema>;

export const topicSchema = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  name: z.string(),
  icon: z.string().describe('Image URL, or empty for the default icon'),
  description: z.string(),
  min_level: z.number().int().min(1).describe('Level needed to post in the topic'),
  min_age: z.number().int().min(0).describe(`0, or ${ADULT_AGE} for an adult topic`),
  follower_count: z.number().int().min(0),
  post_count: z.number().int().min(0),
  followed: z.boolean().describe('The viewer follows the topic'),
  created_at: z.number().int(),
});
export type Topic = z.output<typeof topicSchema>;

/** A post's topic, as lists show it. */
export const topicRefSchema = topicSchema.pick({ id: true, name: true, icon: true, min_age: true });

export const TOPIC_NAME_MAX = 30;
export const TOPIC_DESCRIPTION_MAX = 200;

export const topicCategory = endpoint({
  base: 'api',
  path: 'topic/category',
  methods: ['POST', 'GET'],
  auth: 'none',
  summary: 'The home tabs: topic categories (the app adds YOURS when the member follows topics)',
  payload: z.object({}),
  data: z.array(categorySchema),
});

export const topicList = endpoint({
  base: 'api',
  path: 'topic/list',
  methods: ['POST', 'GET'],
  auth: 'optional',
  summary: 'Topics of a category; category 0 is "yours": the topics the caller follows',
  payload: pageQuery.extend({ category_id: integer(z.number().int().min(0)) }),
  data: listOf(topicSchema),
});

export const topicDetail = endpoint({
  base: 'api',
  path: 'topic/detail',
  methods: ['POST', 'GET'],
  auth: 'optional',
  summary: 'One topic',
  payload: z.object({ id: idField }),
  data: topicSchema,
});

export const topicFollow = endpoint({
  base: 'api',
  path: 'topic/follow',
  auth: 'required',
  summary: 'Follow or unfollow a topic (toggle, or set with `follow`)',
  payload: z.object({ id: idField, follow: z.boolean().optional() }),
  data: z.object({ followed: z.boolean(), follower_count: z.number().int().min(0) }),
});

export const addTopic = endpoint({
  base: 'api',
  path: 'add/topic',
  auth: 'required',
  summary: 'Create a topic (members of level 5 and up)',
  payload: z.object({
    category_id: integer(
      z.number({ error: 'validation.items_required' }).int().positive({
        error: 'validation.items_required',
      }),
    ),
    name: z
      .string({ error: 'validation.name_required' })
      .trim()
      .min(1, { error: 'validation.name_required' })
      .max(TOPIC_NAME_MAX, { error: 'validation.topic_name_max' }),
    description: z
      .string()
      .trim()
      .max(TOPIC_DESCRIPTION_MAX, { error: 'validation.description_max' })
      .default(''),
    icon: z
      .string()
      .regex(/^\/upload\/files\/[0-9a-f]{64}\.(webp|png|jpg|gif)$/, { error: 'errors.image_required' })
      .optional()
      .describe('A URL answered by upload/file'),
    adult: z.boolean().default(false).describe(`Adult topic: readers confirm they are ${ADULT_AGE}+`),
  }),
  data: topicSchema,
});

export const topicsEndpoints = { topicCategory, topicList, topicDetail, topicFollow, addTopic } as const;
