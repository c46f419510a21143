import { endpoints } from '@pixelhall/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error';
import { registerEndpoint } from '../../http/endpoint';
import { answer } from '../../http/envelope';
import { originOf } from '../sessions/public';
import type { ThirdPartyService, ThirdPartySignIn } from './service';

/** Sign-in attempts per client (IP, or member when signed in): each may fetch keys and make rows. */
const SIGN_INS_PER_WINDOW = { max: 30, timeWindow: 15 * 60_000 };

/** The person reads one sentence; the log keeps why the token was refused. */
async function welcome(request: FastifyRequest, signIn: () => Promise<ThirdPartySignIn>) {
  try {
    const result = await signIn();
    if ('second_step' in result) return answer(result, 'auth.second_step_needed');
    const { token, user, created } = result;
    return answer({ token, user }, created ? 'auth.welcome' : 'auth.welcome_back', { name: user.nickname });
  } catch (err) {
    if (err instanceof AppError && err.cause) {
      request.log.info({ reason: String(err.cause) }, 'third-party sign-in refused');
    }
    throw err;
  }
}

export function thirdPartyRoutes(app: FastifyInstance, service: ThirdPartyService): void {
  const options = { rateLimit: SIGN_INS_PER_WINDOW };

  registerEndpoint(
    app,
    endpoints.auth.thirdAuth,
    ({ payload, member, request }) =>
      welcome(request, () =>
        service.withProvider(payload.fromApp, payload.idToken, member, originOf(request)),
      ),
    options,
  );
  registerEndpoint(
    app,
    endpoints.auth.thirdLogin,
    ({ payload, member, request }) =>
      welcome(request, () =>
        service.withProvider(payload.provider, payload.idToken, member, originOf(request)),
      ),
    options,
  );
  registerEndpoint(
    app,
    endpoints.auth.thirdKreait,
    ({ payload, member, request }) =>
      welcome(request, () => service.withFirebase(payload.idToken, member, originOf(request))),
    options,
  );
  registerEndpoint(app, endpoints.auth.thirdProviders, async () => service.providers());
}
