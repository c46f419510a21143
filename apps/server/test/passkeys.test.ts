import {
  type DataOf,
  endpoints,
  MainCode,
  PASSKEY_NAME_MAX,
  PASSKEYS_MAX,
  type Passkey,
} from '@pixelhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { hashPassword } from '../src/features/accounts/public';
import { buildTestApp, type CallOptions, call, type TestApp } from './helper';
import { softAuthenticator } from './support/authenticator';

const { passkeys: api, users, auth } = endpoints;
type CreationOptions = DataOf<typeof api.passkeyRegisterOptions>['options'];
type RequestOptions = DataOf<typeof api.passkeySignInOptions>['options'];
type Session = DataOf<typeof api.passkeySignIn>;

const RP_ID = 'pixelhall.test';
const ORIGIN = 'https://pixelhall.test';
const TEN_MINUTES = 10 * 60_000;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: { webauthn: { rpId: RP_ID, origins: [ORIGIN], rpName: 'Pixelhall' } } });
});
afterAll(() => t.close());

async function ok<T>(
  def: Parameters<typeof call>[1],
  payload: Record<string, unknown> = {},
  options: CallOptions = {},
): Promise<T> {
  const { body } = await call(t.app, def, payload, options);
  expect(body.code, JSON.stringify(body)).toBe(MainCode.Success);
  return body.data as T;
}

/** The refusal's message key; the call must have failed. */
async function refused(
  def: Parameters<typeof call>[1],
  payload: Record<string, unknown> = {},
  options: CallOptions = {},
): Promise<string | undefined> {
  const { status, body } = await call(t.app, def, payload, options);
  expect(status, JSON.stringify(body)).toBeLessThan(500);
  expect(body.code, JSON.stringify(body)).not.toBe(MainCode.Success);
  expect(body.msg).not.toMatch(/^errors\.|^validation\./);
  return body.reason;
}

const listOf = async (token: string) => (await ok<{ list: Passkey[] }>(api.passkeyList, {}, { token })).list;

/** A signed-in member with a phone that holds one passkey for them. */
async function memberWithPasskey(name = 'My phone') {
  const member = await t.make.member();
  const phone = softAuthenticator({ origin: ORIGIN });
  const { options } = await ok<{ options: CreationOptions }>(
    api.passkeyRegisterOptions,
    {},
    { token: member.token },
  );
  const { response } = phone.create(options);
  const added = await ok<{ passkey: Passkey; recovery_codes: string[] | null }>(
    api.passkeyRegister,
    { response, name },
    { token: member.token },
  );
  return { ...member, phone, passkey: added.passkey, recoveryCodes: added.recovery_codes };
}

const signInOptions = (ticket?: string) =>
  ok<{ options: RequestOptions }>(api.passkeySignInOptions, ticket ? { ticket } : {});

