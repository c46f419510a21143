import { endpoints } from '@pixelhall/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint';
import type { AppealsService } from './service';

export function appealsRoutes(app: FastifyInstance, appeals: AppealsService): void {
  const e = endpoints.appeals;
  registerEndpoint(app, e.appealCreate, ({ member, payload }) => appeals.create(member, payload));
  registerEndpoint(app, e.myModeration, ({ member, payload }) => appeals.mine(member, payload));
  registerEndpoint(app, e.modAppeals, ({ member, payload }) => appeals.desk(member, payload));
  registerEndpoint(app, e.modAppealsAnswer, ({ member, payload }) => appeals.answer(member, payload));
}
