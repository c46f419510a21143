import { endpoints } from '@pixelhall/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint';
import type { OptionsService } from './service';

export function optionsRoutes(app: FastifyInstance, options: OptionsService): void {
  registerEndpoint(app, endpoints.options.getOptions, ({ payload }) => options.get(payload.name));
}
