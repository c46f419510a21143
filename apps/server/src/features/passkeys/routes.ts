import { endpoints } from '@pixelhall/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { registerEndpoint } from '../../http/endpoint';
import { originOf } from '../sessions/public';
import { relyingPartyFor } from './relying-party';
import type { PasskeysService } from './service';

const MINUTE = 60_000;
/** As the password log-in's `loginPerIp` (accounts/service.ts): by address, whichever accounts. */
const SIGN_IN_PER_IP = { max: 30, timeWindow: 15 * MINUTE } as const;
/** A proof or a new passkey costs a ceremony on the member's device; this bounds scripted ones. */
const PER_MEMBER = { max: 20, timeWindow: 15 * MINUTE } as const;

export function passkeysRoutes(
  app: FastifyInstance,
  passkeys: PasskeysService,
  webauthn: Config['webauthn'],
): void {
  const api = endpoints.passkeys;
  const rp = (request: Parameters<typeof relyingPartyFor>[1]) => relyingPartyFor(webauthn, request);

  registerEndpoint(
    app,
    api.passkeyRegisterOptions,
    ({ member, request }) => passkeys.registerOptions(member, rp(request)),
    { rateLimit: PER_MEMBER },
  );
  registerEndpoint(
    app,
    api.passkeyRegister,
    ({ member, payload, request }) => passkeys.register(member, payload, rp(request)),
    { rateLimit: PER_MEMBER },
  );
  registerEndpoint(app, api.passkeyList, ({ member }) => passkeys.list(member));
  registerEndpoint(app, api.passkeyRename, ({ member, payload }) => passkeys.rename(member, payload));
  registerEndpoint(app, api.passkeyRemove, ({ member, payload }) => passkeys.remove(member, payload));
  // Signing in is limited as the password log-in is, by address.
  registerEndpoint(
    app,
    api.passkeySignInOptions,
    ({ payload, request }) => passkeys.signInOptions(payload, rp(request)),
    { rateLimit: SIGN_IN_PER_IP },
  );
  registerEndpoint(
    app,
    api.passkeySignIn,
    ({ payload, request }) => passkeys.signIn(payload, rp(request), originOf(request)),
    { rateLimit: SIGN_IN_PER_IP },
  );
  registerEndpoint(
    app,
    api.passkeyProofOptions,
    ({ member, request }) => passkeys.proofOptions(member, rp(request)),
    { rateLimit: PER_MEMBER },
  );
  registerEndpoint(
    app,
    api.passkeyProof,
    ({ member, payload, request }) => passkeys.proof(member, payload, rp(request)),
    { rateLimit: PER_MEMBER },
  );
}
