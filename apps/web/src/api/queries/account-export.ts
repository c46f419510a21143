import type { AccountExportStatus } from '@pixelhall/contract';
import { routes } from '@pixelhall/contract/routes';
import { useMutation, useQuery } from '@tanstack/react-query';
import { request } from '../client';
import { baseUrl } from '../config';
import { queryClient } from '../query-client';

/** Under 'me', which the session transitions clear: it is the signed-in member's export. */
export const exportKeys = { status: ['me', 'export'] as const };

/** How often the status is asked again while an export is being built (a minute or so, usually). */
const PREPARING_POLL_MS = 4_000;

const preparing = (status: AccountExportStatus | undefined) =>
  status?.export?.state === 'pending' || status?.export?.state === 'building';

/** The member's latest export and when the next may be asked for; polled while one is being made. */
export function useExportStatus() {
  return useQuery({
    queryKey: exportKeys.status,
    queryFn: ({ signal }) =>
      request(routes.accountExport.accountExportStatus, {}, { successToast: false, signal, method: 'GET' }),
    refetchInterval: (query) => (preparing(query.state.data) ? PREPARING_POLL_MS : false),
  });
}

/** Asks for a new export; the server's "We are preparing a copy of your data" is the toast. */
export function useRequestExport() {
  return useMutation({
    mutationFn: () => request(routes.accountExport.accountExportRequest, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: exportKeys.status }),
  });
}

/**
 * A download address of the export, minted just now for a few minutes, as an absolute URL on the
 * upload host's origin (a split deployment serves it from its own), as avatars resolve.
 */
export async function exportDownloadUrl(id: number): Promise<string> {
  const { url } = await request(routes.accountExport.accountExportLink, { id }, { successToast: false });
  return new URL(url, new URL(baseUrl('upload'), window.location.href)).toString();
}
