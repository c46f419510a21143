import type { LocalArchive } from '@pixelhall/contract/host';
import { useQuery } from '@tanstack/react-query';
import { queryClient } from '../api/query-client';
import { gameHost, gameHostPushes } from './host-calls';

const ARCHIVES = 'localArchives';

let listening = false;
/**
 * One listener for the whole app: any `archiveList` push marks every local-archive list stale,
 * so mounted lists refetch at once and the others when they next mount.
 */
function followArchivePushes(): void {
  if (listening) return;
  listening = true;
  gameHostPushes.onArchiveListChanged(() => {
    void queryClient.invalidateQueries({ queryKey: [ARCHIVES] });
  });
}

/**
 * The local archives on this device (docs/product/archives-and-saves.md#local-saves), every game's or one ROM's, kept current by the
 * host's `archiveList` push (a slot saved in the player, downloaded from the cloud, removed).
 */
export function useLocalArchives(romMd5?: string): { list: LocalArchive[]; ready: boolean } {
  followArchivePushes();
  const query = useQuery({
    queryKey: [ARCHIVES, romMd5 ?? '*'],
    queryFn: async () => (await gameHost.archiveList(romMd5 ? { romMd5 } : {})).list,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return { list: query.data ?? [], ready: !query.isPending };
}

/** Deletes one local slot (the screen asks first); the push refreshes every list. */
export function removeLocalSlot(romMd5: string, slot: number): Promise<void> {
  return gameHost.archiveRemove({ romMd5, slot });
}
