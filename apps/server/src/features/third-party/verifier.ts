import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import { fail } from '../../http/app-error';

/** Asymmetric algorithms only: a shared-secret (HS*) or unsigned ("none") token is never trusted. */
const ALGORITHMS = ['RS256', 'ES256', 'PS256', 'EdDSA'];
/** How long a provider's discovery document may take before the sign-in fails. */
const DISCOVERY_TIMEOUT_MS = 5000;

export interface VerifyOptions {
  issuer: string;
  /** The token's `aud` must hold at least one of these. */
  audiences: string[];
  /** Without it the keys are found through the issuer's discovery document. */
  jwksUri?: string;
}

/** The verified claims a sign-in uses; `sub` is always present. */
export interface IdClaims extends JWTPayload {
  sub: string;
  email?: unknown;
  email_verified?: unknown;
  name?: unknown;
  preferred_username?: unknown;
}

export interface IdTokenVerifier {
  verify(idToken: string, options: VerifyOptions): Promise<IdClaims>;
}

/**
 * Verifies OpenID Connect ID tokens: signature against the issuer's published keys, then issuer,
 * audience and expiry. Key sets and discovery documents are cached per URL for the process's
 * life; jose refetches a key set when a token names a key it hasn't seen (key rotation).
 */
export function createIdTokenVerifier(): IdTokenVerifier {
  const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
  const discovered = new Map<string, Promise<string>>();

  function keySet(uri: string) {
    let set = keySets.get(uri);
    if (!set) {
      set = createRemoteJWKSet(new URL(uri));
      keySets.set(uri, set);
    }
    return set;
  }

  function jwksUriOf(issuer: string): Promise<string> {
    let pending = discovered.get(issuer);
    if (!pending) {
      pending = discover(issuer);
      // A failed lookup isn't remembered, so the next sign-in tries again.
      pending.catch(() => discovered.delete(issuer));
      discovered.set(issuer, pending);
    }
    return pending;
  }

  return {
    async verify(idToken, { issuer, audiences, jwksUri }) {
      try {
        const keys = keySet(jwksUri ?? (await jwksUriOf(issuer)));
        const { payload } = await jwtVerify(idToken, keys, {
          issuer,
          audience: audiences,
          algorithms: ALGORITHMS,
          requiredClaims: ['sub', 'exp'],
        });
        if (typeof payload.sub !== 'string' || payload.sub === '') throw new Error('no subject');
        return payload as IdClaims;
      } catch (err) {
        // Whatever went wrong (signature, issuer, audience, expiry, keys unreachable), the person
        // can only try again; the reason stays as the cause, for the log.
        const refused = fail('errors.third_party_failed');
        refused.cause = err;
        throw refused;
      }
    },
  };
}

/** OpenID Connect Discovery: `<issuer>/.well-known/openid-configuration` names the key set. */
async function discover(issuer: string): Promise<string> {
  const url = `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
  const res = await fetch(url, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`discovery answered ${res.status}`);
  const doc = (await res.json()) as { issuer?: unknown; jwks_uri?: unknown };
  // The document must speak for the issuer it was fetched for (OpenID Discovery §4.3).
  if (doc.issuer !== issuer || typeof doc.jwks_uri !== 'string') throw new Error('bad discovery document');
  return new URL(doc.jwks_uri).toString();
}
