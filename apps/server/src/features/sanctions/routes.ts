import { endpoints } from '@pixelhall/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint';
import type { SanctionsService } from './service';

export function sanctionsRoutes(app: FastifyInstance, sanctions: SanctionsService): void {
  const e = endpoints.sanctions;
  registerEndpoint(app, e.modSanction, ({ member, payload }) => sanctions.sanction(member, payload));
  registerEndpoint(app, e.modSanctionLift, ({ member, payload }) => sanctions.lift(member, payload));
  registerEndpoint(app, e.myStanding, ({ member }) => sanctions.standing(member));
}
