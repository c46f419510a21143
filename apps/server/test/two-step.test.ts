import { endpoints, MainCode } from '@pixelhall/contract';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recoveryCodeHasher, secretBox } from '../src/features/two-step/crypto';
import { FRESH_PROOF_MS } from '../src/features/two-step/fresh-proof';
import { TWO_STEP_LIMITS } from '../src/features/two-step/service';
import { translator } from '../src/i18n';
import { buildTestApp, type CallOptions, call, type TestApp } from './helper';
import { type SigningKey, signIdToken, signingKey, startKeyServer } from './support/oidc';

const { register, login, resetEditPwd, thirdAuth } = endpoints.auth;
const {
  twoStepStatus,
  totpSetup,
  totpEnable,
  totpDisable,
  recoveryRegenerate,
  secondStepVerify,
  freshProofGive,
} = endpoints.twoStep;
const getUser = endpoints.users.getUser;
const en = translator('en-US');
const STEP = 30_000;

let t: TestApp;
let keys: Awaited<ReturnType<typeof startKeyServer>>;
let providerKey: SigningKey;

beforeAll(async () => {
  providerKey = await signingKey('two-step-1');
  keys = await startKeyServer({ '/jwks': [providerKey as SigningKey & { publicJwk: object }] });
  t = await buildTestApp({
    config: {
      trustProxy: true,
      oidcProviders: [
        {
          id: 'pixelid',
          name: 'PixelID',
          issuer: keys.issuer,
          client_id: 'pixelhall-web',
          audiences: [],
          scopes: 'openid email profile',
        },
      ],
    },
  });
});
afterAll(async () => {
  await t.close();
  await keys.close();
});

let sequence = 0;
/** A fresh client address, so one test's guesses never count against another's. */
const from = (extra: CallOptions = {}): CallOptions => {
  sequence += 1;
  return { ...extra, headers: { 'x-forwarded-for': `10.27.${sequence >> 8}.${sequence & 255}` } };
};

interface Session {
  token: string;
  user: { id: number; username: string; nickname: string };
}
interface SecondStepAnswer {
  second_step: { ticket: string; methods: string[] };
}

const refusal = (key: Parameters<typeof en>[0]) => ({ code: 0, msg: en(key), data: null, reason: key });

/** The code an authenticator app shows at `at` (the app's clock, which the tests move). */
const codeAt = (secret: string, at: number) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at, period: 30 });

async function signUp(username: string) {
  const password = `${username}-password`;
  const { body } = await call(
    t.app,
    register,
    { username, email: `${username}@example.org`, password },
    from(),
  );
  expect(body.code).toBe(MainCode.Success);
  return { ...(body.data as Session), password };
}

/** A member with an authenticator app on: its secret, and the recovery codes it was given. */
async function withTotp(username: string) {
  const member = await signUp(username);
  const setup = await call(t.app, totpSetup, {}, { token: member.token });
  expect(setup.body.code).toBe(MainCode.Success);
  const { secret } = setup.body.data as { secret: string };
  const enabled = await call(
    t.app,
    totpEnable,
    { code: codeAt(secret, t.clock.now) },
    from({ token: member.token }),
  );
  expect(enabled.body.code).toBe(MainCode.Success);
  const { recovery_codes } = enabled.body.data as { recovery_codes: string[] };
  // The next code is of a later step than the one enable took.
  t.clock.advance(STEP);
  return { ...member, secret, recoveryCodes: recovery_codes };
}

async function passwordLogin(username: string, password: string, options: CallOptions = from()) {
  const { status, body } = await call(t.app, login, { username, password }, options);
  expect(status).toBe(200);
  return body;
}

async function ticketFor(username: string, password: string) {
  const body = await passwordLogin(username, password);
  expect(body.code).toBe(MainCode.Success);
  return (body.data as SecondStepAnswer).second_step.ticket;
}

