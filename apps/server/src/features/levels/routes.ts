import { endpoints } from '@pixelhall/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint';
import type { LevelsService } from './service';

export function levelsRoutes(app: FastifyInstance, levels: LevelsService): void {
  const e = endpoints.levels;
  registerEndpoint(app, e.levelInfo, ({ member }) => levels.info(member));
  registerEndpoint(app, e.getLevels, ({ member }) => levels.table(member));
  registerEndpoint(app, e.levelReward, ({ member, payload }) => levels.claim(member, payload.level));
}
