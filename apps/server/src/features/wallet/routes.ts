import { endpoints } from '@pixelhall/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint';
import type { WalletService } from './service';
import type { UnlockService } from './unlock';

export function walletRoutes(
  app: FastifyInstance,
  { wallet, unlocks }: { wallet: WalletService; unlocks: UnlockService },
): void {
  const api = endpoints.wallet;
  registerEndpoint(app, api.userWallet, ({ member }) => wallet.wallet(member));
  registerEndpoint(app, api.exchangeDiamonds, ({ member, payload }) => wallet.exchange(member, payload));
  registerEndpoint(app, api.walletHistory, ({ member, payload }) => wallet.history(member, payload));
  registerEndpoint(app, endpoints.posts.payLink, ({ member, payload }) =>
    unlocks.unlock(member, payload.id, payload.adult_confirmed),
  );
}
