import type { ApiBase, EndpointAuth, EndpointDef, endpoints, HttpMethod } from '@pixelhall/contract';

type Endpoints = typeof endpoints;

/**
 * Typed as the contract's endpoint, so the client infers its payload and answer; only what the
 * client reads at run time is there (no zod schemas: nothing in the client validates with them).
 */
const route = <E extends EndpointDef>(
  base: ApiBase,
  path: string,
  methods: readonly HttpMethod[],
  auth: EndpointAuth,
): E => ({ base, path, methods, auth }) as unknown as E;

/**
 * The first screen's endpoints without their schemas: the contract's endpoint table carries every
 * zod schema, and the entry would download zod before it could ask for anything. The contract
 * stays their source; first-screen-routes.test.ts checks each field against it.
 */
export const firstScreenRoutes = {
  homePosts: route<Endpoints['posts']['homePosts']>('api', 'home/posts', ['POST', 'GET'], 'optional'),
  bannerLists: route<Endpoints['posts']['bannerLists']>('api', 'banner/lists', ['POST', 'GET'], 'none'),
  popUp: route<Endpoints['posts']['popUp']>('api', 'pop/up', ['POST', 'GET'], 'optional'),
  colorLists: route<Endpoints['posts']['colorLists']>('api', 'color/lists', ['POST', 'GET'], 'none'),
  topicCategory: route<Endpoints['topics']['topicCategory']>(
    'api',
    'topic/category',
    ['POST', 'GET'],
    'none',
  ),
  topicList: route<Endpoints['topics']['topicList']>('api', 'topic/list', ['POST', 'GET'], 'optional'),
  getOptions: route<Endpoints['options']['getOptions']>('api', 'get/options', ['POST', 'GET'], 'none'),
  getUser: route<Endpoints['users']['getUser']>('api', 'get/user', ['POST', 'GET'], 'optional'),
};
