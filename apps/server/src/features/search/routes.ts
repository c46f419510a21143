import { endpoints } from '@pixelhall/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint';
import type { SearchService } from './service';

/** A search costs more than a page of a feed: a person types far fewer than this. */
export const SEARCHES_PER_MINUTE = 120;

export function searchRoutes(app: FastifyInstance, search: SearchService): void {
  const api = endpoints.search;
  registerEndpoint(app, api.searchLists, ({ member, payload }) => search.search(member, payload), {
    rateLimit: { max: SEARCHES_PER_MINUTE, timeWindow: '1 minute' },
  });
  registerEndpoint(app, api.searchHot, () => search.hot());
}
