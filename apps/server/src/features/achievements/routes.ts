import { endpoints } from '@pixelhall/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint';
import type { AchievementsService } from './service';

export function achievementsRoutes(app: FastifyInstance, achievements: AchievementsService): void {
  const e = endpoints.achievements;
  registerEndpoint(app, e.myAchieves, ({ member, t }) => achievements.mine(member, t));
  registerEndpoint(app, e.achieveDetail, ({ member, payload, t }) =>
    achievements.detail(member, payload.id, payload.user_id, t),
  );
  registerEndpoint(app, e.achieveDisplay, ({ member, payload, t }) =>
    achievements.display(member, payload.ids, t),
  );
  registerEndpoint(app, e.showAchieve, ({ payload, t }) => achievements.shown(payload.user_id, t));
}
