import { CLIENT_VERSION, endpoints } from '@pixelhall/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint';
import type { AppVersionService } from './service';

const VERSION_PATTERN = /^\d+(\.\d+)*$/;

export function appVersionRoutes(app: FastifyInstance, versions: AppVersionService): void {
  registerEndpoint(app, endpoints.appVersion.checkVersion, ({ payload, request }) => {
    const header = request.headers['x-client-version'];
    const fromHeader =
      typeof header === 'string' && VERSION_PATTERN.test(header.trim()) ? header.trim() : null;
    return versions.check(payload.version ?? fromHeader ?? CLIENT_VERSION);
  });
}
