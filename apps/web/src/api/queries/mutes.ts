import type { ErrorReason, MuteDuration, MutedMember, MutedWord, User } from '@pixelhall/contract';
import { routes } from '@pixelhall/contract/routes';
import { type InfiniteData, useMutation, useQuery } from '@tanstack/react-query';
import { request } from '../client';
import { queryClient } from '../query-client';
import { userKeys } from './keys';
import { type ListPage, withoutItems } from './list-pages';
import { pageFields, usePagedQuery } from './paged-query';

/** Under 'users', which the session transitions clear: whom and what a member mutes is theirs. */
export const muteKeys = {
  members: ['users', 'mutes', 'members'] as const,
  words: ['users', 'mutes', 'words'] as const,
};

type Words = { list: MutedWord[]; max: number };

const quiet = { successToast: false } as const;

/**
 * What a mute hides or folds, which the server decides for every list: feeds, posts, comments,
 * search and the inbox are read again.
 */
function refreshMutedContent(): void {
  for (const queryKey of [['home'], ['posts'], ['comments'], ['search'], ['news']] as const)
    void queryClient.invalidateQueries({ queryKey });
}

/** The members the caller mutes, most recently muted first. */
export function useMutedMembers() {
  return usePagedQuery<MutedMember>({
    queryKey: muteKeys.members,
    fetchPage: (param, signal) => request(routes.mutes.muteList, pageFields(param), { ...quiet, signal }),
  });
}

/** The caller's muted words and phrases, newest first, and how many they may have. */
export function useMutedWords() {
  return useQuery({
    queryKey: muteKeys.words,
    queryFn: ({ signal }) => request(routes.mutes.muteWords, {}, { ...quiet, signal }),
  });
}

/** The profile's copy of whether the caller mutes this member (its menu reads it). */
function setProfileMute(userId: number, muted: boolean, until: number | null): void {
  queryClient.setQueryData<User>(userKeys.one(userId), (user) =>
    user ? { ...user, muted, muted_until: until } : user,
  );
}

/** Mutes a member for a day, a week or for good; muting again sets the new length. */
export function useMuteMember() {
  return useMutation({
    mutationFn: ({ userId, duration }: { userId: number; duration: MuteDuration }) =>
      request(routes.mutes.muteUser, { user_id: userId, duration }),
    onSuccess: (data, { userId }) => {
      setProfileMute(userId, true, data.until_at);
      void queryClient.invalidateQueries({ queryKey: muteKeys.members });
      refreshMutedContent();
    },
  });
}

export function useUnmuteMember() {
  return useMutation({
    mutationFn: (userId: number) => request(routes.mutes.unmuteUser, { user_id: userId }),
    onSuccess: (_data, userId) => {
      setProfileMute(userId, false, null);
      queryClient.setQueryData<InfiniteData<ListPage<MutedMember>>>(muteKeys.members, (old) =>
        withoutItems(old, (member) => member.id === userId),
      );
      refreshMutedContent();
    },
  });
}

/** Adds a muted word; `fieldReasons` are the refusals (a repeat, the limit) its form shows at the field. */
export function useMuteWord(fieldReasons: readonly ErrorReason[] = []) {
  return useMutation({
    mutationFn: (phrase: string) => request(routes.mutes.muteWord, { phrase }, { fieldReasons }),
    onSuccess: (word) => {
      queryClient.setQueryData<Words>(muteKeys.words, (old) =>
        old ? { ...old, list: [word, ...old.list.filter((w) => w.id !== word.id)] } : old,
      );
      refreshMutedContent();
    },
  });
}

export function useUnmuteWord() {
  return useMutation({
    mutationFn: (id: number) => request(routes.mutes.unmuteWord, { id }),
    onSuccess: (_data, id) => {
      queryClient.setQueryData<Words>(muteKeys.words, (old) =>
        old ? { ...old, list: old.list.filter((w) => w.id !== id) } : old,
      );
      refreshMutedContent();
    },
  });
}
