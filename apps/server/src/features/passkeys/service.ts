import { randomBytes } from 'node:crypto';
import {
  type DataOf,
  type endpoints,
  PASSKEYS_MAX,
  type ParsedPayloadOf,
  type Passkey,
} from '@pixelhall/contract';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { uniqueViolation } from '../../db/unique-violation';
import { fail } from '../../http/app-error';
import { answer } from '../../http/envelope';
import type { Member } from '../../http/request-context';
import { assertFullMember } from '../../shared/full-member';
import { hashToken, type SessionOrigin, type SessionsService } from '../sessions/public';
import type { FreshProof, TwoStepService } from '../two-step/public';
import { toUser, type UsersRepo } from '../users/public';
import type { RelyingParty } from './relying-party';
import type { ChallengePurpose, PasskeyRow, PasskeysRepo } from './repo';

type Api = typeof endpoints.passkeys;
type RequestOptions = DataOf<Api['passkeySignInOptions']>['options'];
type CreationOptions = DataOf<Api['passkeyRegisterOptions']>['options'];

/** How long a ceremony's challenge lives, and what the browser is told it may take. */
const CHALLENGE_MS = 5 * 60_000;

/** EdDSA, ES256, RS256: what platform authenticators and security keys use. */
const ALGORITHMS = [-8, -7, -257];

const TRANSPORTS = new Set(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);

type Transport = NonNullable<RequestOptions['allowCredentials']>[number]['transports'];

const transportsOf = (row: Pick<PasskeyRow, 'transports'>) =>
  row.transports.split(',').filter((t) => TRANSPORTS.has(t)) as Transport;

export function toPasskey(row: PasskeyRow): Passkey {
  return {
    id: Number(row.id),
    name: row.name,
    created_at: Number(row.created_at),
    last_used_at: row.last_used_at === null ? null : Number(row.last_used_at),
    device_type: row.device_type === 'multiDevice' ? 'multi_device' : 'single_device',
    backed_up: row.backed_up === 1,
  };
}

/** The challenge the browser signed, read from the answer's client data; null when unreadable. */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && challenge.length > 0 ? challenge : null;
  } catch {
    return null;
  }
}

export interface PasskeysDeps {
  repo: PasskeysRepo;
  users: UsersRepo;
  sessions: SessionsService;
  twoStep: TwoStepService;
  freshProof: FreshProof;
  /** The member a live second-step ticket belongs to, without spending it; null when not live. */
  ticketOwner: (ticket: string) => Promise<number | null>;
  clock: () => number;
}

/**
 * Passkeys (docs/internals/passkeys.md). Every ceremony starts with options holding a fresh
 * challenge, stored hashed for one purpose; its answer is checked against that challenge after
 * the challenge has been used up, so an answer counts once, for the ceremony and member it was
 * made for. A refused answer changes nothing but spending its challenge.
 */