describe('adding, naming and removing passkeys', () => {
  it('registers a passkey, lists it and hands out recovery codes with the first second step only', async () => {
    const member = await t.make.member();
    const phone = softAuthenticator({ origin: ORIGIN });
    const { options } = await ok<{ options: CreationOptions }>(
      api.passkeyRegisterOptions,
      {},
      { token: member.token },
    );
    expect(options.rp).toEqual({ id: RP_ID, name: 'Pixelhall' });
    expect(options.user.name).toBe(member.user.username);
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });
    expect(options.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const first = await ok<{ passkey: Passkey; recovery_codes: string[] | null }>(
      api.passkeyRegister,
      { response: phone.create(options).response, name: '  Pixel phone  ' },
      { token: member.token },
    );
    expect(first.passkey).toMatchObject({ name: 'Pixel phone', created_at: t.clock.now, last_used_at: null });
    expect(first.recovery_codes).toHaveLength(10);
    expect(await t.services.twoStep.hasSecondStep(member.user.id)).toBe(true);

    // A second passkey: the member already has a second step and codes.
    const laptop = softAuthenticator({ origin: ORIGIN });
    const again = await ok<{ options: CreationOptions }>(
      api.passkeyRegisterOptions,
      {},
      { token: member.token },
    );
    expect(again.options.excludeCredentials?.map((c) => c.id)).toEqual([phone.credentials[0]!.id]);
    // Both passkeys of one member carry the same user handle, so a device keeps one per account.
    expect(again.options.user.id).toBe(options.user.id);
    const second = await ok<{ passkey: Passkey; recovery_codes: string[] | null }>(
      api.passkeyRegister,
      { response: laptop.create(again.options).response, name: 'Laptop' },
      { token: member.token },
    );
    expect(second.recovery_codes).toBeNull();
    expect((await listOf(member.token)).map((p) => p.name)).toEqual(['Laptop', 'Pixel phone']);
  });

  it('refuses the same authenticator credential twice, and a registration answer replayed', async () => {
    const member = await t.make.member();
    const phone = softAuthenticator({ origin: ORIGIN });
    const { options } = await ok<{ options: CreationOptions }>(
      api.passkeyRegisterOptions,
      {},
      { token: member.token },
    );
    const { response, credential } = phone.create(options);
    await ok(api.passkeyRegister, { response, name: 'Phone' }, { token: member.token });
    expect(await refused(api.passkeyRegister, { response, name: 'Phone' }, { token: member.token })).toBe(
      'errors.passkey_expired',
    );

    // The same credential answered to a new challenge: the credential id is taken.
    const next = await ok<{ options: CreationOptions }>(
      api.passkeyRegisterOptions,
      {},
      { token: member.token },
    );
    const copy = phone.create(next.options);
    copy.response.id = credential.id;
    copy.response.rawId = credential.id;
    const attestation = Buffer.from(copy.response.response.attestationObject, 'base64url');
    // The credential id sits in the authenticator data; put the old one in its place.
    const at = attestation.indexOf(Buffer.from(copy.credential.id, 'base64url'));
    Buffer.from(credential.id, 'base64url').copy(attestation, at);
    copy.response.response.attestationObject = attestation.toString('base64url');
    expect(
      await refused(api.passkeyRegister, { response: copy.response, name: 'Copy' }, { token: member.token }),
    ).toBe('errors.passkey_exists');
    expect(await listOf(member.token)).toHaveLength(1);
  });

  it('needs a fresh proof to add or remove one, which a passkey can give', async () => {
    const { token, phone, passkey } = await memberWithPasskey();
    t.clock.advance(TEN_MINUTES + 1);
    expect(await refused(api.passkeyRegisterOptions, {}, { token })).toBe('errors.fresh_proof_needed');
    expect(await refused(api.passkeyRemove, { id: passkey.id }, { token })).toBe('errors.fresh_proof_needed');

    const { options } = await ok<{ options: RequestOptions }>(api.passkeyProofOptions, {}, { token });
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([phone.credentials[0]!.id]);
    await ok(api.passkeyProof, { response: phone.get(options) }, { token });

    await ok(api.passkeyRegisterOptions, {}, { token });
    const [listed] = await listOf(token);
    expect(listed!.last_used_at).toBe(t.clock.now);
  });

  it('renames and removes only the member’s own passkeys', async () => {
    const owner = await memberWithPasskey('Phone');
    const other = await t.make.member();

    expect(
      await refused(api.passkeyRename, { id: owner.passkey.id, name: 'Mine now' }, { token: other.token }),
    ).toBe('errors.passkey_not_found');
    expect(await refused(api.passkeyRemove, { id: owner.passkey.id }, { token: other.token })).toBe(
      'errors.passkey_not_found',
    );
    expect(await listOf(other.token)).toEqual([]);
    expect((await listOf(owner.token))[0]!.name).toBe('Phone');

    expect(
      await refused(
        api.passkeyRename,
        { id: owner.passkey.id, name: 'x'.repeat(PASSKEY_NAME_MAX + 1) },
        {
          token: owner.token,
        },
      ),
    ).toBe('validation.passkey_name_too_long');
    expect(
      await refused(api.passkeyRename, { id: owner.passkey.id, name: '   ' }, { token: owner.token }),
    ).toBe('validation.passkey_name_required');
    const renamed = await ok<{ passkey: Passkey }>(
      api.passkeyRename,
      { id: owner.passkey.id, name: 'Work phone' },
      { token: owner.token },
    );
    expect(renamed.passkey.name).toBe('Work phone');

    await ok(api.passkeyRemove, { id: owner.passkey.id }, { token: owner.token });
    expect(await listOf(owner.token)).toEqual([]);
    // The last passkey gone, with no authenticator app: no second step any more.
    expect(await t.services.twoStep.hasSecondStep(owner.user.id)).toBe(false);
    expect(await t.services.twoStep.challengeFor(owner.user.id)).toBeNull();
    expect(await refused(api.passkeyRemove, { id: owner.passkey.id }, { token: owner.token })).toBe(
      'errors.passkey_not_found',
    );
  });

  it('keeps at most 20 passkeys a member, and none for a visitor account', async () => {
    const member = await memberWithPasskey();
    for (let i = 1; i < PASSKEYS_MAX; i += 1) {
      await t.database.db
        .insertInto('passkeys')
        .values({
          user_id: member.user.id,
          credential_id: `staged-${member.user.id}-${i}`,
          public_key: 'AA',
          user_handle: 'AA',
          counter: 0,
          transports: '',
          device_type: 'singleDevice',
          backed_up: 0,
          name: `Key ${i}`,
          created_at: t.clock.now,
        })
        .execute();
    }
    const { body } = await call(t.app, api.passkeyRegisterOptions, {}, { token: member.token });
    expect(body).toMatchObject({ code: MainCode.Fail, reason: 'errors.passkeys_limit' });
    expect(body.msg).toContain(String(PASSKEYS_MAX));

    const visitor = await t.make.member();
    await t.database.db
      .updateTable('users')
      .set({ is_tourist: 1 })
      .where('id', '=', visitor.user.id)
      .execute();
    expect(await refused(api.passkeyRegisterOptions, {}, { token: visitor.token })).toBe(
      'errors.tourist_forbidden',
    );
  });

  it('answers visitors to sign in first', async () => {
    const { body } = await call(t.app, api.passkeyList, {});
    expect(body.code).toBe(MainCode.Expired);
  });
});

