import { endpoints } from '@pixelhall/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint';
import type { ModerationService } from './service';

export function moderationRoutes(app: FastifyInstance, moderation: ModerationService): void {
  const e = endpoints.moderation;
  registerEndpoint(app, e.modOverview, ({ member }) => moderation.overview(member));
  registerEndpoint(app, e.modReports, ({ member, payload }) => moderation.reports(member, payload));
  registerEndpoint(app, e.modDismissReports, ({ member, payload }) => moderation.dismiss(member, payload));
  registerEndpoint(app, e.modRemove, ({ member, payload }) => moderation.remove(member, payload));
  registerEndpoint(app, e.modRestore, ({ member, payload }) => moderation.restore(member, payload));
  registerEndpoint(app, e.modLock, ({ member, payload }) => moderation.lock(member, payload));
  registerEndpoint(app, e.modHeld, ({ member, payload }) => moderation.held(member, payload));
  registerEndpoint(app, e.modRelease, ({ member, payload }) => moderation.release(member, payload.post_id));
  registerEndpoint(app, e.modMember, ({ member, payload }) => moderation.member(member, payload.user_id));
}
