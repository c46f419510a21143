import { type HttpMethod, YOURS_CATEGORY_ID } from '@pixelhall/contract';
import { routes } from '@pixelhall/contract/routes';

/**
 * Home's first calls as data, light enough for the entry to send them before the app's code is
 * here (shell/early-start.ts). The queries of ./first-screen.ts send the same calls; the client
 * then takes these answers instead of asking twice (first-screen.test.ts checks nothing goes
 * out twice).
 */
export const homeCalls = {
  newFeed: { def: routes.posts.homePosts, payload: { page: 1 }, method: 'GET' as HttpMethod },
  banners: { def: routes.posts.bannerLists, payload: {}, method: 'GET' as HttpMethod },
  categories: { def: routes.topics.topicCategory, payload: {}, method: 'GET' as HttpMethod },
  popup: { def: routes.posts.popUp, payload: {}, method: 'GET' as HttpMethod },
  styles: { def: routes.posts.colorLists, payload: {}, method: 'GET' as HttpMethod },
  miningOption: {
    def: routes.options.getOptions,
    payload: { name: 'mining_config' as const },
    method: 'GET' as HttpMethod,
  },
  // A member's own calls: never cached by anyone, so they go as POST like every other call.
  me: { def: routes.users.getUser, payload: {}, method: undefined },
  followsAnyTopic: {
    def: routes.topics.topicList,
    payload: { category_id: YOURS_CATEGORY_ID, page: 1, num: 1 },
    method: undefined,
  },
};

/** The calls Home makes at its first paint, a visitor's or a member's. */
export function homeFirstCalls(signedIn: boolean) {
  const { me, followsAnyTopic, ...everyone } = homeCalls;
  return [...Object.values(everyone), ...(signedIn ? [me, followsAnyTopic] : [])];
}

/** The path the hash router will show for a `location.hash` ('' and '#/' are the index). */
export function routePath(hash: string): string {
  const path = hash.replace(/^#/, '').split(/[?#]/)[0] ?? '';
  return path === '' ? '/' : path;
}

/** Whether a start-up URL opens Home, the one screen whose data starts with the entry. */
export const opensHome = (hash: string): boolean => ['/', '/home'].includes(routePath(hash));
