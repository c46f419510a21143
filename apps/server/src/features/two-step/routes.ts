import { endpoints } from '@pixelhall/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint';
import { originOf } from '../sessions/public';
import { TWO_STEP_LIMITS, type TwoStepFullService } from './service';

export function twoStepRoutes(app: FastifyInstance, twoStep: TwoStepFullService): void {
  const e = endpoints.twoStep;
  const perMember = { rateLimit: TWO_STEP_LIMITS.perMember };
  registerEndpoint(app, e.twoStepStatus, ({ member }) => twoStep.status(member));
  registerEndpoint(app, e.totpSetup, ({ member }) => twoStep.setup(member), perMember);
  registerEndpoint(
    app,
    e.totpEnable,
    ({ member, payload, request }) => twoStep.enable(member, payload.code, request.ip),
    perMember,
  );
  registerEndpoint(app, e.totpDisable, ({ member }) => twoStep.disable(member), perMember);
  registerEndpoint(app, e.recoveryRegenerate, ({ member }) => twoStep.regenerate(member), perMember);
  registerEndpoint(
    app,
    e.secondStepVerify,
    ({ payload, request }) => twoStep.verify(payload, originOf(request)),
    { rateLimit: TWO_STEP_LIMITS.verifyPerIp },
  );
  registerEndpoint(
    app,
    e.freshProofGive,
    ({ member, payload, request }) => twoStep.prove(member, payload, request.ip),
    perMember,
  );
}
