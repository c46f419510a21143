import { endpoints } from '@pixelhall/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint';
import type { MiningService } from './service';

/** Tokens a member may ask for per minute: opening the page now and then, not a token farm. */
const TOKENS_PER_MINUTE = 10;
/** Look-ups per minute per address for the mining page's server. */
const LOOKUPS_PER_MINUTE = 120;

export function miningRoutes(app: FastifyInstance, mining: MiningService): void {
  const e = endpoints.mining;
  registerEndpoint(app, e.cycleTime, () => mining.cycle());
  registerEndpoint(app, e.miningToken, ({ member }) => mining.issueToken(member), {
    rateLimit: { max: TOKENS_PER_MINUTE, timeWindow: '1 minute' },
  });
  registerEndpoint(app, e.miningMember, ({ payload }) => mining.member(payload.token), {
    rateLimit: { max: LOOKUPS_PER_MINUTE, timeWindow: '1 minute' },
  });
}
