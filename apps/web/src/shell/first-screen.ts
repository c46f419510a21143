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
  holdFirstScreen(
    new Promise<void>((resolve) => {
      markShown = resolve;
      setTimeout(resolve, SHOWN_AT_THE_LATEST_MS);
    }),
  );
}

/** What the first screen is still waiting for besides its data: its screen, the app itself. */
const held: Promise<unknown>[] = [];
let settled: Promise<void> | null = null;

/** Makes `firstScreenSettled` wait for this too (its failure does not hold anything up). */
export function holdFirstScreen(work: Promise<unknown>): void {
  held.push(work.catch(() => {}));
}

/** A screen that never shows (a crash, an endless wait) must not hold the rest back for good. */
const SHOWN_AT_THE_LATEST_MS = 15_000;
let markShown = () => {};

/** A first screen's feed calls this once it has rendered what it got: posts, nothing, or an error. */
export function firstScreenShown(): void {
  markShown();
}

/**
 * Resolves once the first screen has shown its data and the browser is idle, the first
 * time it is asked: what the first screen does not need (the host, the service worker) waits for
 * it, so it never competes with the first screen on a slow network.
 */
export function firstScreenSettled(client: QueryClient): Promise<void> {
  settled ??= Promise.all([...held])
    .then(() => queriesSettled(client))
    .then(idle);
  return settled;
}

function queriesSettled(client: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    if (client.isFetching() === 0) return resolve();
    const stop = client.getQueryCache().subscribe(() => {
      if (client.isFetching() > 0) return;
      stop();
      resolve();
    });
  });
}

/** After the render the loaded screen and data cause (browsers without idle callbacks: soon). */
function idle(): Promise<void> {
  return new Promise((resolve) => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: 1000 });
    else setTimeout(resolve, 200);
  });
}
