import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';

/** Who the ceremonies are for: the domain passkeys are bound to and the origins that may use them. */
export interface RelyingParty {
  id: string;
  name: string;
  origins: string[];
}

/**
 * The configured relying party, or the request's own host where none is configured: the page
 * that calls is then served from this host (as `npm start` and the journeys do), so the passkey
 * is bound to the address in the member's address bar. Behind a proxy the host is the one the
 * proxy reports (TRUST_PROXY); production configures it (docs/deployment.md, "Passkeys").
 */
export function relyingPartyFor(config: Config['webauthn'], request: FastifyRequest): RelyingParty {
  return {
    id: config.rpId ?? request.hostname,
    name: config.rpName,
    origins: config.origins ?? [`${request.protocol}://${request.host}`],
  };
}