const status = async (token: string) => (await call(t.app, twoStepStatus, {}, { token })).body.data;
const sessionCount = async (userId: number) =>
  Number(
    (
      await t.database.db
        .selectFrom('sessions')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('setting up an authenticator app', () => {
  it('shows the secret, its otpauth URI and QR code, and stores the secret encrypted', async () => {
    const member = await signUp('alba');
    expect(await status(member.token)).toEqual({ totp: false, recovery_codes_left: 0, passkeys: 0 });
    const byGet = await call(t.app, twoStepStatus, {}, { token: member.token, method: 'GET' });
    expect(byGet.body.data).toEqual({ totp: false, recovery_codes_left: 0, passkeys: 0 });

    const { body } = await call(t.app, totpSetup, {}, { token: member.token });
    expect(body.code).toBe(MainCode.Success);
    const data = body.data as { secret: string; uri: string; qr: string };
    expect(data.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(data.uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Pixelhall:alba');
    expect(uri.searchParams.get('issuer')).toBe('Pixelhall');
    expect(uri.searchParams.get('secret')).toBe(data.secret);
    expect(data.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(data.qr.split(',')[1]!, 'base64').toString()).toContain('<svg');

    const row = await t.database.db
      .selectFrom('totp_secrets')
      .selectAll()
      .where('user_id', '=', member.user.id)
      .executeTakeFirstOrThrow();
    expect(row.enabled_at).toBeNull();
    expect(row.secret_enc).not.toContain(data.secret);
    expect(secretBox(t.config.secretsKey).open(member.user.id, row.secret_enc)).toBe(data.secret);
    // Under another key, or moved to another member's row, it does not open.
    expect(() => secretBox(Buffer.alloc(32, 7)).open(member.user.id, row.secret_enc)).toThrow();
    expect(() => secretBox(t.config.secretsKey).open(member.user.id + 1, row.secret_enc)).toThrow();
    // Nothing is on until a code confirms it.
    expect(await status(member.token)).toEqual({ totp: false, recovery_codes_left: 0, passkeys: 0 });
  });

  it('turns on with a current code only, and hands out ten recovery codes stored hashed', async () => {
    const member = await signUp('bruno');
    const { secret } = (await call(t.app, totpSetup, {}, { token: member.token })).body.data as {
      secret: string;
    };

    const wrongCode = String((Number(codeAt(secret, t.clock.now)) + 1) % 1_000_000).padStart(6, '0');
    expect((await call(t.app, totpEnable, { code: wrongCode }, from({ token: member.token }))).body).toEqual(
      refusal('errors.totp_wrong'),
    );
    // A code of two steps ago is beyond the drift allowed.
    const stale = codeAt(secret, t.clock.now - 2 * STEP);
    expect((await call(t.app, totpEnable, { code: stale }, from({ token: member.token }))).body).toEqual(
      refusal('errors.totp_wrong'),
    );
    expect(await status(member.token)).toEqual({ totp: false, recovery_codes_left: 0, passkeys: 0 });

    const { body } = await call(
      t.app,
      totpEnable,
      { code: codeAt(secret, t.clock.now) },
      from({ token: member.token }),
    );
    expect(body).toMatchObject({ code: MainCode.Success, msg: en('auth.totp_enabled') });
    const codes = (body.data as { recovery_codes: string[] }).recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    expect(await status(member.token)).toEqual({ totp: true, recovery_codes_left: 10, passkeys: 0 });

    const stored = await t.database.db
      .selectFrom('recovery_codes')
      .select('code_hash')
      .where('user_id', '=', member.user.id)
      .execute();
    const hash = recoveryCodeHasher(t.config.secretsKey);
    expect(stored.map((r) => r.code_hash).sort()).toEqual(codes.map((c) => hash(c.replace('-', ''))).sort());
    for (const { code_hash } of stored)
      for (const code of codes) expect(code_hash).not.toContain(code.slice(0, 5));

    // On already: another set-up, or the same enable again, is refused.
    expect((await call(t.app, totpSetup, {}, { token: member.token })).body).toEqual(
      refusal('errors.totp_already_on'),
    );
    expect(
      (await call(t.app, totpEnable, { code: codeAt(secret, t.clock.now) }, from({ token: member.token })))
        .body,
    ).toEqual(refusal('errors.totp_already_on'));
  });

  it('refuses enable without a set-up, a visitor, and malformed codes, plainly', async () => {
    const member = await signUp('carla');
    expect((await call(t.app, totpEnable, { code: '123456' }, from({ token: member.token }))).body).toEqual(
      refusal('errors.totp_not_set_up'),
    );
    for (const [code, key] of [
      ['12345', 'validation.totp_code_format'],
      ['abcdef', 'validation.totp_code_format'],
      ['', 'validation.code_required'],
      ['1'.repeat(500), 'validation.totp_code_format'],
    ] as const) {
      const { status: httpStatus, body } = await call(t.app, totpEnable, { code }, { token: member.token });
      expect(httpStatus).toBe(200);
      expect(body).toMatchObject({ code: 0, reason: key });
    }
    // Spaces, as apps show the code, are forgiven: this one is only wrong because nothing waits.
    expect((await call(t.app, totpEnable, { code: '123 456' }, { token: member.token })).body).toEqual(
      refusal('errors.totp_not_set_up'),
    );

    const visitor = (await call(t.app, endpoints.auth.tourist, {}, from())).body.data as Session;
    expect((await call(t.app, totpSetup, {}, { token: visitor.token })).body).toEqual(
      refusal('errors.tourist_forbidden'),
    );
    expect((await call(t.app, twoStepStatus, {})).body).toMatchObject({ reason: 'errors.not_logged_in' });
  });

  it('refuses a replayed code and allows one step of drift either way', async () => {
    const member = await withTotp('dario');
    const now = t.clock.now;
    // The code enable took (a step ago, within the drift) is refused as replayed, not as wrong.
    const proofWith = (code: string) => call(t.app, freshProofGive, { code }, from({ token: member.token }));
    expect((await proofWith(codeAt(member.secret, now - STEP))).body).toEqual(
      refusal('errors.totp_replayed'),
    );

    t.clock.advance(2 * STEP);
    const later = t.clock.now;
    // The step before now, by a phone running slow.
    expect((await proofWith(codeAt(member.secret, later - STEP))).body.code).toBe(MainCode.Success);
    expect((await proofWith(codeAt(member.secret, later - STEP))).body).toEqual(
      refusal('errors.totp_replayed'),
    );
    // The step after now, by a phone running fast; then now's code is older than the last taken.
    expect((await proofWith(codeAt(member.secret, later + STEP))).body.code).toBe(MainCode.Success);
    expect((await proofWith(codeAt(member.secret, later))).body).toEqual(refusal('errors.totp_replayed'));
    // Two steps ahead is too far.
    expect((await proofWith(codeAt(member.secret, later + 2 * STEP))).body).toEqual(
      refusal('errors.totp_wrong'),
    );
  });
});

describe('signing in with a second step', () => {
  it('answers a ticket and no session after the password, and the session after the code', async () => {
    const member = await withTotp('elena');
    const sessionsBefore = await sessionCount(member.user.id);
    const body = await passwordLogin('elena', member.password);
    expect(body).toMatchObject({ code: MainCode.Success, msg: en('auth.second_step_needed') });
    const { second_step } = body.data as SecondStepAnswer;
    expect(body.data).not.toHaveProperty('token');
    expect(second_step.methods).toEqual(['totp', 'recovery']);
    expect(second_step.ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await sessionCount(member.user.id)).toBe(sessionsBefore);
    // Stored hashed.
    const tickets = await t.database.db
      .selectFrom('second_step_tickets')
      .select('ticket_hash')
      .where('user_id', '=', member.user.id)
      .execute();
    expect(tickets.map((r) => r.ticket_hash)).not.toContain(second_step.ticket);

    // A wrong password still reads as before, with no ticket.
    expect((await passwordLogin('elena', 'not the password')).reason).toBe('errors.wrong_credentials');

    const verified = await call(
      t.app,
      secondStepVerify,
      { ticket: second_step.ticket, code: codeAt(member.secret, t.clock.now) },
      from(),
    );
    expect(verified.body).toMatchObject({
      code: MainCode.Success,
      msg: en('auth.welcome_back', { name: 'elena' }),
    });
    const session = verified.body.data as Session;
    expect(session.user.id).toBe(member.user.id);
    expect((await call(t.app, getUser, {}, { token: session.token })).body.code).toBe(MainCode.Success);
    expect(await sessionCount(member.user.id)).toBe(sessionsBefore + 1);

    // The ticket was single use.
    t.clock.advance(STEP);
    expect(
      (
        await call(
          t.app,
          secondStepVerify,
          { ticket: second_step.ticket, code: codeAt(member.secret, t.clock.now) },
          from(),
        )
      ).body,
    ).toEqual(refusal('errors.second_step_expired'));
  });

  it('takes a recovery code once, in any case and with or without its dash', async () => {
    const member = await withTotp('fabio');
    const [first, second] = member.recoveryCodes as [string, string];
    const ticket = await ticketFor('fabio', member.password);
    const { body } = await call(
      t.app,
      secondStepVerify,
      { ticket, recovery_code: ` ${first.toUpperCase()} ` },
      from(),
    );
    expect(body).toMatchObject({
      code: MainCode.Success,
      msg: en('auth.recovery_code_spent', { name: 'fabio', count: 9 }),
    });
    expect((body.data as Session).user.id).toBe(member.user.id);
    expect(await status(member.token)).toMatchObject({ recovery_codes_left: 9 });

    const again = await ticketFor('fabio', member.password);
    expect(
      (await call(t.app, secondStepVerify, { ticket: again, recovery_code: first }, from())).body,
    ).toEqual(refusal('errors.recovery_code_used'));
    // The refusal spent neither the ticket nor another code.
    const other = await call(
      t.app,
      secondStepVerify,
      { ticket: again, recovery_code: second.replace('-', '') },
      from(),
    );
    expect(other.body.code).toBe(MainCode.Success);
    expect(await status(member.token)).toMatchObject({ recovery_codes_left: 8 });

    const third = await ticketFor('fabio', member.password);
    expect(
      (await call(t.app, secondStepVerify, { ticket: third, recovery_code: 'aaaaa-aaaaa' }, from())).body,
    ).toEqual(refusal('errors.recovery_code_wrong'));
  });

  it('lets a ticket expire after ten minutes', async () => {
    const member = await withTotp('gaia');
    const ticket = await ticketFor('gaia', member.password);
    t.clock.advance(TWO_STEP_LIMITS.ticketMs);
    const { body } = await call(
      t.app,
      secondStepVerify,
      { ticket, code: codeAt(member.secret, t.clock.now) },
      from(),
    );
    expect(body).toEqual(refusal('errors.second_step_expired'));
  });

  it('ends a ticket after five wrong codes, and caps a member’s wrong codes across tickets', async () => {
    const member = await withTotp('hugo');
    const wrong = String((Number(codeAt(member.secret, t.clock.now)) + 500_000) % 1_000_000).padStart(6, '0');
    const ticket = await ticketFor('hugo', member.password);
    const guess = (tk: string, code: string) => call(t.app, secondStepVerify, { ticket: tk, code }, from());
    for (let i = 1; i < TWO_STEP_LIMITS.ticketFailures; i += 1) {
      expect((await guess(ticket, wrong)).body).toEqual(refusal('errors.totp_wrong'));
    }
    expect((await guess(ticket, wrong)).body).toEqual(refusal('errors.second_step_expired'));
    // Even the right code cannot revive it.
    expect((await guess(ticket, codeAt(member.secret, t.clock.now))).body).toEqual(
      refusal('errors.second_step_expired'),
    );

    // Five more on a new ticket reach the member's cap: then even a right code waits.
    const next = await ticketFor('hugo', member.password);
    for (let i = 0; i < TWO_STEP_LIMITS.failuresPerMember.max - TWO_STEP_LIMITS.ticketFailures; i += 1) {
      await guess(next, wrong);
    }
    const third = await ticketFor('hugo', member.password);
    const limited = await call(
      t.app,
      secondStepVerify,
      { ticket: third, code: codeAt(member.secret, t.clock.now) },
      from(),
    );
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 0, reason: 'errors.too_many_requests' });

    // Once the window has passed, the right code signs in.
    t.clock.advance(TWO_STEP_LIMITS.failuresPerMember.windowMs);
    const fresh = await ticketFor('hugo', member.password);
    const ok = await call(
      t.app,
      secondStepVerify,
      { ticket: fresh, code: codeAt(member.secret, t.clock.now) },
      from(),
    );
    expect(ok.body.code).toBe(MainCode.Success);
  });

  it('refuses a malformed verify plainly and changes nothing', async () => {
    const member = await withTotp('ines');
    const ticket = await ticketFor('ines', member.password);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ticket }, 'validation.second_step_answer'],
      [{ ticket, code: '123456', recovery_code: 'abcde-fgh23' }, 'validation.second_step_answer'],
      [{ ticket, recovery_code: 'abc' }, 'validation.recovery_code_format'],
      [{ ticket: 'short', code: '123456' }, 'errors.second_step_expired'],
      [{ code: '123456' }, 'errors.second_step_expired'],
      [{ ticket: 42, code: '123456' }, 'errors.second_step_expired'],
    ];
    for (const [payload, reason] of cases) {
      const { status: httpStatus, body } = await call(t.app, secondStepVerify, payload, from());
      expect(httpStatus).toBe(200);
      expect(body).toMatchObject({ code: 0, reason });
    }
    // An unknown ticket of the right shape.
    expect(
      (await call(t.app, secondStepVerify, { ticket: 'x'.repeat(43), code: '123456' }, from())).body,
    ).toEqual(refusal('errors.second_step_expired'));
    // The real ticket took none of it.
    const ok = await call(
      t.app,
      secondStepVerify,
      { ticket, code: codeAt(member.secret, t.clock.now) },
      from(),
    );
    expect(ok.body.code).toBe(MainCode.Success);
  });

  it('asks a member with an authenticator app for it after a provider’s sign-in too', async () => {
    const member = await withTotp('joana');
    await t.database.db
      .insertInto('identities')
      .values({
        user_id: member.user.id,
        provider: 'pixelid',
        subject: 'joana-1',
        email: null,
        created_at: t.clock.now,
      })
      .execute();
    const idToken = await signIdToken(
      providerKey,
      { sub: 'joana-1', name: 'Joana' },
      { issuer: keys.issuer, audience: 'pixelhall-web' },
    );
    const sessionsBefore = await sessionCount(member.user.id);
    const { body } = await call(t.app, thirdAuth, { idToken, fromApp: 'pixelid' }, from());
    expect(body).toMatchObject({ code: MainCode.Success, msg: en('auth.second_step_needed') });
    expect(body.data).not.toHaveProperty('token');
    const { second_step } = body.data as SecondStepAnswer;
    expect(await sessionCount(member.user.id)).toBe(sessionsBefore);

    const verified = await call(
      t.app,
      secondStepVerify,
      { ticket: second_step.ticket, code: codeAt(member.secret, t.clock.now) },
      from(),
    );
    expect((verified.body.data as Session).user.id).toBe(member.user.id);

    // A member without a second step still signs straight in.
    const plain = await signIdToken(
      providerKey,
      { sub: 'someone-new', name: 'New' },
      { issuer: keys.issuer, audience: 'pixelhall-web' },
    );
    const direct = await call(t.app, thirdAuth, { idToken: plain, fromApp: 'pixelid' }, from());
    expect(direct.body.data).toHaveProperty('token');
  });
});

