import { endpoints } from '@pixelhall/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint';
import type { ModLogService } from './service';

export function modLogRoutes(app: FastifyInstance, modLog: ModLogService): void {
  const e = endpoints.modLog;
  registerEndpoint(app, e.modLog, ({ member, payload }) => modLog.log(member, payload));
  registerEndpoint(app, e.modlogList, ({ payload }) => modLog.publicLog(payload));
}
