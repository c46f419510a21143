import { endpoints } from '@pixelhall/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint';
import type { TranslateService } from './service';

/** Each translation is a call to an outside service, which may bill or throttle us. */
const TRANSLATIONS_PER_MINUTE = 30;

export function translateRoutes(app: FastifyInstance, translate: TranslateService): void {
  const api = endpoints.search;
  registerEndpoint(app, api.translateStatus, async () => ({ enabled: translate.enabled }));
  registerEndpoint(app, api.translateText, ({ member, payload }) => translate.translate(member, payload), {
    rateLimit: { max: TRANSLATIONS_PER_MINUTE, timeWindow: '1 minute' },
  });
}
