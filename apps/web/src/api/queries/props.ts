import type { Prop, Wallet } from '@pixelhall/contract';
import { routes } from '@pixelhall/contract/routes';
import { useMutation, useQuery } from '@tanstack/react-query';
import { usePreferences } from '../../state/preferences';
import { useSession } from '../../state/session';
import { request } from '../client';
import { queryClient } from '../query-client';
import { createIntentKeeper } from '../request-intent';
import { levelKeys } from './levels';
import { updatePostCaches } from './post-cache';
import { refreshBalances, walletKeys } from './wallet';

/**
 * All under 'props', which the session transitions clear. Names and descriptions come in the
 * interface language, so the language is part of each key.
 */
export const propKeys = {
  all: ['props'] as const,
  shop: (locale: string) => ['props', 'shop', locale] as const,
  mine: ['props', 'mine'] as const,
  mineIn: (locale: string) => ['props', 'mine', locale] as const,
};

const quiet = { successToast: false } as const;

/** The props shop. */
export function useShop() {
  const locale = usePreferences((s) => s.locale.value);
  return useQuery({
    queryKey: propKeys.shop(locale),
    queryFn: ({ signal }) => request(routes.props.propLists, {}, { ...quiet, signal }),
    staleTime: 5 * 60_000,
  });
}

/** The member's props: usable counts and the soonest expiry of each. */
export function useMyProps(enabled = true) {
  const token = useSession((s) => s.token);
  const locale = usePreferences((s) => s.locale.value);
  return useQuery({
    queryKey: propKeys.mineIn(locale),
    queryFn: ({ signal }) => request(routes.props.userProps, {}, { ...quiet, signal }),
    enabled: enabled && Boolean(token),
  });
}

const purchases = createIntentKeeper();
const uses = createIntentKeeper();
const postUses = createIntentKeeper();

/**
 * Buys `num` of a prop. The server's "Purchased" is the toast; short of gold the client shows
 * "Not enough coins", short of diamonds the fail toast says "Insufficient diamond balance".
 */
export function useBuyProp() {
  return useMutation({
    mutationFn: ({ prop, num }: { prop: Prop; num: number }) =>
      purchases.run(`${prop.id}:${num}`, (request_id) =>
        request(routes.props.buyProp, { prop_id: prop.id, num, request_id }),
      ),
    onSuccess: ({ balances }) => {
      queryClient.setQueryData<Wallet>(walletKeys.balances, (old) => (old ? { ...old, ...balances } : old));
      void queryClient.invalidateQueries({ queryKey: propKeys.mine });
      refreshBalances();
    },
  });
}

/** Uses a prop on the member (an experience card); answers what it added. */
export function useUseProp() {
  return useMutation({
    mutationFn: (prop: Prop) =>
      uses.run(String(prop.id), (request_id) =>
        request(routes.props.useProp, { prop_id: prop.id, request_id }, quiet),
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: propKeys.mine });
      // An experience card moves the level on.
      void queryClient.invalidateQueries({ queryKey: levelKeys.all });
      refreshBalances();
    },
  });
}

/**
 * Uses a prop on one of the member's posts: its new colour, style or topic pin shows in every
 * cached copy at once. A pin also reorders its topic's feed, which is asked again.
 */
export function usePostProp() {
  return useMutation({
    mutationFn: ({ postId, prop }: { postId: number; prop: Prop }) =>
      postUses.run(`${postId}:${prop.id}`, (request_id) =>
        request(routes.props.postsProp, { post_id: postId, prop_id: prop.id, request_id }),
      ),
    onSuccess: ({ post }, { prop }) => {
      updatePostCaches(queryClient, { kind: 'replace', postId: post.id, post });
      void queryClient.invalidateQueries({ queryKey: propKeys.mine });
      refreshBalances();
      if (prop.kind === 'pin')
        void queryClient.invalidateQueries({ queryKey: ['posts', 'feed', routes.posts.postsList.path] });
    },
  });
}