describe('signing in with a passkey', () => {
  it('signs in with no password: the passkey verifies the member', async () => {
    const { user, phone } = await memberWithPasskey();
    const { options } = await signInOptions();
    expect(options.userVerification).toBe('required');
    expect(options.allowCredentials).toBeUndefined();
    expect(options.rpId).toBe(RP_ID);

    const session = await ok<Session>(api.passkeySignIn, { response: phone.get(options) });
    expect(session.user.id).toBe(user.id);
    const me = await ok<{ id: number }>(users.getUser, {}, { token: session.token });
    expect(me.id).toBe(user.id);
    const [listed] = await listOf(session.token);
    expect(listed!.last_used_at).toBe(t.clock.now);
  });

  it('refuses a passwordless sign-in without user verification', async () => {
    const { phone } = await memberWithPasskey();
    const touchOnly = softAuthenticator({ origin: ORIGIN, userVerified: false });
    touchOnly.credentials.push(phone.credentials[0]!);
    const { options } = await signInOptions();
    expect(await refused(api.passkeySignIn, { response: touchOnly.get(options) })).toBe(
      'errors.passkey_failed',
    );
  });

  it('is the second step of a log-in with its ticket, which it spends', async () => {
    const owner = await memberWithPasskey();
    const other = await memberWithPasskey();
    const challenge = await t.services.twoStep.challengeFor(owner.user.id);
    expect(challenge?.methods).toContain('passkey');
    const ticket = challenge!.ticket;

    const { options } = await signInOptions(ticket);
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([owner.phone.credentials[0]!.id]);

    // Another member's passkey cannot finish this log-in, and leaves the ticket as it was.
    expect(await refused(api.passkeySignIn, { response: other.phone.get(options), ticket })).toBe(
      'errors.passkey_unknown',
    );
    const fresh = await signInOptions(ticket);
    const session = await ok<Session>(api.passkeySignIn, {
      response: owner.phone.get(fresh.options),
      ticket,
    });
    expect(session.user.id).toBe(owner.user.id);

    expect(await refused(api.passkeySignInOptions, { ticket })).toBe('errors.second_step_expired');
  });

  it('answers a banned member’s passkey with the ban and its reason, and signs them in once it is lifted', async () => {
    const { user, phone } = await memberWithPasskey();
    const admin = await t.make.member();
    await t.services.staff.grantByOperator(admin.user.username, 'admin', []);
    await ok(
      endpoints.sanctions.modSanction,
      { user_id: user.id, kind: 'ban', reason: 'Selling cheats' },
      { token: admin.token },
    );
    const sessionsOf = () =>
      t.database.db
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', user.id)
        .where('revoked_at', 'is', null)
        .execute();
    expect(await sessionsOf()).toEqual([]);

    const { options } = await signInOptions();
    const { body } = await call(t.app, api.passkeySignIn, { response: phone.get(options) });
    expect(body).toEqual({
      code: MainCode.Fail,
      msg: 'This account was banned: Selling cheats',
      data: null,
      reason: 'errors.account_banned',
    });
    expect(await sessionsOf()).toEqual([]);

    await ok(
      endpoints.sanctions.modSanctionLift,
      { user_id: user.id, reason: 'Appeal heard' },
      { token: admin.token },
    );
    const again = await signInOptions();
    const session = await ok<Session>(api.passkeySignIn, { response: phone.get(again.options) });
    expect(session.user.id).toBe(user.id);
  });

  it('finishes a password log-in that answered a second step', async () => {
    const owner = await memberWithPasskey();
    await t.database.db
      .updateTable('users')
      .set({ password_hash: await hashPassword('correct horse') })
      .where('id', '=', owner.user.id)
      .execute();
    const login = await ok<{ second_step?: { ticket: string; methods: string[] } }>(auth.login, {
      username: owner.user.username,
      password: 'correct horse',
    });
    expect(login.second_step?.methods).toContain('passkey');
    const ticket = login.second_step!.ticket;
    const { options } = await signInOptions(ticket);
    const session = await ok<Session>(api.passkeySignIn, { response: owner.phone.get(options), ticket });
    expect(session.user.id).toBe(owner.user.id);
  });
});