describe('fresh proof', () => {
  it('guards turning the app off and new recovery codes until the session proves itself', async () => {
    const member = await withTotp('karl');
    t.clock.advance(FRESH_PROOF_MS);
    const token = member.token;
    expect((await call(t.app, totpDisable, {}, { token })).body).toEqual(
      refusal('errors.fresh_proof_needed'),
    );
    expect((await call(t.app, recoveryRegenerate, {}, { token })).body).toEqual(
      refusal('errors.fresh_proof_needed'),
    );
    expect((await call(t.app, totpSetup, {}, { token })).body).toEqual(refusal('errors.fresh_proof_needed'));
    expect(await status(token)).toMatchObject({ totp: true, recovery_codes_left: 10 });

    // A wrong password proves nothing.
    expect((await call(t.app, freshProofGive, { password: 'wrong' }, from({ token }))).body).toEqual(
      refusal('errors.wrong_password'),
    );
    expect((await call(t.app, recoveryRegenerate, {}, { token })).body).toEqual(
      refusal('errors.fresh_proof_needed'),
    );

    // A recovery code does.
    const proof = await call(
      t.app,
      freshProofGive,
      { recovery_code: member.recoveryCodes[0] },
      from({ token }),
    );
    expect(proof.body).toMatchObject({ code: MainCode.Success, msg: en('auth.proof_given') });
    const renewed = await call(t.app, recoveryRegenerate, {}, { token });
    expect(renewed.body).toMatchObject({ code: MainCode.Success, msg: en('auth.recovery_codes_renewed') });
    const fresh = (renewed.body.data as { recovery_codes: string[] }).recovery_codes;
    expect(fresh).toHaveLength(10);
    expect(await status(token)).toMatchObject({ recovery_codes_left: 10 });

    // The old codes died with the renewal.
    const ticket = await ticketFor('karl', member.password);
    expect(
      (await call(t.app, secondStepVerify, { ticket, recovery_code: member.recoveryCodes[1] }, from())).body,
    ).toEqual(refusal('errors.recovery_code_wrong'));

    // Ten minutes later the proof is stale again; a code renews it, and the app goes off.
    t.clock.advance(FRESH_PROOF_MS);
    expect((await call(t.app, totpDisable, {}, { token })).body).toEqual(
      refusal('errors.fresh_proof_needed'),
    );
    const byCode = await call(
      t.app,
      freshProofGive,
      { code: codeAt(member.secret, t.clock.now) },
      from({ token }),
    );
    expect(byCode.body.code).toBe(MainCode.Success);
    const off = await call(t.app, totpDisable, {}, { token });
    expect(off.body).toMatchObject({ code: MainCode.Success, msg: en('auth.totp_disabled') });
    // With no second step left, recovery codes go too, and the password alone signs in again.
    expect(await status(token)).toEqual({ totp: false, recovery_codes_left: 0, passkeys: 0 });
    expect((await passwordLogin('karl', member.password)).data).toHaveProperty('token');
    expect((await call(t.app, recoveryRegenerate, {}, { token })).body).toEqual(
      refusal('errors.second_step_off'),
    );
    expect((await call(t.app, totpDisable, {}, { token })).body).toEqual(refusal('errors.totp_off'));
  });

  it('counts a sign-in and a right old password on a password change as a proof', async () => {
    const member = await signUp('lena');
    // A session that has just begun is fresh.
    expect((await call(t.app, totpSetup, {}, { token: member.token })).body.code).toBe(MainCode.Success);
    t.clock.advance(FRESH_PROOF_MS);
    expect((await call(t.app, totpSetup, {}, { token: member.token })).body).toEqual(
      refusal('errors.fresh_proof_needed'),
    );
    const changed = await call(
      t.app,
      resetEditPwd,
      { old_password: member.password, password: 'a brand new password' },
      { token: member.token },
    );
    expect(changed.body.code).toBe(MainCode.Success);
    expect((await call(t.app, totpSetup, {}, { token: member.token })).body.code).toBe(MainCode.Success);
  });

  it('refuses a proof by code when no app is on, and by password when there is none', async () => {
    const member = await signUp('mario');
    expect(
      (await call(t.app, freshProofGive, { code: '123456' }, from({ token: member.token }))).body,
    ).toEqual(refusal('errors.totp_off'));
    const visitor = (await call(t.app, endpoints.auth.tourist, {}, from())).body.data as Session;
    expect(
      (await call(t.app, freshProofGive, { password: 'anything' }, from({ token: visitor.token }))).body,
    ).toEqual(refusal('errors.no_password'));
    expect(
      (await call(t.app, freshProofGive, { password: 'x', code: '123456' }, from({ token: member.token })))
        .body,
    ).toMatchObject({ reason: 'validation.second_step_answer' });
  });
});
