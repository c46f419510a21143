import { endpoints } from '@pixelhall/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint';
import type { WalletService } from './service';

export function walletRoutes(app: FastifyInstance, wallet: WalletService): void {
  const api = endpoints.wallet;
  registerEndpoint(app, api.userWallet, ({ member }) => wallet.wallet(member));
  registerEndpoint(app, api.exchangeDiamonds, ({ member, payload }) => wallet.exchange(member, payload));
  registerEndpoint(app, api.walletHistory, ({ member, payload }) => wallet.history(member, payload));
}
