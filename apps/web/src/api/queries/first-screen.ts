import { type EndpointDef, type PayloadOf, type User, YOURS_CATEGORY_ID } from '@pixelhall/contract';
import { routes } from '@pixelhall/contract/routes';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { useSession } from '../../state/session';
import { request } from '../client';
import { optionKeys, topicKeys, userKeys } from './keys';
import { postKeys } from './post-cache';
import type { FeedPayload, PostListEndpoint, PostPage } from './posts';

/**
 * The queries of the first screens, shared by their hooks and by the entry's prefetch, so a
 * screen finds its data in flight under the very same keys. They are light on purpose: the
 * entry imports them before any screen code has arrived.
 */

const quiet = { successToast: false, failToast: false } as const;

/**
 * Public first pages are read with GET where the endpoint allows it, so a cache in front of the
 * app (HTTP or a service worker) can answer them; the member's token still goes along.
 */
const readMethod = (def: EndpointDef) => (def.methods.includes('GET') ? 'GET' : undefined);

/**
 * Every page of a post list, paged by the cursor the server answers (page 1 goes without
 * one). `payload` is part of the key: a different topic or sort is a different feed.
 */
export const postFeedQuery = <E extends PostListEndpoint>(def: E, payload: FeedPayload<E>) =>
  infiniteQueryOptions({
    queryKey: postKeys.feed(def, payload),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      request(
        def,
        (pageParam ? { ...payload, cursor: pageParam } : { ...payload, page: 1 }) as PayloadOf<E>,
        { successToast: false, signal, method: pageParam ? undefined : readMethod(def) },
      ) as Promise<PostPage>,
    // An empty page ends the feed even if a cursor came with it, so it can never loop.
    getNextPageParam: (last: PostPage) => (last.list.length > 0 && last.cursor ? last.cursor : undefined),
  });

export const bannersQuery = () =>
  queryOptions({
    queryKey: ['home', 'banners'],
    queryFn: ({ signal }) => request(routes.posts.bannerLists, {}, { ...quiet, signal, method: 'GET' }),
    staleTime: 5 * 60_000,
  });

export const popupQuery = () =>
  queryOptions({
    queryKey: ['home', 'popup'],
    queryFn: ({ signal }) => request(routes.posts.popUp, {}, { ...quiet, signal, method: 'GET' }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const categoriesQuery = () =>
  queryOptions({
    queryKey: topicKeys.categories,
    queryFn: ({ signal }) =>
      request(routes.topics.topicCategory, {}, { successToast: false, signal, method: 'GET' }),
    staleTime: 10 * 60_000,
  });

/** Whether the member follows any topic (one row of category 0 tells): Home's YOURS tab. */
export const followsAnyTopicQuery = () =>
  queryOptions({
    queryKey: topicKeys.followsAny,
    queryFn: ({ signal }) =>
      request(
        routes.topics.topicList,
        { category_id: YOURS_CATEGORY_ID, page: 1, num: 1 },
        { ...quiet, signal },
      ),
  });

/** The colour and upgrade styles a post can wear; they change rarely. */
export const postStylesQuery = () =>
  queryOptions({
    queryKey: postKeys.styles,
    queryFn: () => request(routes.posts.colorLists, {}, { ...quiet, method: 'GET' }),
    staleTime: 60 * 60_000,
  });

export const optionQuery = (name: 'mining_config') =>
  queryOptions({
    queryKey: optionKeys.one(name),
    queryFn: () => request(routes.options.getOptions, { name }, { ...quiet, method: 'GET' }),
    staleTime: 5 * 60_000,
  });

export const meQuery = () =>
  queryOptions({
    queryKey: userKeys.me,
    queryFn: async (): Promise<User> => {
      const user = await request(routes.users.getUser, {}, { login: true, successToast: false });
      useSession.getState().setUser(user);
      return user;
    },
  });
