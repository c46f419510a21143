import { endpoints } from '@pixelhall/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint';
import type { BetsService } from './service';

/** Bets placed per member per minute: generous for people, a wall for a runaway client. */
const BETS_PER_MINUTE = 60;

export function betsRoutes(app: FastifyInstance, bets: BetsService): void {
  const e = endpoints.bets;
  registerEndpoint(app, e.betEvents, ({ payload }) => bets.events(payload));
  registerEndpoint(app, e.newBet, ({ member, payload }) => bets.place(member, payload), {
    rateLimit: { max: BETS_PER_MINUTE, timeWindow: '1 minute' },
  });
  registerEndpoint(app, e.betList, ({ member, payload }) => bets.list(member, payload));
}
