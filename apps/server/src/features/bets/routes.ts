import { endpoints } from '@pixelhall/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint';
import { productText } from '../../product-text';
import type { BetsService } from './service';

/** Bets placed per member per minute: generous for people, a wall for a runaway client. */
const BETS_PER_MINUTE = 60;

export function betsRoutes(app: FastifyInstance, bets: BetsService): void {
  const e = endpoints.bets;
  registerEndpoint(app, e.betEvents, ({ payload, request }) =>
    bets.events(payload, productText(request.locale)),
  );
  registerEndpoint(
    app,
    e.newBet,
    ({ member, payload, request }) => bets.place(member, payload, productText(request.locale)),
    {
      rateLimit: { max: BETS_PER_MINUTE, timeWindow: '1 minute' },
    },
  );
  registerEndpoint(app, e.betList, ({ member, payload, request }) =>
    bets.list(member, payload, productText(request.locale)),
  );
}