describe('answers that do not count', () => {
  it('refuses an answer made for another challenge, purpose or member', async () => {
    const a = await memberWithPasskey();
    const b = await memberWithPasskey();

    // Made for a's fresh proof, sent as a sign-in.
    const proof = await ok<{ options: RequestOptions }>(api.passkeyProofOptions, {}, { token: a.token });
    expect(await refused(api.passkeySignIn, { response: a.phone.get(proof.options) })).toBe(
      'errors.passkey_expired',
    );

    // Made for a's proof, sent as b's.
    const again = await ok<{ options: RequestOptions }>(api.passkeyProofOptions, {}, { token: a.token });
    expect(
      await refused(api.passkeyProof, { response: b.phone.get(again.options) }, { token: b.token }),
    ).toBe('errors.passkey_expired');

    // a's registration options answered by b.
    const creation = await ok<{ options: CreationOptions }>(
      api.passkeyRegisterOptions,
      {},
      { token: a.token },
    );
    const laptop = softAuthenticator({ origin: ORIGIN });
    expect(
      await refused(
        api.passkeyRegister,
        { response: laptop.create(creation.options).response, name: 'x' },
        {
          token: b.token,
        },
      ),
    ).toBe('errors.passkey_expired');

    // Made for a's proof, answered as a's new passkey.
    const proofOnly = await ok<{ options: RequestOptions }>(api.passkeyProofOptions, {}, { token: a.token });
    const creationShape = await ok<{ options: CreationOptions }>(
      api.passkeyRegisterOptions,
      {},
      { token: a.token },
    );
    const forged = laptop.create({ ...creationShape.options, challenge: proofOnly.options.challenge });
    expect(
      await refused(api.passkeyRegister, { response: forged.response, name: 'x' }, { token: a.token }),
    ).toBe('errors.passkey_expired');

    // A challenge nobody issued.
    const { options } = await signInOptions();
    expect(
      await refused(api.passkeySignIn, {
        response: a.phone.get({ ...options, challenge: 'bm90LWlzc3VlZC1ieS11cw' }),
      }),
    ).toBe('errors.passkey_expired');

    // A passwordless challenge is not a second step's.
    const ticket = (await t.services.twoStep.challengeFor(a.user.id))!.ticket;
    const plain = await signInOptions();
    expect(await refused(api.passkeySignIn, { response: a.phone.get(plain.options), ticket })).toBe(
      'errors.passkey_expired',
    );
    expect(await listOf(a.token)).toMatchObject([{ last_used_at: null }]);
  });

  it('refuses a replayed answer', async () => {
    const { phone } = await memberWithPasskey();
    const { options } = await signInOptions();
    const response = phone.get(options);
    await ok(api.passkeySignIn, { response });
    expect(await refused(api.passkeySignIn, { response })).toBe('errors.passkey_expired');
  });

  it('refuses an expired challenge', async () => {
    const { phone } = await memberWithPasskey();
    const { options } = await signInOptions();
    t.clock.advance(5 * 60_000 + 1);
    expect(await refused(api.passkeySignIn, { response: phone.get(options) })).toBe('errors.passkey_expired');
  });

  it('refuses a bad signature, another origin, a counter gone backwards and an unknown credential, changing nothing', async () => {
    const { token, phone } = await memberWithPasskey();
    const before = await listOf(token);

    const tampered = await signInOptions();
    expect(
      await refused(api.passkeySignIn, {
        response: phone.get(tampered.options, undefined, { tamper: true }),
      }),
    ).toBe('errors.passkey_failed');
    const elsewhere = await signInOptions();
    expect(
      await refused(api.passkeySignIn, {
        response: phone.get(elsewhere.options, undefined, { origin: 'https://pixelhall.test.evil.example' }),
      }),
    ).toBe('errors.passkey_failed');
    const otherRp = await signInOptions();
    expect(
      await refused(api.passkeySignIn, { response: phone.get({ ...otherRp.options, rpId: 'evil.example' }) }),
    ).toBe('errors.passkey_failed');

    // Counter 5 accepted, then an answer with 3: a cloned authenticator.
    const forward = await signInOptions();
    await ok(api.passkeySignIn, { response: phone.get(forward.options, undefined, { counter: 5 }) });
    const backward = await signInOptions();
    expect(
      await refused(api.passkeySignIn, { response: phone.get(backward.options, undefined, { counter: 3 }) }),
    ).toBe('errors.passkey_failed');
    const row = await t.database.db
      .selectFrom('passkeys')
      .select('counter')
      .where('credential_id', '=', phone.credentials[0]!.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.counter)).toBe(5);

    const stranger = softAuthenticator({ origin: ORIGIN });
    stranger.create({ challenge: 'x', rp: { id: RP_ID }, user: { id: 'eA' } });
    const unknown = await signInOptions();
    expect(await refused(api.passkeySignIn, { response: stranger.get(unknown.options) })).toBe(
      'errors.passkey_unknown',
    );
    expect((await listOf(token)).map((p) => p.id)).toEqual(before.map((p) => p.id));
  });

  it('answers a malformed answer with a readable message, never a server error', async () => {
    const { options } = await signInOptions();
    for (const response of [
      null,
      'nope',
      {},
      { id: 'abc', rawId: 'abc', type: 'public-key', response: {}, clientExtensionResults: {} },
      {
        id: 'abc',
        rawId: 'abc',
        type: 'public-key',
        response: { clientDataJSON: 'not base64!', authenticatorData: 'AA', signature: 'AA' },
        clientExtensionResults: {},
      },
      {
        id: 'abc',
        rawId: 'abc',
        type: 'public-key',
        response: {
          clientDataJSON: Buffer.from('{"challenge":').toString('base64url'),
          authenticatorData: 'AA',
          signature: 'AA',
        },
        clientExtensionResults: {},
      },
    ]) {
      expect(await refused(api.passkeySignIn, { response })).toBe('errors.passkey_failed');
    }
    expect(options.challenge).toBeTruthy();
  });
});

