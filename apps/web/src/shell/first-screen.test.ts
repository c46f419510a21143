import { endpoints } from '@pixelhall/contract';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { categoriesQuery, postFeedQuery } from '../api/queries/first-screen';
import { routePath } from '../api/queries/first-screen-calls';
import { earlyStart } from './early-start';
import { firstScreenFor, prefetchFirstScreen } from './first-screen';

const keys = (hash: string, signedIn = false) =>
  firstScreenFor(hash, signedIn)?.queries.map((q) => q.options.queryKey) ?? null;

const HOME_KEYS = [
  ['home', 'home/posts', {}],
  ['home', 'banners'],
  ['topics', 'categories'],
  ['home', 'popup'],
  ['posts', 'styles'],
  ['options', 'mining_config'],
];

/** A server that answers every call with an empty page; returns the calls as `METHOD url`. */
function stubServer(): string[] {
  const sent: string[] = [];
  vi.stubGlobal('navigator', { userAgent: 'test' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push(`${init.method} ${url}`);
      return new Response(JSON.stringify({ code: 1, msg: 'OK', data: { list: [], total: 0 } }));
    }),
  );
  return sent;
}

describe('the first screen of a start-up URL', () => {
  it('reads the path the hash router will show', () => {
    expect(routePath('')).toBe('/');
    expect(routePath('#/')).toBe('/');
    expect(routePath('#/home?tab=1')).toBe('/home');
    expect(routePath('#/post/12')).toBe('/post/12');
  });

  it('asks for what Home asks for at its first paint, from / and from /home', () => {
    expect(keys('')).toEqual(HOME_KEYS);
    expect(keys('#/')).toEqual(HOME_KEYS);
    expect(keys('#/home')).toEqual(HOME_KEYS);
  });

  it("adds the member's profile and topic follows when signed in", () => {
    expect(keys('#/home', true)).toEqual([...HOME_KEYS, ['me'], ['topics', 'follows-any']]);
  });

  it('prefetches nothing for other routes', () => {
    expect(keys('#/me')).toBeNull();
    expect(keys('#/home/search')).toBeNull();
  });
});

describe('prefetchFirstScreen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends each request once, GET for public reads, and the screen finds them in flight', async () => {
    const sent = stubServer();
    const client = new QueryClient();
    prefetchFirstScreen(client, '#/home', false);
    // What the screen's hooks ask for right after: the very same queries, already on their way.
    await Promise.all([
      client.fetchInfiniteQuery(postFeedQuery(endpoints.posts.homePosts, {})),
      client.fetchQuery(categoriesQuery()),
    ]);
    expect(sent.sort()).toEqual(
      [
        'GET /api/home/posts?page=1',
        'GET /api/banner/lists',
        'GET /api/topic/category',
        'GET /api/pop/up',
        'GET /api/color/lists',
        'GET /api/get/options?name=mining_config',
      ].sort(),
    );
  });
});

describe('earlyStart', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends Home's calls before the app is here, and the app's queries take their answers", async () => {
    const sent = stubServer();
    earlyStart('#/home');
    const early = [...sent];
    expect(early).toHaveLength(6);

    const client = new QueryClient();
    prefetchFirstScreen(client, '#/home', false);
    await Promise.all([
      client.fetchInfiniteQuery(postFeedQuery(endpoints.posts.homePosts, {})),
      client.fetchQuery(categoriesQuery()),
    ]);
    // Every query found its answer already asked for: nothing went out a second time.
    expect(sent).toEqual(early);
    expect(client.getQueryData(categoriesQuery().queryKey)).toEqual({ list: [], total: 0 });
  });

  it('sends nothing early for a screen other than Home', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    earlyStart('#/me');
    expect(fetch).not.toHaveBeenCalled();
  });
});
