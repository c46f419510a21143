import type { HeldPost, ModAction, ModActionKind, ReportGroup } from '@pixelhall/contract';
import { routes } from '@pixelhall/contract/routes';
import { type InfiniteData, useMutation, useQuery } from '@tanstack/react-query';
import { request } from '../client';
import { queryClient } from '../query-client';
import { type ListPage, mapItems, withoutItems } from './list-pages';
import { pageFields, usePagedQuery } from './paged-query';

/**
 * The moderators' desk (docs/product/moderation.md#the-desk-on-screen). Under 'me', which the session
 * transitions clear: every answer here is the signed-in moderator's own view (their topics,
 * their role), and a member who signs in after them must never see it.
 */
export const modKeys = {
  all: ['me', 'mod'] as const,
  overview: ['me', 'mod', 'overview'] as const,
  reports: ['me', 'mod', 'reports'] as const,
  held: ['me', 'mod', 'held'] as const,
  member: (userId: number) => ['me', 'mod', 'member', userId] as const,
  memberAll: ['me', 'mod', 'member'] as const,
  log: (filter: LogFilter) =>
    ['me', 'mod', 'log', filter.action ?? null, filter.moderatorId ?? null] as const,
  logAll: ['me', 'mod', 'log'] as const,
  staff: ['me', 'mod', 'staff'] as const,
};

const quiet = { successToast: false } as const;

export type ReportTarget = ReportGroup['target'];
export type ContentTarget = 'post' | 'comment';

const TARGET_INDEX: Record<ReportTarget, number> = { post: 0, comment: 1, user: 2 };

/**
 * A report group in a list. Posts, comments and members are numbered apart, so their ids
 * overlap; the list keys and de-duplicates rows by one number unique across the three.
 */
export type ReportRow = ReportGroup & { id: number };

export const reportRowId = (target: ReportTarget, targetId: number) => targetId * 3 + TARGET_INDEX[target];

/** A held post in a list, keyed by the post. */
export type HeldRow = HeldPost & { id: number };

/**
 * The desk's front: the caller's role and topics, and what waits in each queue. `enabled` is
 * for callers that first learn from `my/standing` whether the member is staff: for anyone else
 * the server answers "not found", which must never show as a toast on the Me screen.
 */
export function useModOverview(enabled = true) {
  return useQuery({
    queryKey: modKeys.overview,
    queryFn: ({ signal }) =>
      request(routes.moderation.modOverview, {}, { ...quiet, failToast: false, signal }),
    enabled,
    // The queues move while a moderator works elsewhere in the app: counts are read afresh.
    staleTime: 10_000,
  });
}

/** Open reports grouped by what was reported, oldest first, in the caller's topics. */
export function useModReports() {
  return usePagedQuery<ReportRow>({
    queryKey: modKeys.reports,
    fetchPage: async (param, signal) => {
      const page = await request(routes.moderation.modReports, pageFields(param), { ...quiet, signal });
      return { ...page, list: page.list.map((g) => ({ ...g, id: reportRowId(g.target, g.target_id) })) };
    },
  });
}

/** Posts held for review in the caller's topics, oldest first. */
export function useModHeld() {
  return usePagedQuery<HeldRow>({
    queryKey: modKeys.held,
    fetchPage: async (param, signal) => {
      const page = await request(routes.moderation.modHeld, pageFields(param), { ...quiet, signal });
      return { ...page, list: page.list.map((h) => ({ ...h, id: h.post.id })) };
    },
  });
}

/** A member as the desk sees them; `userId` 0 while no one is picked. */
export function useModMember(userId: number) {
  return useQuery({
    queryKey: modKeys.member(userId),
    queryFn: ({ signal }) =>
      request(routes.moderation.modMember, { user_id: userId }, { ...quiet, signal, method: 'GET' }),
    enabled: userId > 0,
  });
}

export interface LogFilter {
  action?: ModActionKind;
  moderatorId?: number;
}

/** The whole moderation log (administrators), newest first, optionally of one kind or moderator. */
export function useModLog(filter: LogFilter) {
  return usePagedQuery<ModAction>({
    queryKey: modKeys.log(filter),
    fetchPage: (param, signal) =>
      request(
        routes.modLog.modLog,
        {
          ...pageFields(param),
          ...(filter.action ? { action: filter.action } : {}),
          ...(filter.moderatorId ? { moderator_id: filter.moderatorId } : {}),
        },
        { ...quiet, signal },
      ),
  });
}

/** Every moderator and administrator (administrators only). */
export function useModStaff(enabled = true) {
  return useQuery({
    queryKey: modKeys.staff,
    queryFn: ({ signal }) => request(routes.staff.modStaffList, {}, { ...quiet, signal, method: 'GET' }),
    enabled,
  });
}

/** What a moderator's action changes beyond the desk: feeds, posts, comments and search lose or regain it. */
function refreshCommunity(): void {
  for (const queryKey of [['home'], ['posts'], ['comments'], ['search'], ['users']] as const)
    void queryClient.invalidateQueries({ queryKey });
}

