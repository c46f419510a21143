import type { ModAction } from '@pixelhall/contract';
import { routes } from '@pixelhall/contract/routes';
import { request } from '../client';
import { pageFields, usePagedQuery } from './paged-query';

/** Under 'modlog', a shared root: the public log reads the same for every reader. */
export const modlogKeys = { list: ['modlog', 'list'] as const };

/** The public moderation log (`modlog/list`), newest first, page by page; no moderator, no content. */
export function usePublicModLog() {
  return usePagedQuery<ModAction>({
    queryKey: modlogKeys.list,
    fetchPage: (param, signal) =>
      request(routes.modLog.modlogList, pageFields(param), { successToast: false, signal, method: 'GET' }),
  });
}
