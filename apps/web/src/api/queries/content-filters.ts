import type { ContentFilter, ErrorReason, FilterAction, FilterKind } from '@pixelhall/contract';
import { routes } from '@pixelhall/contract/routes';
import { useMutation, useQuery } from '@tanstack/react-query';
import { request } from '../client';
import { queryClient } from '../query-client';

/**
 * The administrators' content filters (docs/product/moderation.md#filters-and-new-member-limits).
 * Under 'me' beside the rest of the desk, which the session transitions clear: only an
 * administrator gets an answer, and the next member to sign in must never see it.
 */
export const filterKeys = {
  list: ['me', 'mod', 'filters'] as const,
};

type Filters = { list: ContentFilter[] };

const quiet = { successToast: false } as const;

/** Every filter, newest first. */
export function useContentFilters() {
  return useQuery({
    queryKey: filterKeys.list,
    queryFn: ({ signal }) => request(routes.contentFilters.filtersList, {}, { ...quiet, signal }),
  });
}

/** Adds a filter; `fieldReasons` are the refusals (a pattern that does not compile, a repeat) its form shows at the field. */
export function useAddContentFilter(fieldReasons: readonly ErrorReason[] = []) {
  return useMutation({
    mutationFn: (input: { kind: FilterKind; value: string; action: FilterAction }) =>
      request(routes.contentFilters.filtersAdd, input, { fieldReasons }),
    onSuccess: (filter) => {
      queryClient.setQueryData<Filters>(filterKeys.list, (old) =>
        old ? { list: [filter, ...old.list.filter((f) => f.id !== filter.id)] } : old,
      );
    },
  });
}

export function useRemoveContentFilter() {
  return useMutation({
    mutationFn: (id: number) => request(routes.contentFilters.filtersRemove, { id }),
    onSuccess: (_data, id) => {
      queryClient.setQueryData<Filters>(filterKeys.list, (old) =>
        old ? { list: old.list.filter((f) => f.id !== id) } : old,
      );
    },
    // Gone already (another administrator removed it): the list is read again to show what is left.
    onError: () => void queryClient.invalidateQueries({ queryKey: filterKeys.list }),
  });
}

/** What the filters would answer for a text; writes nothing. */
export function useTryContentFilters() {
  return useMutation({
    mutationFn: (text: string) =>
      request(
        routes.contentFilters.filtersTry,
        { text },
        { ...quiet, fieldReasons: ['validation.text_required'] },
      ),
  });
}