describe('the relying party from the request when none is configured', () => {
  let local: TestApp;
  beforeAll(async () => {
    local = await buildTestApp();
  });
  afterAll(() => local.close());

  it('binds passkeys to the host the page was served from (npm start on localhost)', async () => {
    const origin = 'http://localhost:8080';
    const headers = { host: 'localhost:8080' };
    const member = await local.make.member();
    const phone = softAuthenticator({ origin });
    const { body } = await call(local.app, api.passkeyRegisterOptions, {}, { token: member.token, headers });
    const { options } = body.data as { options: CreationOptions };
    expect(options.rp.id).toBe('localhost');
    const added = await call(
      local.app,
      api.passkeyRegister,
      { response: phone.create(options).response, name: 'Dev' },
      { token: member.token, headers },
    );
    expect(added.body.code, JSON.stringify(added.body)).toBe(MainCode.Success);

    const signIn = await call(local.app, api.passkeySignInOptions, {}, { headers });
    const request = (signIn.body.data as { options: RequestOptions }).options;
    // The same answer from a page on another port is another origin.
    const wrong = await call(
      local.app,
      api.passkeySignIn,
      { response: phone.get(request, undefined, { origin: 'http://localhost:9999' }) },
      { headers },
    );
    expect(wrong.body.reason).toBe('errors.passkey_failed');
    const again = await call(local.app, api.passkeySignInOptions, {}, { headers });
    const session = await call(
      local.app,
      api.passkeySignIn,
      { response: phone.get((again.body.data as { options: RequestOptions }).options) },
      { headers },
    );
    expect(session.body.code, JSON.stringify(session.body)).toBe(MainCode.Success);
  });
});

