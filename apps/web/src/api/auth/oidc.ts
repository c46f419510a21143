import { type DataOf, isSecondStep, type SecondStep } from '@pixelhall/contract';
import { routes } from '@pixelhall/contract/routes';
import * as oauth from 'oauth4webapi';
import i18n from '../../i18n';
import type { TKey } from '../../i18n/keys';
import { ApiError, request } from '../client';
import { providersQuery } from '../queries/auth';
import { queryClient } from '../query-client';
import { signIn } from '../session';
import { type PendingSignIn, savePending, takePending } from './pending';

export type Provider = DataOf<typeof routes.auth.thirdProviders>['list'][number];

/** A sign-in that could not finish; `messageKey` says why, in words for people. */
export class ProviderSignInError extends Error {
  constructor(readonly messageKey: TKey) {
    super(messageKey);
    this.name = 'ProviderSignInError';
  }
}

/** The provider sends the browser back to the app's root, outside the hash route (see pending.ts). */
const redirectUri = () => `${window.location.origin}/`;

/** A provider on this machine (a developer's or a test's) may speak plain HTTP; no other may. */
function transportOptions(issuer: URL) {
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
  return loopback && issuer.protocol === 'http:' ? { [oauth.allowInsecureRequests]: true } : {};
}

async function discover(issuerUrl: string): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(issuerUrl);
  const response = await oauth.discoveryRequest(issuer, { algorithm: 'oidc', ...transportOptions(issuer) });
  return oauth.processDiscoveryResponse(issuer, response);
}

/** A fetch that never reached the provider is a network problem; anything else, a refusal. */
function asSignInError(err: unknown): Error {
  if (err instanceof ApiError || err instanceof ProviderSignInError) return err;
  if (err instanceof oauth.AuthorizationResponseError) {
    return new ProviderSignInError(
      err.error === 'access_denied' ? 'authUi.third.cancelled' : 'errors.third_party_failed',
    );
  }
  return new ProviderSignInError(
    err instanceof TypeError ? 'errors.load_failed' : 'errors.third_party_failed',
  );
}

/**
 * Starts the authorization-code flow with PKCE: the verifier, state and nonce stay in this tab,
 * and the browser leaves for the provider's authorization page.
 */
export async function startProviderSignIn(provider: Provider, returnTo: string | null): Promise<void> {
  try {
    const as = await discover(provider.issuer);
    if (!as.authorization_endpoint) throw new ProviderSignInError('errors.third_party_failed');
    const pending: PendingSignIn = {
      provider: { id: provider.id, issuer: provider.issuer, client_id: provider.client_id },
      state: oauth.generateRandomState(),
      nonce: oauth.generateRandomNonce(),
      codeVerifier: oauth.generateRandomCodeVerifier(),
      returnTo,
    };
    const url = new URL(as.authorization_endpoint);
    url.searchParams.set('client_id', provider.client_id);
    url.searchParams.set('redirect_uri', redirectUri());
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', provider.scopes);
    url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(pending.codeVerifier));
    url.searchParams.set('code_challenge_method', 'S256');
    url.searchParams.set('state', pending.state);
    url.searchParams.set('nonce', pending.nonce);
    savePending(pending);
    window.location.assign(url.href);
  } catch (err) {
    throw asSignInError(err);
  }
}

/** The same, by provider id (the host call `thirdPartyLogin` names only the id). */
export async function startProviderSignInById(id: string, returnTo: string | null): Promise<void> {
  const { list } = await queryClient.fetchQuery(providersQuery());
  const provider = list.find((p) => p.id === id);
  if (!provider) throw new ProviderSignInError('errors.unknown_provider');
  await startProviderSignIn(provider, returnTo);
}

/**
 * Finishes the flow on the provider's answer: checks the state, exchanges the code with the
 * verifier (a public client, no secret), checks the ID token's nonce, and signs in with
 * `third/auth`, whose server verifies the token's signature, issuer, audience and expiry.
 * Resolves to where the app should go next, and the second step still needed, if any.
 */
export async function completeProviderSignIn(
  query: URLSearchParams,
): Promise<{ returnTo: string | null; secondStep: SecondStep | null }> {
  const pending = takePending();
  if (!pending || pending.state !== query.get('state')) throw new ProviderSignInError('authUi.third.expired');
  try {
    const as = await discover(pending.provider.issuer);
    const client: oauth.Client = { client_id: pending.provider.client_id };
    const params = oauth.validateAuthResponse(as, client, query, pending.state);
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.None(),
      params,
      redirectUri(),
      pending.codeVerifier,
      transportOptions(new URL(pending.provider.issuer)),
    );
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, response, {
      expectedNonce: pending.nonce,
      requireIdToken: true,
    });
    const idToken = tokens.id_token;
    if (!idToken) throw new ProviderSignInError('errors.third_party_failed');
    const answer = await request(routes.auth.thirdAuth, { idToken, fromApp: pending.provider.id });
    // A member with a second step on finishes on its page, not here.
    if (isSecondStep(answer)) return { returnTo: pending.returnTo, secondStep: answer };
    signIn(answer.token, answer.user);
    return { returnTo: pending.returnTo, secondStep: null };
  } catch (err) {
    throw asSignInError(err);
  }
}

/** The words for a failed sign-in: the server's own message, or ours. */
export function signInErrorText(err: unknown): string {
  if (err instanceof ProviderSignInError) return i18n.t(err.messageKey);
  if (err instanceof ApiError) return err.message;
  return i18n.t('errors.third_party_failed');
}
