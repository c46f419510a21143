import type { DataOf, UserCard } from '@pixelhall/contract';
import { routes } from '@pixelhall/contract/routes';
import { type InfiniteData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { emitAppEvent, onAppEvent } from '../../core/events';
import { useSession } from '../../state/session';
import { request } from '../client';
import { queryClient } from '../query-client';
import { applyFollow, type FollowChange } from './follow-cache';
import { type ListPage, withoutItems } from './list-pages';
import { pageFields, usePagedQuery } from './paged-query';

export type FollowListType = 'following' | 'followers';
export type Relation = DataOf<typeof routes.follows.hasFollow>;
export type BlockedCard = DataOf<typeof routes.follows.blackList>['list'][number];

/** All under 'users', which the session transitions clear. */
export const followKeys = {
  lists: ['users', 'follows'] as const,
  list: (type: FollowListType, userId: number | null) => ['users', 'follows', type, userId ?? 'me'] as const,
  friends: ['users', 'follows', 'friends'] as const,
  count: (userId: number | null) => ['users', 'follow-count', userId ?? 'me'] as const,
  relation: (userId: number) => ['users', userId, 'relation'] as const,
  blacklist: ['users', 'blacklist'] as const,
};

const quiet = { successToast: false } as const;

/** Whom a member follows (`following`) or who follows them (`followers`); without an id, the caller. */
export function useFollowList(type: FollowListType, userId: number | null) {
  return usePagedQuery<UserCard>({
    queryKey: followKeys.list(type, userId),
    fetchPage: (param, signal) =>
      request(
        routes.follows.followList,
        { type, ...(userId ? { user_id: userId } : {}), ...pageFields(param) },
        { ...quiet, signal },
      ),
  });
}

/** The caller's mutual follows. */
export function useFriends(enabled = true) {
  return usePagedQuery<UserCard>({
    queryKey: followKeys.friends,
    fetchPage: (param, signal) =>
      request(routes.follows.followFriends, pageFields(param), { ...quiet, signal }),
    enabled,
  });
}

export function useFollowCount(userId: number | null, enabled = true) {
  return useQuery({
    queryKey: followKeys.count(userId),
    queryFn: ({ signal }) =>
      request(routes.follows.followCount, userId ? { user_id: userId } : {}, { ...quiet, signal }),
    enabled,
  });
}

export const relationQuery = (userId: number) =>
  queryOptions({
    queryKey: followKeys.relation(userId),
    queryFn: ({ signal }) =>
      request(routes.follows.hasFollow, { user_id: userId }, { ...quiet, failToast: false, signal }),
  });

/** How the signed-in member stands with another: follows them, is followed, has them blacklisted. */
export function useRelation(userId: number, enabled = true) {
  const token = useSession((s) => s.token);
  return useQuery({ ...relationQuery(userId), enabled: enabled && Boolean(token) });
}

export function useBlacklist() {
  return usePagedQuery<BlockedCard>({
    queryKey: followKeys.blacklist,
    fetchPage: (param, signal) => request(routes.follows.blackList, pageFields(param), { ...quiet, signal }),
  });
}

/** Caches that may hold a copy of a member (cards with `followed`, profiles with counts). */
const MEMBER_COPIES = [['users'], ['search'], ['posts'], ['home'], ['comments']] as const;

/**
 * Brings every cached copy of the member up to date, whoever emitted the event: follow lists,
 * profiles, search results, the relation, and the caller's own following count.
 */
function applyFollowEverywhere(change: FollowChange): void {
  for (const queryKey of MEMBER_COPIES)
    queryClient.setQueriesData({ queryKey }, (old: unknown) => applyFollow(old, change));
  queryClient.setQueryData<Relation>(followKeys.relation(change.userId), (r) =>
    r && r.followed !== change.followed ? { ...r, followed: change.followed } : r,
  );
  void queryClient.invalidateQueries({ queryKey: ['me'] });
  void queryClient.invalidateQueries({ queryKey: ['users', 'follow-count'] });
  // Rows stay where they are now (so a mistaken unfollow can be undone in place); the lists
  // are re-read the next time they are opened.
  void queryClient.invalidateQueries({ queryKey: followKeys.lists, refetchType: 'none' });
}
onAppEvent('follow', applyFollowEverywhere);

const inFlight = new Set<number>();
const inFlightListeners = new Set<() => void>();
let inFlightVersion = 0;

function setInFlight(userId: number, pending: boolean): void {
  if (pending) inFlight.add(userId);
  else inFlight.delete(userId);
  inFlightVersion += 1;
  for (const listener of inFlightListeners) listener();
}

/** Whether a follow or unfollow of this member is on its way (buttons show it and ignore taps). */
export function useFollowPending(userId: number): boolean {
  useSyncExternalStore(
    (listener) => {
      inFlightListeners.add(listener);
      return () => inFlightListeners.delete(listener);
    },
    () => inFlightVersion,
  );
  return inFlight.has(userId);
}

/**
 * Follows or unfollows with an explicit state, so a retry cannot flip it back. A second tap
 * while the first is on its way is dropped: a double tap follows once. The answer goes out as
 * the `follow` app event, which updates every cached copy.
 */
export function useFollow() {
  const mutation = useMutation({
    mutationFn: ({ userId, follow }: { userId: number; follow: boolean }) =>
      request(routes.follows.userFollow, { user_id: userId, follow }),
    onSuccess: (data, { userId }) =>
      emitAppEvent('follow', { userId, followed: data.followed, followerCount: data.follower_count }),
  });
  return async (userId: number, follow: boolean): Promise<void> => {
    if (inFlight.has(userId)) return;
    setInFlight(userId, true);
    try {
      await mutation.mutateAsync({ userId, follow });
    } catch {
      // The client already toasted the server's reason.
    } finally {
      setInFlight(userId, false);
    }
  };
}

/** What a blacklist change hides or shows again: feeds, post lists, comments, search. */
function refreshHiddenContent(): void {
  for (const queryKey of [['home'], ['posts'], ['comments'], ['search']] as const)
    void queryClient.invalidateQueries({ queryKey });
}

/** Puts a member on the blacklist: their posts leave the feeds and the follows both ways end. */
export function useBlock() {
  return useMutation({
    mutationFn: (userId: number) => request(routes.follows.userBlack, { user_id: userId }),
    onSuccess: (_data, userId) => {
      queryClient.setQueryData<Relation>(followKeys.relation(userId), (r) =>
        r ? { followed: false, follows_you: false, blocked: true } : r,
      );
      emitAppEvent('follow', { userId, followed: false });
      // Their following count changed too, which no answer tells.
      void queryClient.invalidateQueries({ queryKey: ['users', userId], exact: true });
      void queryClient.invalidateQueries({ queryKey: followKeys.blacklist });
      refreshHiddenContent();
    },
  });
}

/** Takes a member off the blacklist. */
export function useUnblock() {
  return useMutation({
    mutationFn: (userId: number) => request(routes.follows.removeBlack, { user_id: userId }),
    onSuccess: (_data, userId) => {
      queryClient.setQueryData<Relation>(followKeys.relation(userId), (r) =>
        r ? { ...r, blocked: false } : r,
      );
      queryClient.setQueryData<InfiniteData<ListPage<BlockedCard>>>(followKeys.blacklist, (old) =>
        withoutItems(old, (card) => card.id === userId),
      );
      refreshHiddenContent();
    },
  });
}
