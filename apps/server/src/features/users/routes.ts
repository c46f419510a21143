import { endpoints } from '@pixelhall/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint';
import type { UsersService } from './service';

export function usersRoutes(app: FastifyInstance, users: UsersService): void {
  registerEndpoint(app, endpoints.users.getUser, ({ member, payload }) =>
    users.profile(member, payload.user_id),
  );
  registerEndpoint(app, endpoints.users.editUser, ({ member, payload }) => users.edit(member, payload));
}
