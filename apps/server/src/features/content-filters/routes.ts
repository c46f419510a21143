import { endpoints } from '@pixelhall/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint';
import type { ContentFiltersService } from './service';

export function contentFiltersRoutes(app: FastifyInstance, filters: ContentFiltersService): void {
  const e = endpoints.contentFilters;
  registerEndpoint(app, e.filtersList, ({ member }) => filters.list(member));
  registerEndpoint(app, e.filtersAdd, ({ member, payload }) => filters.add(member, payload));
  registerEndpoint(app, e.filtersRemove, ({ member, payload }) => filters.remove(member, payload.id));
  registerEndpoint(app, e.filtersTry, ({ member, payload }) => filters.tryText(member, payload.text));
}
