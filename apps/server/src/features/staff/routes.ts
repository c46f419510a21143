import { endpoints } from '@pixelhall/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint';
import type { StaffService } from './service';

export function staffRoutes(app: FastifyInstance, staff: StaffService): void {
  const e = endpoints.staff;
  registerEndpoint(app, e.modStaffList, ({ member }) => staff.list(member));
  registerEndpoint(app, e.modStaffGrant, ({ member, payload }) => staff.grant(member, payload));
  registerEndpoint(app, e.modStaffRevoke, ({ member, payload }) => staff.revoke(member, payload));
}
