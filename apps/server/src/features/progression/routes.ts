import { endpoints } from '@pixelhall/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint';
import type { ProgressionService } from './service';

/** start/up, online/duration and user/reward (the tasks group of the contract). */
export function progressionRoutes(app: FastifyInstance, progression: ProgressionService): void {
  const e = endpoints.tasks;
  registerEndpoint(app, e.startUp, ({ member }) => progression.startUp(member));
  registerEndpoint(app, e.onlineDuration, ({ member, payload }) =>
    progression.online(member, payload.seconds),
  );
  registerEndpoint(app, e.userReward, ({ member, payload, t }) => progression.rewards(member, payload, t));
}
