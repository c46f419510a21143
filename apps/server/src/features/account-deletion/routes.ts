import { endpoints } from '@pixelhall/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint';
import type { AccountDeletionService } from './service';

export function accountDeletionRoutes(app: FastifyInstance, deletion: AccountDeletionService): void {
  const e = endpoints.accountDeletion;
  registerEndpoint(app, e.deleteAccount, ({ member, payload }) => deletion.request(member, payload.confirm));
  registerEndpoint(app, e.cancelAccountDeletion, ({ member }) => deletion.cancel(member));
}
