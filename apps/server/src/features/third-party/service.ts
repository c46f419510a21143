import type { User } from '@pixelhall/contract';
import type { Kysely } from 'kysely';
import type { Config, OidcProvider } from '../../config';
import type { DB } from '../../db/schema';
import { uniqueViolation } from '../../db/unique-violation';
import { fail } from '../../http/app-error';
import type { Member } from '../../http/request-context';
import { addNews } from '../activity/public';
import type { SessionOrigin, SessionsService } from '../sessions/public';
import type { SecondStepChallenge, TwoStepService } from '../two-step/public';
import { toUser, type UsersRepo, usersRepo } from '../users/public';
import { freeUsername, nicknameFrom, usernameBase, verifiedEmail } from './names';
import { identitiesRepo } from './repo';
import type { IdClaims, IdTokenVerifier } from './verifier';

/** Identities from Firebase Authentication are stored under this provider name. */
const FIREBASE_PROVIDER = 'firebase';
const FIREBASE_ISSUER = 'https://securetoken.google.com/';
/** New-member inserts retried when a concurrent sign-up takes the chosen name first. */
const CREATE_ATTEMPTS = 3;

export interface ThirdPartyDeps {
  providers: OidcProvider[];
  firebase: Config['firebase'];
  verifier: IdTokenVerifier;
  db: Kysely<DB>;
  users: UsersRepo;
  sessions: SessionsService;
  /** A member with a second step on gets its ticket instead of a session. */
  twoStep: Pick<TwoStepService, 'challengeFor'>;
  clock: () => number;
}

export type ThirdPartySignIn =
  | {
      token: string;
      user: User;
      /** True when this sign-in created the member. */
      created: boolean;
    }
  | { second_step: SecondStepChallenge };

/**
 * Sign-in with verified ID tokens. The identity (provider, subject) decides the member: one
 * already linked signs in; otherwise it is linked to the member signed in on the request, or to
 * the member who has proven the address the provider verified; otherwise a new member is made
 * for it. An address someone only claimed at sign-up never decides: whoever proves it first owns
 * it (docs/product/accounts-and-sessions.md, "E-mail addresses").
 */
export function thirdPartyService({
  providers,
  firebase,
  verifier,
  db,
  users,
  sessions,
  twoStep,
  clock,
}: ThirdPartyDeps) {
  const identities = identitiesRepo(db);

  function provider(id: string): OidcProvider {
    const found = providers.find((p) => p.id === id);
    if (!found) throw fail('errors.unknown_provider');
    return found;
  }

  /**
   * A signed-in full member gets the identity; a visitor's account is never the target. By
   * address, only its proven owner: `findByEmail` never returns a pending claim.
   */
  async function linkTarget(member: Member | null, email: string | null): Promise<number | null> {
    if (member && !member.isTourist) return member.id;
    if (email) {
      const owner = await users.findByEmail(email);
      if (owner && owner.is_tourist === 0) return Number(owner.id);
    }
    return null;
  }

  /** Links the identity; if a concurrent sign-in linked it first, theirs stands. */
  async function link(userId: number, providerId: string, claims: IdClaims): Promise<number> {
    try {
      const email = verifiedEmail(claims);
      await identities.insert({ userId, provider: providerId, subject: claims.sub, email, now: clock() });
      return userId;
    } catch (err) {
      const owner =
        uniqueViolation(err) === null ? undefined : await identities.ownerOf(providerId, claims.sub);
      if (owner === undefined) throw err;
      return owner;
    }
  }

  async function createMember(
    providerId: string,
    claims: IdClaims,
  ): Promise<{ userId: number; created: boolean }> {
    const email = verifiedEmail(claims);
    for (let attempt = 1; ; attempt += 1) {
      const username = await freeUsername(usernameBase(claims), (name) => users.usernameTaken(name));
      // An address another account has proven stays with that account (a disabled one, say).
      const ownEmail = email && !(await users.emailTaken(email)) ? email : null;
      const now = clock();
      try {
        const userId = await db.transaction().execute(async (trx) => {
          const id = await usersRepo(trx).insert({
            username,
            email: ownEmail,
            nickname: nicknameFrom(claims, username),
            password_hash: null,
            now,
          });
          await identitiesRepo(trx).insert({
            userId: id,
            provider: providerId,
            subject: claims.sub,
            email,
            now,
          });
          await addNews(trx, id, { kind: 'welcome' }, now);
          return id;
        });
        // The provider proved the address for this member: nobody else's claim on it stands.
        if (ownEmail) await users.dropPendingClaims(ownEmail, now);
        return { userId, created: true };
      } catch (err) {
        if (uniqueViolation(err) === null) throw err;
        // The same identity signing in twice at once: the other request made the member.
        const owner = await identities.ownerOf(providerId, claims.sub);
        if (owner !== undefined) return { userId: owner, created: false };
        // Otherwise the name or address was taken meanwhile: choose again.
        if (attempt >= CREATE_ATTEMPTS) throw err;
      }
    }
  }

  async function signIn(
    providerId: string,
    claims: IdClaims,
    member: Member | null,
    origin: SessionOrigin,
  ): Promise<ThirdPartySignIn> {
    let userId = await identities.ownerOf(providerId, claims.sub);
    let created = false;
    if (userId === undefined) {
      const target = await linkTarget(member, verifiedEmail(claims));
      if (target !== null) userId = await link(target, providerId, claims);
      else ({ userId, created } = await createMember(providerId, claims));
    }
    const row = await users.findActive(userId);
    if (!row) {
      // A banned member is told why; a disabled one stays out, whichever way they sign in.
      const banReason = await users.banReasonOf(userId);
      if (banReason !== undefined) throw fail('errors.account_banned', { reason: banReason });
      throw fail('errors.third_party_failed');
    }
    // The provider stands in for the password, not for the second step. A member signed in on
    // the request who links a provider to themselves has been through both already.
    if (member?.id !== userId) {
      const challenge = await twoStep.challengeFor(userId);
      if (challenge) return { second_step: challenge };
    }
    const { token } = await sessions.create(userId, origin);
    return { token, user: toUser(row, { providers: await users.providersOf(userId) }), created };
  }

  return {
    /** For the sign-in buttons: what the browser flow needs, nothing secret. */
    providers: () => ({
      list: providers.map(({ id, name, issuer, client_id, scopes }) => ({
        id,
        name,
        issuer,
        client_id,
        scopes,
      })),
    }),

    /** A configured OpenID Connect provider's token, for its web client or one of its native apps. */
    async withProvider(providerId: string, idToken: string, member: Member | null, origin: SessionOrigin) {
      const p = provider(providerId);
      const claims = await verifier.verify(idToken, {
        issuer: p.issuer,
        audiences: [p.client_id, ...p.audiences],
        jwksUri: p.jwks_uri,
      });
      return signIn(p.id, claims, member, origin);
    },

    /** A Firebase Authentication token of the project in FIREBASE_PROJECT_ID. */
    async withFirebase(idToken: string, member: Member | null, origin: SessionOrigin) {
      if (!firebase) throw fail('errors.unknown_provider');
      const claims = await verifier.verify(idToken, {
        issuer: `${FIREBASE_ISSUER}${firebase.projectId}`,
        audiences: [firebase.projectId],
        jwksUri: firebase.jwksUrl,
      });
      return signIn(FIREBASE_PROVIDER, claims, member, origin);
    },
  };
}
export type ThirdPartyService = ReturnType<typeof thirdPartyService>;
