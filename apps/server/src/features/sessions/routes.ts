import { endpoints } from '@pixelhall/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint';
import type { SessionsService } from './service';

/** The member's signed-in devices: list them, sign one out, or every other. */
export function sessionsRoutes(app: FastifyInstance, sessions: SessionsService): void {
  const e = endpoints.sessions;
  registerEndpoint(app, e.sessionsList, ({ member }) => sessions.list(member));
  registerEndpoint(app, e.sessionsRevoke, ({ member, payload }) => sessions.revokeOwn(member, payload.id));
  registerEndpoint(app, e.sessionsRevokeOthers, ({ member }) => sessions.revokeOthers(member));
}