export function passkeysService({
  repo,
  users,
  sessions,
  twoStep,
  freshProof,
  ticketOwner,
  clock,
}: PasskeysDeps) {
  async function newChallenge(
    purpose: ChallengePurpose,
    userId: number | null,
    ticket: string | null,
    userHandle: string | null = null,
  ): Promise<Uint8Array<ArrayBuffer>> {
    // As bytes: the options encode a string challenge's UTF-8, not the string, as base64url.
    const bytes = new Uint8Array(randomBytes(32));
    const challenge = Buffer.from(bytes).toString('base64url');
    const now = clock();
    await repo.addChallenge({
      challengeHash: hashToken(challenge),
      userId,
      purpose,
      ticketHash: ticket === null ? null : hashToken(ticket),
      userHandle,
      now,
      expiresAt: now + CHALLENGE_MS,
    });
    return bytes;
  }

  /**
   * Spends the answer's challenge, which must be live and made for this purpose, member and
   * ticket; answers it with the user handle a registration's options gave.
   */
  async function useChallenge(
    clientDataJSON: string,
    purpose: ChallengePurpose,
    userId: number | null,
    ticket: string | null,
  ): Promise<{ challenge: string; userHandle: string | null }> {
    const challenge = challengeOf(clientDataJSON);
    if (!challenge) throw fail('errors.passkey_failed');
    const used = await repo.consumeChallenge({
      challengeHash: hashToken(challenge),
      purpose,
      userId,
      ticketHash: ticket === null ? null : hashToken(ticket),
      now: clock(),
    });
    if (!used) throw fail('errors.passkey_expired');
    return { challenge, userHandle: used.userHandle };
  }

  async function requestOptions(
    rp: RelyingParty,
    challenge: Uint8Array<ArrayBuffer>,
    allow: PasskeyRow[] | null,
    userVerification: 'required' | 'preferred',
  ): Promise<RequestOptions> {
    const options = await generateAuthenticationOptions({
      rpID: rp.id,
      challenge,
      timeout: CHALLENGE_MS,
      userVerification,
      ...(allow
        ? { allowCredentials: allow.map((p) => ({ id: p.credential_id, transports: transportsOf(p) })) }
        : {}),
    });
    return options as RequestOptions;
  }

  /**
   * Checks an assertion against the stored passkey, then records the use; any mismatch (origin,
   * RP ID, signature, user verification, a counter that did not move on) is `errors.passkey_failed`.
   */
  async function verifyAssertion(
    rp: RelyingParty,
    passkey: PasskeyRow,
    response: AuthenticationResponseJSON,
    challenge: string,
    requireUserVerification: boolean,
  ): Promise<void> {
    if (response.response.userHandle && response.response.userHandle !== passkey.user_handle) {
      throw fail('errors.passkey_failed');
    }
    let info: Awaited<ReturnType<typeof verifyAuthenticationResponse>>['authenticationInfo'];
    try {
      const result = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origins,
        expectedRPID: rp.id,
        credential: {
          id: passkey.credential_id,
          publicKey: Buffer.from(passkey.public_key, 'base64url'),
          counter: Number(passkey.counter),
          transports: transportsOf(passkey),
        },
        requireUserVerification,
      });
      if (!result.verified) throw fail('errors.passkey_failed');
      info = result.authenticationInfo;
    } catch {
      throw fail('errors.passkey_failed');
    }
    const recorded = await repo.recordUse(Number(passkey.id), {
      counter: Number(passkey.counter),
      newCounter: info.newCounter,
      backedUp: info.credentialBackedUp,
      now: clock(),
    });
    // Another answer of this passkey was recorded meanwhile: its counter moved under this one.
    if (!recorded) throw fail('errors.passkey_failed');
  }

  async function passkeyOf(credentialId: string, userId?: number): Promise<PasskeyRow> {
    const passkey = await repo.findByCredential(credentialId);
    if (!passkey || (userId !== undefined && Number(passkey.user_id) !== userId)) {
      throw fail('errors.passkey_unknown');
    }
    return passkey;
  }

  async function signedIn(userId: number, origin: SessionOrigin) {
    const row = await users.findActive(userId);
    if (!row) {
      const banReason = await users.banReasonOf(userId);
      if (banReason !== undefined) throw fail('errors.account_banned', { reason: banReason });
      throw fail('errors.passkey_unknown');
    }
    const { token } = await sessions.create(userId, origin);
    const user = toUser(row, { providers: await users.providersOf(userId) });
    return answer({ token, user }, 'auth.welcome_back', { name: row.nickname });
  }

  return {
    async registerOptions(member: Member, rp: RelyingParty) {
      assertFullMember(member);
      await freshProof.assert(member);
      const existing = await repo.listOf(member.id);
      if (existing.length >= PASSKEYS_MAX) throw fail('errors.passkeys_limit', { max: PASSKEYS_MAX });
      const user = await users.findActive(member.id);
      if (!user) throw fail('errors.not_found');
      const handle = existing[0]?.user_handle ?? randomBytes(32).toString('base64url');
      const options = await generateRegistrationOptions({
        rpName: rp.name,
        rpID: rp.id,
        userName: user.username,
        userDisplayName: user.nickname,
        userID: Buffer.from(handle, 'base64url'),
        challenge: await newChallenge('register', member.id, null, handle),
        timeout: CHALLENGE_MS,
        attestationType: 'none',
        excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: transportsOf(p) })),
        // Discoverable, so it can sign in with no name typed; verified, so it is both steps at once.
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        supportedAlgorithmIDs: ALGORITHMS,
      });
      return { options: options as CreationOptions };
    },

    async register(
      member: Member,
      { response, name }: ParsedPayloadOf<Api['passkeyRegister']>,
      rp: RelyingParty,
    ) {
      assertFullMember(member);
      await freshProof.assert(member);
      const { challenge, userHandle } = await useChallenge(
        response.response.clientDataJSON,
        'register',
        member.id,
        null,
      );
      let info: NonNullable<Awaited<ReturnType<typeof verifyRegistrationResponse>>['registrationInfo']>;
      try {
        const result = await verifyRegistrationResponse({
          response: response as RegistrationResponseJSON,
          expectedChallenge: challenge,
          expectedOrigin: rp.origins,
          expectedRPID: rp.id,
          requireUserVerification: true,
          supportedAlgorithmIDs: ALGORITHMS,
        });
        if (!result.verified) throw fail('errors.passkey_failed');
        info = result.registrationInfo;
      } catch {
        throw fail('errors.passkey_failed');
      }
      const hadSecondStep = await twoStep.hasSecondStep(member.id);
      if ((await repo.countOf(member.id)) >= PASSKEYS_MAX) {
        throw fail('errors.passkeys_limit', { max: PASSKEYS_MAX });
      }
      const id = await repo
        .insert({
          userId: member.id,
          credentialId: info.credential.id,
          publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
          // What the options gave the authenticator: it hands it back at every sign-in.
          userHandle: userHandle ?? randomBytes(32).toString('base64url'),
          counter: info.credential.counter,
          transports: (response.response.transports ?? []).filter((t) => TRANSPORTS.has(t)),
          deviceType: info.credentialDeviceType,
          backedUp: info.credentialBackedUp,
          name,
          now: clock(),
        })
        .catch((err: unknown) => {
          throw uniqueViolation(err) !== null ? fail('errors.passkey_exists') : err;
        });
      const row = await repo.findOwn(member.id, id);
      const recoveryCodes = hadSecondStep ? null : await twoStep.ensureRecoveryCodes(member.id);
      return answer({ passkey: toPasskey(row!), recovery_codes: recoveryCodes }, 'passkeys.added');
    },

    async list(member: Member) {
      return { list: (await repo.listOf(member.id)).map(toPasskey) };
    },

    async rename(member: Member, { id, name }: ParsedPayloadOf<Api['passkeyRename']>) {
      if (!(await repo.rename(member.id, id, name))) throw fail('errors.passkey_not_found');
      const row = await repo.findOwn(member.id, id);
      if (!row) throw fail('errors.passkey_not_found');
      return answer({ passkey: toPasskey(row) }, 'passkeys.renamed');
    },

    /** The last passkey gone with no authenticator app on, the member has no second step left. */
    async remove(member: Member, { id }: ParsedPayloadOf<Api['passkeyRemove']>) {
      if (!(await repo.findOwn(member.id, id))) throw fail('errors.passkey_not_found');
      await freshProof.assert(member);
      if (!(await repo.remove(member.id, id))) throw fail('errors.passkey_not_found');
      return answer(null, 'passkeys.removed');
    },

    async signInOptions({ ticket }: ParsedPayloadOf<Api['passkeySignInOptions']>, rp: RelyingParty) {
      if (ticket === undefined) {
        const challenge = await newChallenge('sign_in', null, null);
        return { options: await requestOptions(rp, challenge, null, 'required') };
      }
      const owner = await ticketOwner(ticket);
      if (owner === null) throw fail('errors.second_step_expired');
      const passkeys = await repo.listOf(owner);
      if (passkeys.length === 0) throw fail('errors.passkey_none');
      const challenge = await newChallenge('second_step', owner, ticket);
      return { options: await requestOptions(rp, challenge, passkeys, 'preferred') };
    },

    /**
     * Without a ticket the passkey is both steps (user verification required); with one it is the
     * second step of that log-in, so it must be the log-in's member's, and spends the ticket.
     */
    async signIn(
      { response, ticket }: ParsedPayloadOf<Api['passkeySignIn']>,
      rp: RelyingParty,
      origin: SessionOrigin,
    ) {
      if (ticket === undefined) {
        const { challenge } = await useChallenge(response.response.clientDataJSON, 'sign_in', null, null);
        const passkey = await passkeyOf(response.id);
        await verifyAssertion(rp, passkey, response, challenge, true);
        return signedIn(Number(passkey.user_id), origin);
      }
      const owner = await ticketOwner(ticket);
      if (owner === null) throw fail('errors.second_step_expired');
      const { challenge } = await useChallenge(
        response.response.clientDataJSON,
        'second_step',
        owner,
        ticket,
      );
      const passkey = await passkeyOf(response.id, owner);
      await verifyAssertion(rp, passkey, response, challenge, false);
      const userId = await twoStep.redeemTicket(ticket);
      if (userId !== owner) throw fail('errors.second_step_expired');
      return signedIn(userId, origin);
    },

    async proofOptions(member: Member, rp: RelyingParty) {
      const passkeys = await repo.listOf(member.id);
      if (passkeys.length === 0) throw fail('errors.passkey_none');
      const challenge = await newChallenge('proof', member.id, null);
      return { options: await requestOptions(rp, challenge, passkeys, 'preferred') };
    },

    async proof(member: Member, { response }: ParsedPayloadOf<Api['passkeyProof']>, rp: RelyingParty) {
      const { challenge } = await useChallenge(response.response.clientDataJSON, 'proof', member.id, null);
      const passkey = await passkeyOf(response.id, member.id);
      await verifyAssertion(rp, passkey, response, challenge, false);
      await freshProof.mark(member.sessionId);
      return answer(null, 'passkeys.proven');
    },
  };
}
export type PasskeysService = ReturnType<typeof passkeysService>;
