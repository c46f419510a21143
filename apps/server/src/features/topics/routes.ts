import { endpoints } from '@pixelhall/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint';
import { productText } from '../../product-text';
import type { TopicsService } from './service';

export function topicsRoutes(app: FastifyInstance, topics: TopicsService): void {
  const api = endpoints.topics;
  registerEndpoint(app, api.topicCategory, ({ request }) => topics.categories(productText(request.locale)));
  registerEndpoint(app, api.topicList, ({ member, payload }) => topics.list(member, payload));
  registerEndpoint(app, api.topicDetail, ({ member, payload }) => topics.detail(member, payload.id));
  registerEndpoint(app, api.topicFollow, ({ member, payload }) =>
    topics.follow(member, payload.id, payload.follow),
  );
  registerEndpoint(app, api.addTopic, ({ member, payload }) => topics.create(member, payload));
}
