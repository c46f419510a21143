import { z } from 'zod';
import { idField, integer, listOf, pageQuery, toggleField } from './common';
import { userCardSchema } from './community-common';
import { endpoint } from './endpoint';

export const userFollow = endpoint({
  base: 'api',
  path: 'user/follow',
  auth: 'required',
  summary: 'Follow or unfollow a member (toggle, or set with `follow`)',
  payload: z.object({ user_id: idField, follow: toggleField }),
  data: z.object({ followed: z.boolean(), follower_count: z.number().int().min(0) }),
});

export const followList = endpoint({
  base: 'api',
  path: 'follow/list',
  methods: ['POST', 'GET'],
  auth: 'optional',
  summary: 'Whom a member follows, or who follows them; without user_id, the caller',
  payload: pageQuery.extend({
    user_id: integer(z.number().int().positive()).optional(),
    type: z.enum(['following', 'followers']).default('following'),
  }),
  data: listOf(userCardSchema),
});

export const followCount = endpoint({
  base: 'api',
  path: 'follow/count',
  methods: ['POST', 'GET'],
  auth: 'optional',
  summary: 'How many a member follows, is followed by, and mutual friends',
  payload: z.object({ user_id: integer(z.number().int().positive()).optional() }),
  data: z.object({
    following: z.number().int().min(0),
    followers: z.number().int().min(0),
    friends: z.number().int().min(0),
  }),
});

export const hasFollow = endpoint({
  base: 'api',
  path: 'has/follow',
  methods: ['POST', 'GET'],
  auth: 'required',
  summary: 'The relation between the caller and a member',
  payload: z.object({ user_id: idField }),
  data: z.object({
    followed: z.boolean().describe('The caller follows them'),
    follows_you: z.boolean(),
    blocked: z.boolean().describe('The caller has them on the blacklist'),
  }),
});

export const followFriends = endpoint({
  base: 'api',
  path: 'follow/friends',
  methods: ['POST', 'GET'],
  auth: 'required',
  summary: 'Mutual follows of the caller',
  payload: pageQuery,
  data: listOf(userCardSchema),
});

export const userBlack = endpoint({
  base: 'api',
  path: 'user/black',
  auth: 'required',
  summary: 'Put a member on your blacklist: their posts disappear and they cannot follow you or answer you',
  payload: z.object({ user_id: idField }),
  data: z.object({ blocked: z.boolean() }),
});

export const blackList = endpoint({
  base: 'api',
  path: 'black/list',
  methods: ['POST', 'GET'],
  auth: 'required',
  summary: 'Your blacklist, most recent first',
  payload: pageQuery,
  data: listOf(userCardSchema.extend({ blocked_at: z.number().int() })),
});

export const removeBlack = endpoint({
  base: 'api',
  path: 'remove/black',
  auth: 'required',
  summary: 'Take a member off your blacklist',
  payload: z.object({ user_id: idField }),
  data: z.object({ blocked: z.boolean() }),
});

export const followsEndpoints = {
  userFollow,
  followList,
  followCount,
  hasFollow,
  followFriends,
  userBlack,
  blackList,
  removeBlack,
} as const;
