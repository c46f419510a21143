import type { EndpointDef, PayloadOf, User } from '@pixelhall/contract';
import { routes } from '@pixelhall/contract/routes';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { useSession } from '../../state/session';
import { request } from '../client';
import { homeCalls } from './first-screen-calls';
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
    queryFn: ({ signal }) =>
      request(homeCalls.banners.def, homeCalls.banners.payload, {
        ...quiet,
        signal,
        method: homeCalls.banners.method,
      }),
    staleTime: 5 * 60_000,
  });

export const popupQuery = () =>
  queryOptions({
    queryKey: ['home', 'popup'],
    queryFn: ({ signal }) =>
      request(homeCalls.popup.def, homeCalls.popup.payload, {
        ...quiet,
        signal,
        method: homeCalls.popup.method,
      }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const categoriesQuery = () =>
  queryOptions({
    queryKey: topicKeys.categories,
    queryFn: ({ signal }) =>
      request(homeCalls.categories.def, homeCalls.categories.payload, {
        successToast: false,
        signal,
        method: homeCalls.categories.method,
      }),
    staleTime: 10 * 60_000,
  });

/** Whether the member follows any topic (one row of category 0 tells): Home's YOURS tab. */
export const followsAnyTopicQuery = () =>
  queryOptions({
    queryKey: topicKeys.followsAny,
    queryFn: ({ signal }) =>
      request(homeCalls.followsAnyTopic.def, homeCalls.followsAnyTopic.payload, { ...quiet, signal }),
  });

/** The colour and upgrade styles a post can wear; they change rarely. */
export const postStylesQuery = () =>
  queryOptions({
    queryKey: postKeys.styles,
    queryFn: () =>
      request(homeCalls.styles.def, homeCalls.styles.payload, { ...quiet, method: homeCalls.styles.method }),
    staleTime: 60 * 60_000,
  });

export const optionQuery = (name: 'mining_config') =>
  queryOptions({
    queryKey: optionKeys.one(name),
    queryFn: () =>
      request(routes.options.getOptions, { name }, { ...quiet, method: homeCalls.miningOption.method }),
    staleTime: 5 * 60_000,
  });

export const meQuery = () =>
  queryOptions({
    queryKey: userKeys.me,
    queryFn: async (): Promise<User> => {
      const user = await request(homeCalls.me.def, homeCalls.me.payload, {
        login: true,
        successToast: false,
      });
      useSession.getState().setUser(user);
      return user;
    },
  });
