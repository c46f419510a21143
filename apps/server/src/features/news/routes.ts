import { endpoints } from '@pixelhall/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint';
import type { NewsService } from './service';

export function newsRoutes(app: FastifyInstance, news: NewsService): void {
  registerEndpoint(app, endpoints.users.latestNews, ({ member }) => news.latest(member));
  registerEndpoint(app, endpoints.users.newsList, ({ member, payload }) => news.list(member, payload));
  registerEndpoint(app, endpoints.users.clearNews, ({ member }) => news.clear(member));
}
