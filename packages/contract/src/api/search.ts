import { z } from 'zod';
import { pageQuery } from './common';
import { userCardSchema } from './community-common';
import { endpoint } from './endpoint';
import { postSchema } from './posts';
import { topicSchema } from './topics';
import { translateTextPayload, translationSchema } from './translation';

export const SEARCH_KEYWORD_MAX = 100;
/** With type `all`, this many topics and members come before the posts. */
export const SEARCH_PREVIEW = 3;

export const searchLists = endpoint({
  base: 'api',
  path: 'search/lists',
  methods: ['POST', 'GET'],
  auth: 'optional',
  summary: 'Full-text search of posts, topics and members; `type` picks the kind that is paged',
  payload: pageQuery.extend({
    keyword: z
      .string({ error: 'validation.keyword_required' })
      .trim()
      .min(1, { error: 'validation.keyword_required' })
      .max(SEARCH_KEYWORD_MAX, { error: 'validation.max_number' }),
    type: z.enum(['all', 'posts', 'topics', 'users']).default('all'),
  }),
  data: z.object({
    posts: z.array(postSchema),
    topics: z.array(topicSchema),
    users: z.array(userCardSchema),
    total: z.number().int().min(0).describe('Matches of the paged kind (posts for `all`)'),
    cursor: z.string().nullable(),
  }),
});

export const searchHot = endpoint({
  base: 'api',
  path: 'search/hot',
  methods: ['POST', 'GET'],
  auth: 'none',
  summary: 'What people searched most in the last days',
  payload: z.object({}),
  data: z.array(z.object({ keyword: z.string(), count: z.number().int().min(0) })),
});

export const translateStatus = endpoint({
  base: 'api',
  path: 'translate/status',
  methods: ['POST', 'GET'],
  auth: 'none',
  summary: 'Whether machine translation is configured',
  payload: z.object({}),
  data: z.object({ enabled: z.boolean() }),
});

export const translateText = endpoint({
  base: 'api',
  path: 'translate/text',
  auth: 'optional',
  summary: "Translate a post or a comment into the reader's language",
  payload: translateTextPayload,
  data: translationSchema,
});

export const searchEndpoints = { searchLists, searchHot, translateStatus, translateText } as const;
