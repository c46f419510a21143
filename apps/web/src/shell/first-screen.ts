import { routes } from '@pixelhall/contract/routes';
import type { QueryClient } from '@tanstack/react-query';
import {
  bannersQuery,
  categoriesQuery,
  followsAnyTopicQuery,
  meQuery,
  optionQuery,
  popupQuery,
  postFeedQuery,
  postStylesQuery,
} from '../api/queries/first-screen';
import { opensHome } from '../api/queries/first-screen-calls';
import { holdFirstScreen, holdUntilFirstScreenShown } from '../core/first-screen-settled';
import { loadHomeScreen } from './early-start';

/** A query the first screen asks for at its first paint, as its hook asks for it. */
export type FirstScreenQuery =
  | { kind: 'query'; options: ReturnType<typeof bannersQuery> }
  | { kind: 'infinite'; options: ReturnType<typeof postFeedQuery> };

export interface FirstScreen {
  /** The route's screen module, loaded beside its data instead of after the app has rendered. */
  screen: () => Promise<unknown>;
  queries: FirstScreenQuery[];
}

const query = (options: { queryKey: readonly unknown[] }): FirstScreenQuery =>
  ({ kind: 'query', options }) as FirstScreenQuery;

/**
 * What the screen of a start-up URL asks for at its first paint: Home's New feed, banners,
 * categories, announcement and post styles, the mining option of its floating button, and for a
 * member their profile and whether they follow topics. Other routes prefetch nothing.
 */
export function firstScreenFor(hash: string, signedIn: boolean): FirstScreen | null {
  if (!opensHome(hash)) return null;
  return {
    screen: loadHomeScreen,
    queries: [
      { kind: 'infinite', options: postFeedQuery(routes.posts.homePosts, {}) },
      query(bannersQuery()),
      query(categoriesQuery()),
      query(popupQuery()),
      query(postStylesQuery()),
      query(optionQuery('mining_config')),
      ...(signedIn ? [query(meQuery()), query(followsAnyTopicQuery())] : []),
    ],
  };
}

/**
 * Starts the first screen's requests and code from the entry, while the app's own code is still
 * arriving. The screen's hooks then find the queries in flight under the same keys and ask for
 * nothing twice.
 */
export function prefetchFirstScreen(client: QueryClient, hash: string, signedIn: boolean): void {
  const first = firstScreenFor(hash, signedIn);
  if (!first) return;
  for (const { kind, options } of first.queries) {
    if (kind === 'infinite') void client.prefetchInfiniteQuery(options);
    else void client.prefetchQuery(options);
  }
  // After the requests: the screen's modules are many, and a browser opens only a few
  // connections to one server at a time; the data must not queue behind them.
  holdFirstScreen(first.screen());
  holdUntilFirstScreenShown();
}
