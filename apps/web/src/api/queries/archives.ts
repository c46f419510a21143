import type { DataOf } from '@pixelhall/contract';
import { routes } from '@pixelhall/contract/routes';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useSession } from '../../state/session';
import { request } from '../client';
import { queryClient } from '../query-client';

/** The member's cloud archives; 'archives' is cleared with the other per-member caches. */
export const archiveKeys = {
  all: ['archives'] as const,
  cloud: (romMd5?: string) => ['archives', 'cloud', romMd5 ?? 'all'] as const,
  history: (slotId: number) => ['archives', 'history', slotId] as const,
};

/** A game of the cloud list, and one of its slots (the newest version of it). */
export type CloudArchiveGame = DataOf<typeof routes.archives.archiveList>['list'][number];
export type CloudSlot = CloudArchiveGame['slots'][number];

const quiet = { successToast: false, failToast: false } as const;

/** `archive/archiveList`: the cloud archives by game, or one ROM's. */
export function useCloudArchives(romMd5?: string) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: archiveKeys.cloud(romMd5),
    queryFn: ({ signal }) =>
      request(routes.archives.archiveList, romMd5 ? { rom_md5: romMd5 } : {}, { ...quiet, signal }),
    enabled: Boolean(token),
  });
}

/** `archive/history`: a cloud slot's kept versions, newest first. */
export function useArchiveHistory(slotId: number | null) {
  return useQuery({
    queryKey: archiveKeys.history(slotId ?? 0),
    queryFn: ({ signal }) =>
      request(routes.archives.archiveHistory, { id: slotId ?? 0 }, { ...quiet, signal }),
    enabled: slotId !== null && slotId > 0,
  });
}

/** Asks every cloud list and history again (after an upload, a download's base change, a delete). */
export function refreshCloudArchives(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: archiveKeys.all });
}

/**
 * `archive/deleteArchive`: a whole cloud slot, or one `versionId` of its history. The server's
 * "Cloud archive deleted" is the success toast.
 */
export function useDeleteCloudArchive() {
  return useMutation({
    mutationFn: (input: { slotId: number; versionId?: number }) =>
      request(routes.archives.deleteArchive, {
        id: input.slotId,
        ...(input.versionId === undefined ? {} : { version_id: input.versionId }),
      }),
    onSettled: () => refreshCloudArchives(),
  });
}
