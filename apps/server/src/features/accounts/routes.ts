import { endpoints } from '@pixelhall/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint';
import { originOf } from '../sessions/public';
import type { EmailProofService } from './email-proof';
import { type AccountsService, LIMITS } from './service';

export function accountsRoutes(
  app: FastifyInstance,
  accounts: AccountsService,
  proofs: EmailProofService,
): void {
  const auth = endpoints.auth;
  // Without a member the limits key on the IP address; with one, on the member.
  registerEndpoint(
    app,
    auth.register,
    ({ payload, request, t }) => accounts.register(payload, originOf(request), t),
    {
      rateLimit: LIMITS.registerPerIp,
    },
  );
  registerEndpoint(app, auth.login, ({ payload, request }) => accounts.login(payload, originOf(request)), {
    rateLimit: LIMITS.loginPerIp,
  });
  registerEndpoint(app, auth.signOut, ({ member }) => accounts.signOut(member));
  registerEndpoint(app, auth.tourist, ({ request }) => accounts.tourist(originOf(request)), {
    rateLimit: LIMITS.touristPerIp,
  });
  registerEndpoint(app, auth.regUser, ({ member, payload, t }) => accounts.regUser(member, payload, t), {
    rateLimit: LIMITS.passwordPerMember,
  });
  registerEndpoint(
    app,
    auth.resetEditPwd,
    ({ member, payload }) => accounts.changePassword(member, payload),
    {
      rateLimit: LIMITS.passwordPerMember,
    },
  );
  registerEndpoint(app, auth.verifyEmail, ({ member, payload }) => proofs.verify(member, payload.code), {
    rateLimit: LIMITS.verifyPerMember,
  });
  registerEndpoint(
    app,
    auth.sendVerifyMail,
    ({ member, request, t }) => proofs.resend(member, request.ip, t),
    {
      rateLimit: LIMITS.proofMailPerMember,
    },
  );
}
