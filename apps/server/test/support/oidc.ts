import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CryptoKey, exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import Provider, { type Account } from 'oidc-provider';

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
}

export async function signingKey(kid: string): Promise<SigningKey & { publicJwk: object }> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  return { kid, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
}

/**
 * An issuer made in the test: its discovery document and key sets on a loopback port. `keySets`
 * maps a path (e.g. `/jwks`) to the keys served there; requests are counted per path.
 */
export async function startKeyServer(keySets: Record<string, Array<{ publicJwk: object }>>) {
  const hits: Record<string, number> = {};
  let issuer = '';
  const server = createServer((req, res) => {
    const url = req.url ?? '';
    hits[url] = (hits[url] ?? 0) + 1;
    const keys = keySets[url];
    const body =
      url === '/.well-known/openid-configuration'
        ? { issuer, jwks_uri: `${issuer}/jwks`, id_token_signing_alg_values_supported: ['RS256'] }
        : keys
          ? { keys: keys.map((k) => k.publicJwk) }
          : null;
    res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body ?? { error: 'not found' }));
  });
  issuer = await listen(server);
  return { issuer, hits, close: () => close(server) };
}

/** An ID token as a provider signs one; every claim can be overridden to make a bad one. */
export function signIdToken(
  key: SigningKey,
  claims: JWTPayload & Record<string, unknown>,
  options: { issuer: string; audience: string; expiresInSeconds?: number },
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
    .setIssuer(options.issuer)
    .setAudience(options.audience)
    .setIssuedAt(now - 5)
    .setExpirationTime(now + (options.expiresInSeconds ?? 600))
    .sign(key.privateKey);
}

export interface OpenIdAccount {
  sub: string;
  email: string;
  name: string;
}

/**
 * A real OpenID Connect provider (`oidc-provider`) on a loopback port, with one public client.
 * `issueIdToken` has the provider itself sign an ID token for one of its accounts, with the
 * claims its scopes release, as it would at the end of the authorization-code flow.
 */
export async function startOpenIdProvider(clientId: string, accounts: OpenIdAccount[]) {
  const server = createServer();
  const issuer = await listen(server);
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const findAccount = (_ctx: unknown, sub: string): Account | undefined => {
    const account = accounts.find((a) => a.sub === sub);
    if (!account) return undefined;
    return { accountId: sub, claims: () => ({ ...account, email_verified: true }) };
  };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        token_endpoint_auth_method: 'none',
        redirect_uris: ['https://pixelhall.example/auth/third'],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: 'op-key-1', alg: 'RS256', use: 'sig' }] },
    cookies: { keys: ['pixelhall-test-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount,
    ttl: { IdToken: 3600 },
    features: { devInteractions: { enabled: false } },
  });
  server.on('request', provider.callback());

  return {
    issuer,
    async issueIdToken(sub: string): Promise<string> {
      const client = await provider.Client.find(clientId);
      const account = findAccount(undefined, sub);
      if (!client || !account) throw new Error(`no client ${clientId} or account ${sub}`);
      const scope = 'openid email profile';
      const token = new provider.IdToken(await account.claims('id_token', scope, {}, []), { client });
      // The scopes the person granted decide which claims the token carries.
      Object.assign(token, { scope });
      token.set('nonce', 'pixelhall-test-nonce');
      return token.issue({ use: 'idtoken' });
    },
    close: () => close(server),
  };
}
