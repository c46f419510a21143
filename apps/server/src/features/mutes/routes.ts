import { endpoints } from '@pixelhall/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint';
import type { MutesService } from './service';

export function mutesRoutes(app: FastifyInstance, mutes: MutesService): void {
  const e = endpoints.mutes;
  registerEndpoint(app, e.muteUser, ({ member, payload }) =>
    mutes.muteUser(member, payload.user_id, payload.duration),
  );
  registerEndpoint(app, e.unmuteUser, ({ member, payload }) => mutes.unmuteUser(member, payload.user_id));
  registerEndpoint(app, e.muteList, ({ member, payload }) => mutes.list(member, payload));
  registerEndpoint(app, e.muteWord, ({ member, payload }) => mutes.muteWord(member, payload.phrase));
  registerEndpoint(app, e.unmuteWord, ({ member, payload }) => mutes.unmuteWord(member, payload.id));
  registerEndpoint(app, e.muteWords, ({ member }) => mutes.words(member));
}
