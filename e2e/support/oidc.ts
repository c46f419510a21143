import Provider from 'oidc-provider';

export const OIDC_CLIENT_ID = 'pixelhall-web';

/**
 * A real OpenID Connect provider on loopback (oidc-provider with its development login pages:
 * any login name signs in). Accounts get a verified e-mail `<login>@pixelid.test`.
 */
export async function startOidcProvider(
  port: number,
  appOrigin: string,
): Promise<{ issuer: string; stop(): Promise<void> }> {
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT_ID,
        token_endpoint_auth_method: 'none',
        redirect_uris: [`${appOrigin}/`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    scopes: ['openid', 'email', 'profile'],
    // Like Google and most providers, put the e-mail in the ID token itself, not only in userinfo.
    conformIdTokenClaims: false,
    // The app exchanges the code from the browser (a public client with PKCE).
    clientBasedCORS: () => true,
    pkce: { required: () => true },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({ sub, email: `${sub}@pixelid.test`, email_verified: true, name: `Pixel ${sub}` }),
    }),
  });
  const server = provider.listen(port, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return { issuer, stop: () => new Promise((r) => server.close(() => r())) };
}
