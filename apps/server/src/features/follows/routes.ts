import { endpoints } from '@pixelhall/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint';
import type { FollowsService } from './service';

export function followsRoutes(app: FastifyInstance, follows: FollowsService): void {
  const e = endpoints.follows;
  registerEndpoint(app, e.userFollow, ({ member, payload }) =>
    follows.follow(member, payload.user_id, payload.follow),
  );
  registerEndpoint(app, e.followList, ({ member, payload }) => follows.list(member, payload));
  registerEndpoint(app, e.followCount, ({ member, payload }) => follows.count(member, payload.user_id));
  registerEndpoint(app, e.hasFollow, ({ member, payload }) => follows.relation(member, payload.user_id));
  registerEndpoint(app, e.followFriends, ({ member, payload }) => follows.friends(member, payload));
  registerEndpoint(app, e.userBlack, ({ member, payload }) => follows.block(member, payload.user_id));
  registerEndpoint(app, e.blackList, ({ member, payload }) => follows.blacklist(member, payload));
  registerEndpoint(app, e.removeBlack, ({ member, payload }) => follows.unblock(member, payload.user_id));
}