/** The queues and counts read again: after an action, or after a refusal that says the list is stale. */
function refreshDesk(): void {
  void queryClient.invalidateQueries({ queryKey: modKeys.all });
}

type Rows<T> = InfiniteData<ListPage<T>>;

/**
 * Takes a row out of a queue at once, before the server answers: the moderator moves on to
 * the next card. On a refusal the desk reads the queues again, which brings the row back if it
 * is still there (the server's message says why).
 */
async function dropRow<T>(key: readonly ['me', 'mod', string], drop: (row: T) => boolean): Promise<void> {
  await queryClient.cancelQueries({ queryKey: key });
  queryClient.setQueryData<Rows<T>>(key, (old) => withoutItems(old, drop));
}

/** Dismisses every open report of one post, comment or member: nothing wrong was found. */
export function useDismissReports() {
  return useMutation({
    mutationFn: (v: { target: ReportTarget; targetId: number }) =>
      request(routes.moderation.modDismissReports, { target: v.target, target_id: v.targetId }),
    onMutate: (v) => dropRow<ReportRow>(modKeys.reports, (r) => r.id === reportRowId(v.target, v.targetId)),
    onSettled: refreshDesk,
  });
}

/** Removes a post or a comment with a reason; from the reports queue, the held queue or a member's history. */
export function useRemoveContent() {
  return useMutation({
    mutationFn: (v: { target: ContentTarget; id: number; reason: string }) =>
      request(routes.moderation.modRemove, { target: v.target, id: v.id, reason: v.reason }),
    onMutate: async (v) => {
      await dropRow<ReportRow>(modKeys.reports, (r) => r.id === reportRowId(v.target, v.id));
      if (v.target === 'post') await dropRow<HeldRow>(modKeys.held, (h) => h.id === v.id);
    },
    onSuccess: refreshCommunity,
    onSettled: refreshDesk,
  });
}

/** Brings a removed post or comment back as it was. */
export function useRestoreContent() {
  return useMutation({
    mutationFn: (v: { target: ContentTarget; id: number }) =>
      request(routes.moderation.modRestore, { target: v.target, id: v.id }),
    onSuccess: refreshCommunity,
    onSettled: refreshDesk,
  });
}

/** Locks or unlocks a post's comments; the report card shows the new state at once. */
export function useLockComments() {
  return useMutation({
    mutationFn: (v: { postId: number; locked: boolean }) =>
      request(routes.moderation.modLock, { post_id: v.postId, locked: v.locked }),
    onSuccess: (data, v) => {
      queryClient.setQueryData<Rows<ReportRow>>(modKeys.reports, (old) =>
        mapItems(old, (r) =>
          r.target === 'post' && r.target_id === v.postId
            ? { ...r, comments_locked: data.comments_locked }
            : r,
        ),
      );
      refreshCommunity();
    },
    onError: refreshDesk,
  });
}

/** Publishes a held post: it joins the feeds as new. */
export function useReleasePost() {
  return useMutation({
    mutationFn: (postId: number) => request(routes.moderation.modRelease, { post_id: postId }),
    onMutate: (postId) => dropRow<HeldRow>(modKeys.held, (h) => h.id === postId),
    onSuccess: refreshCommunity,
    onSettled: refreshDesk,
  });
}

export type SanctionKind = 'warn' | 'suspend' | 'ban';

/** Warns, suspends (for `hours`) or bans a member, with a reason they are told. */
export function useSanction() {
  return useMutation({
    mutationFn: (v: { userId: number; kind: SanctionKind; reason: string; hours?: number }) =>
      request(routes.sanctions.modSanction, {
        user_id: v.userId,
        kind: v.kind,
        reason: v.reason,
        ...(v.kind === 'suspend' ? { hours: v.hours } : {}),
      }),
    onSettled: refreshDesk,
  });
}

/** Ends a member's suspension or ban. */
export function useLiftSanction() {
  return useMutation({
    mutationFn: (v: { userId: number; reason: string }) =>
      request(routes.sanctions.modSanctionLift, { user_id: v.userId, reason: v.reason }),
    onSettled: refreshDesk,
  });
}

/** Makes a member a moderator of some topics (or, with none, of every topic); again replaces the topics. */
export function useGrantModerator() {
  return useMutation({
    mutationFn: (v: { userId: number; topicIds: number[] }) =>
      request(routes.staff.modStaffGrant, {
        user_id: v.userId,
        ...(v.topicIds.length ? { topic_ids: v.topicIds } : {}),
      }),
    onSettled: refreshDesk,
  });
}

/** Makes a moderator a member again. */
export function useRevokeModerator() {
  return useMutation({
    mutationFn: (userId: number) => request(routes.staff.modStaffRevoke, { user_id: userId }),
    onSettled: refreshDesk,
  });
}