describe('the relying party in the configuration', () => {
  const webauthn = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env }).webauthn;

  it('takes WEBAUTHN_RP_ID and WEBAUTHN_ORIGINS, else PUBLIC_URL with a domain name, else the request', () => {
    expect(
      webauthn({
        WEBAUTHN_RP_ID: 'Example.org',
        WEBAUTHN_ORIGINS:
          'https://app.example.org, https://example.org/ android:apk-key-hash:AbCdEfGhIjKlMnOpQrStUvWx',
      }),
    ).toEqual({
      rpId: 'example.org',
      origins: [
        'https://app.example.org',
        'https://example.org',
        'android:apk-key-hash:AbCdEfGhIjKlMnOpQrStUvWx',
      ],
      rpName: 'Pixelhall',
    });
    expect(webauthn({ PUBLIC_URL: 'https://pixelhall.example.org/' })).toMatchObject({
      rpId: 'pixelhall.example.org',
      origins: ['https://pixelhall.example.org'],
    });
    // An IP address is no RP ID: the request's own host stands in, as with nothing set.
    expect(webauthn({ PUBLIC_URL: 'http://127.0.0.1:8080' })).toMatchObject({ rpId: null, origins: null });
    expect(webauthn({})).toMatchObject({ rpId: null, origins: null });
  });

  it('refuses an origin outside the RP ID, a plain-http origin elsewhere than localhost and an IP RP ID', () => {
    expect(() =>
      webauthn({ WEBAUTHN_RP_ID: 'example.org', WEBAUTHN_ORIGINS: 'https://example.net' }),
    ).toThrow(ConfigError);
    expect(() => webauthn({ WEBAUTHN_ORIGINS: 'http://example.org' })).toThrow(ConfigError);
    expect(() => webauthn({ WEBAUTHN_RP_ID: '10.0.0.1' })).toThrow(ConfigError);
    expect(
      webauthn({ WEBAUTHN_RP_ID: 'localhost', WEBAUTHN_ORIGINS: 'http://localhost:5173' }),
    ).toMatchObject({
      origins: ['http://localhost:5173'],
    });
  });
});
