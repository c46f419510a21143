import { endpoints, MainCode } from '@pixelhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '../src/features/accounts/login-guard';
import { LIMITS } from '../src/features/accounts/service';
import { buildTestApp, type CallOptions, call, TEST_ORIGIN, type TestApp } from './helper';
import { type Mailbox, startMailbox } from './support/mail';
import { keyOfEnglish } from './support/reason';

const auth = endpoints.auth;
const getUser = endpoints.users.getUser;

let t: TestApp;
let mailbox: Mailbox;
beforeAll(async () => {
  mailbox = await startMailbox();
  // Behind a trusted proxy, each test can speak from its own address (X-Forwarded-For), so one
  // test's per-IP limits never spill into another's.
  t = await buildTestApp({ config: { trustProxy: true, smtpUrl: mailbox.url } });
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
});

let sequence = 0;
function newIp(): string {
  sequence += 1;
  return `10.${(sequence >> 16) & 255}.${(sequence >> 8) & 255}.${sequence & 255}`;
}
const fromIp = (ip: string, options: CallOptions = {}): CallOptions => ({
  ...options,
  headers: { ...options.headers, 'x-forwarded-for': ip },
});
const fresh = (options: CallOptions = {}) => fromIp(newIp(), options);

function credentials(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    username: `pat${sequence}`,
    email: `pat${sequence}@example.org`,
    password: 'correct horse',
    ...overrides,
  };
}

interface Session {
  token: string;
  user: Record<string, unknown> & { id: number; username: string; nickname: string };
}

async function register(overrides: Record<string, unknown> = {}) {
  const payload = credentials(overrides);
  const { body } = await call(t.app, auth.register, payload, fresh());
  expect(body.code).toBe(1);
  return { ...(body.data as Session), payload };
}

/** A member whose address is proven with the code mailed to it: log-in by e-mail needs that. */
async function registerProven(overrides: Record<string, unknown> = {}) {
  const since = mailbox.received.length;
  const member = await register(overrides);
  const address = member.payload.email.trim().toLowerCase();
  const mail = await mailbox.find((m) => m.to.includes(address), since);
  const code = /\?code=([A-Z2-9]{8})\b/.exec(mail.text)![1]!;
  const { body } = await call(t.app, auth.verifyEmail, { code }, { token: member.token });
  expect(body.code).toBe(1);
  return { ...member, user: (body.data as { user: Session['user'] }).user };
}

async function tourist() {
  const { body } = await call(t.app, auth.tourist, {}, fresh());
  expect(body.code).toBe(1);
  return body.data as Session;
}

const login = (username: string, password: string, options: CallOptions = fresh()) =>
  call(t.app, auth.login, { username, password }, options);

const whoAmI = async (token: string) => (await call(t.app, getUser, {}, { token })).body;

/** The validation messages each credentials form shows, field by field (docs/product/limits-and-errors.md#validation-messages). */
const CREDENTIAL_RULES: [string, Record<string, unknown>, string][] = [
  ['an empty user name', { username: '' }, 'Please enter your user name'],
  ['a blank user name', { username: '   ' }, 'Please enter your user name'],
  ['no user name', { username: undefined }, 'Please enter your user name'],
  [
    'a user name with spaces',
    { username: 'pat smith' },
    'User names are 3 to 20 letters, digits, dots, dashes or underscores',
  ],
  [
    'a short user name',
    { username: 'pa' },
    'User names are 3 to 20 letters, digits, dots, dashes or underscores',
  ],
  ['an empty e-mail', { email: '' }, 'Please enter your email address'],
  ['no e-mail', { email: undefined }, 'Please enter your email address'],
  ['a malformed e-mail', { email: 'pat@example' }, 'The email format is incorrect'],
  ['an empty password', { password: '' }, 'Please enter your password'],
  ['no password', { password: undefined }, 'Please enter your password'],
  ['a 7-character password', { password: 'seven77' }, 'The password must contain at least eight characters'],
];

describe('register', () => {
  it('creates a member, signs them in and stores only an Argon2id hash', async () => {
    const payload = credentials({ username: 'AdaPixel', email: '  Ada.Pixel@Example.ORG ' });
    const { status, body } = await call(t.app, auth.register, payload, fresh());
    expect(status).toBe(200);
    expect(body.code).toBe(1);
    expect(body.msg).toBe('Welcome to Pixelhall, AdaPixel!');
    const { token, user } = body.data as Session;
    expect(user).toMatchObject({
      username: 'AdaPixel',
      nickname: 'AdaPixel',
      // The address is the member's once the mailed code proves it (email-proof.test.ts).
      email: null,
      pending_email: 'ada.pixel@example.org',
      is_tourist: false,
      has_password: true,
      providers: [],
      level: 1,
      created_at: t.clock.now,
    });
    expect((await whoAmI(token)).data).toEqual(user);

    const row = await t.database.db
      .selectFrom('users')
      .select(['password_hash', 'email', 'pending_email'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain('correct horse');
    expect(row).toMatchObject({ email: null, pending_email: 'ada.pixel@example.org' });
  });

  it.each(CREDENTIAL_RULES)('refuses %s', async (_name, change, msg) => {
    const { status, body } = await call(t.app, auth.register, credentials(change), fresh());
    expect(status).toBe(200);
    expect(body).toEqual({ code: 0, msg, data: null, reason: keyOfEnglish(msg) });
  });

  it('refuses a user name taken in another case, never an e-mail address in use', async () => {
    const first = await registerProven({ username: 'Pixel_Pat', email: 'pixel.pat@example.org' });
    const sameName = await call(
      t.app,
      auth.register,
      credentials({ username: 'pixel_PAT', email: 'other.pat@example.org' }),
      fresh(),
    );
    expect(sameName.body).toEqual({
      code: 0,
      msg: 'This user name is already taken',
      data: null,
      reason: 'errors.username_taken',
    });
    const sameEmail = await call(
      t.app,
      auth.register,
      credentials({ email: 'Pixel.Pat@EXAMPLE.org' }),
      fresh(),
    );
    // Answered as any sign-up: whether an address has an account is told only to its mailbox.
    expect(sameEmail.body).toMatchObject({
      code: 1,
      msg: expect.stringMatching(/^Welcome to Pixelhall, pat\d+!$/),
    });
    expect((sameEmail.body.data as Session).user).toMatchObject({
      email: null,
      pending_email: 'pixel.pat@example.org',
    });
    expect((await whoAmI(first.token)).data).toMatchObject({ email: 'pixel.pat@example.org' });
  });

  it('lets exactly one of 20 concurrent sign-ups with one user name through', async () => {
    const attempts = Array.from({ length: 20 }, (_, i) =>
      call(t.app, auth.register, credentials({ username: i % 2 ? 'racer' : 'RACER' }), fresh()),
    );
    const results = await Promise.all(attempts);
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.body.code === 1)).toHaveLength(1);
    const refused = results.filter((r) => r.body.code !== 1);
    expect(refused).toHaveLength(19);
    for (const r of refused) expect(r.body.msg).toBe('This user name is already taken');
    const rows = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('username', 'in', ['racer', 'RACER'])
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('lets concurrent sign-ups with one e-mail address all through, none of them owning it yet', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(t.app, auth.register, credentials({ email: 'race@example.org' }), fresh()),
      ),
    );
    expect(results.map((r) => [r.status, r.body.code])).toEqual(Array(8).fill([200, 1]));
    const claims = await t.database.db
      .selectFrom('users')
      .select(['email', 'pending_email'])
      .where('pending_email', '=', 'race@example.org')
      .execute();
    expect(claims).toEqual(Array(8).fill({ email: null, pending_email: 'race@example.org' }));
  });

  it('limits sign-ups per IP address', async () => {
    const taken = await register();
    const ip = newIp();
    for (let i = 0; i < LIMITS.registerPerIp.max; i += 1) {
      // Attempts that fail count too (a taken name fails before any hashing, so this is quick).
      const { body } = await call(
        t.app,
        auth.register,
        credentials({ username: taken.payload.username }),
        fromIp(ip),
      );
      expect(body.msg).toBe('This user name is already taken');
    }
    const { status, body } = await call(t.app, auth.register, credentials(), fromIp(ip));
    expect(status).toBe(429);
    expect(body.msg).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
  });
});

describe('login', () => {
  it('accepts the user name or the proven e-mail address in any case', async () => {
    const { user, payload } = await registerProven({
      username: 'CaseyCart',
      email: 'casey.cart@example.org',
    });
    for (const name of ['caseycart', 'CASEYCART', 'Casey.Cart@Example.org', ' casey.cart@example.org ']) {
      const { body } = await login(name, payload.password);
      expect(body.code).toBe(1);
      expect(body.msg).toBe('Welcome back, CaseyCart');
      const session = body.data as Session;
      expect(session.user).toEqual(user);
      expect((await whoAmI(session.token)).code).toBe(1);
    }
  });

  it('answers a wrong password and an unknown account with the same words', async () => {
    const { payload } = await register();
    const wrongPassword = await login(payload.username, 'not the password');
    const unknownUser = await login('nobody-here', payload.password);
    const unknownEmail = await login('nobody@example.org', payload.password);
    expect(wrongPassword).toEqual({
      status: 200,
      body: {
        code: 0,
        msg: 'The user name or password is incorrect',
        data: null,
        reason: 'errors.wrong_credentials',
      },
    });
    expect(unknownUser).toEqual(wrongPassword);
    expect(unknownEmail).toEqual(wrongPassword);
  });

  it('never lets a visitor in with a password', async () => {
    const visitor = await tourist();
    for (const password of ['', 'anything at all']) {
      const { body } = await login(visitor.user.username, password);
      expect(body.code).toBe(0);
    }
    expect((await login(visitor.user.username, 'anything at all')).body.msg).toBe(
      'The user name or password is incorrect',
    );
  });

  it.each([
    ['an empty name', { username: '', password: 'correct horse' }, 'Please enter your user name'],
    ['a blank name', { username: '  ', password: 'correct horse' }, 'Please enter your user name'],
    ['no name', { password: 'correct horse' }, 'Please enter your user name'],
    ['an empty password', { username: 'pat', password: '' }, 'Please enter your password'],
    ['no password', { username: 'pat' }, 'Please enter your password'],
  ])('refuses %s', async (_name, payload, msg) => {
    expect((await call(t.app, auth.login, payload, fresh())).body).toEqual({
      code: 0,
      msg,
      data: null,
      reason: keyOfEnglish(msg),
    });
  });

  it('refuses an (account, address) pair after its failures, by name or e-mail, for a while', async () => {
    const { payload } = await registerProven();
    const { max, windowMs } = LOGIN_LIMITS.failuresPerAccountAndAddress;
    const guesser = newIp();
    for (let i = 0; i < max; i += 1) {
      const name = i % 2 ? payload.username.toUpperCase() : payload.email;
      const { body } = await login(name, `wrong guess ${i}`, fromIp(guesser));
      expect(body.msg).toBe('The user name or password is incorrect');
    }
    // That address now waits even with the right password, and the answer says for how long.
    const locked = await login(payload.username, payload.password, fromIp(guesser));
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({
      code: 0,
      msg: `Too many requests. Please try again in ${windowMs / 1000} seconds.`,
      data: null,
      reason: 'errors.too_many_requests',
    });
    const spanish = await login(payload.email, payload.password, fromIp(guesser, { locale: 'es-ES' }));
    expect(spanish.status).toBe(429);
    expect(spanish.body.msg).not.toBe(locked.body.msg);
    expect(spanish.body.msg).toContain(String(windowMs / 1000));

    // The member, from a clean address, still gets in: the guesser locks out only itself.
    expect((await login(payload.username, payload.password, fresh())).body.code).toBe(1);
    const other = await register();
    expect((await login(other.payload.username, other.payload.password, fromIp(guesser))).body.code).toBe(1);

    t.clock.advance(windowMs);
    expect((await login(payload.username, payload.password, fromIp(guesser))).body.code).toBe(1);
  });

  it('slows, never refuses, an account failed from many addresses; unknown names alike', async () => {
    const { payload } = await register();
    const { free } = LOGIN_LIMITS.accountSlowdown;
    const waited = t.sleeps.length;
    for (let i = 0; i < free + 5; i += 1) {
      const { status, body } = await login(payload.username, `spread guess ${i}`);
      expect(status).toBe(200);
      expect(body.msg).toBe('The user name or password is incorrect');
    }
    // Each answer past the free ones waited twice as long as the last, up to the cap.
    expect(t.sleeps.slice(waited)).toEqual([250, 500, 1000, 2000, 4000]);
    const member = await login(payload.username, payload.password);
    expect(member.body.code).toBe(1);
    expect(t.sleeps.slice(waited)).toEqual([250, 500, 1000, 2000, 4000, 4000]);

    // A name nobody has waits the same, so waiting tells nothing about who exists.
    const unknownWaited = t.sleeps.length;
    for (let i = 0; i < free + 2; i += 1) await login('nobody-by-this-name', `guess ${i}`);
    expect(t.sleeps.slice(unknownWaited)).toEqual([250, 500]);
  });

  it('never slows the member on an address they logged in from, whoever fails their log-ins elsewhere', async () => {
    const { payload } = await register();
    const [home, attacker, stranger] = [newIp(), newIp(), newIp()];
    expect((await login(payload.username, payload.password, fromIp(home))).body.code).toBe(1);

    const waited = t.sleeps.length;
    const answers: number[] = [];
    for (let i = 0; i < 50; i += 1) {
      answers.push((await login(payload.username, `guess ${i}`, fromIp(attacker))).status);
    }
    // The attacker's own address is refused once its pair is spent, and was slowed before that.
    const { max } = LOGIN_LIMITS.failuresPerAccountAndAddress;
    expect(answers.slice(0, max).every((status) => status === 200)).toBe(true);
    expect(answers.slice(max).every((status) => status === 429)).toBe(true);
    expect(t.sleeps.length).toBeGreaterThan(waited);
    expect((await login(payload.username, payload.password, fromIp(attacker))).status).toBe(429);

    // From home, the member gets straight in, and a typo there is not slowed either.
    const home1 = t.sleeps.length;
    expect((await login(payload.username, 'a typo', fromIp(home))).body.code).toBe(0);
    expect((await login(payload.username, payload.password, fromIp(home))).body.code).toBe(1);
    expect(t.sleeps.length).toBe(home1);

    // Any other address still meets the slowdown, the right password included.
    expect((await login(payload.username, payload.password, fromIp(stranger))).body.code).toBe(1);
    expect(t.sleeps.length).toBe(home1 + 1);

    // An address is known for a while, not for ever.
    t.clock.advance(LOGIN_LIMITS.knownAddress.windowMs);
    for (let i = 0; i < LOGIN_LIMITS.accountSlowdown.free; i += 1) {
      await login(payload.username, `later guess ${i}`, fromIp(newIp()));
    }
    expect((await login(payload.username, payload.password, fromIp(home))).body.code).toBe(1);
    expect(t.sleeps.length).toBe(home1 + 2);
  });

  it('refuses an address after its failures, whichever accounts they try', async () => {
    const ip = newIp();
    for (let i = 0; i < LOGIN_LIMITS.failuresPerAddress.max; i += 1) {
      expect((await login(`sprayed-name${i}`, 'password1', fromIp(ip))).body.code).toBe(0);
    }
    const { payload } = await register();
    const limited = await login(payload.username, payload.password, fromIp(ip));
    expect(limited.status).toBe(429);
    expect((await login(payload.username, payload.password, fresh())).body.code).toBe(1);
  });

  it('limits attempts per IP address, whichever accounts they try', async () => {
    const ip = newIp();
    const { payload } = await register();
    // Half of them right, so the address stays under its failure limits: this is the attempt limit.
    for (let i = 0; i < LIMITS.loginPerIp.max; i += 1) {
      const [name, password] = i % 2 ? [payload.username, payload.password] : [`sprayed${i}`, 'password1'];
      expect((await login(name, password, fromIp(ip))).status).toBe(200);
    }
    const limited = await login(payload.username, payload.password, fromIp(ip));
    expect(limited.status).toBe(429);
    expect(limited.body.msg).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
    expect((await login(payload.username, payload.password, fresh())).body.code).toBe(1);
  });
});

describe('sign/out', () => {
  it('revokes only the token it carries', async () => {
    const { token, payload } = await register();
    const second = (await login(payload.username, payload.password)).body.data as Session;
    const { body } = await call(t.app, auth.signOut, {}, { token });
    expect(body).toEqual({ code: 1, msg: 'You have signed out', data: null });
    expect((await whoAmI(token)).code).toBe(MainCode.Expired);
    expect((await call(t.app, auth.signOut, {}, { token })).body.code).toBe(MainCode.Expired);
    expect((await whoAmI(second.token)).code).toBe(1);
  });
});

describe('tourist', () => {
  it('starts a visitor account with a session and no e-mail or password', async () => {
    const { token, user } = await tourist();
    expect(user.username).toMatch(/^visitor-[0-9a-z]{8}$/);
    expect(user.nickname).toMatch(/^Visitor \d{4}$/);
    expect(user).toMatchObject({ is_tourist: true, email: null, has_password: false, providers: [] });
    expect((await whoAmI(token)).data).toEqual(user);
    const others = await tourist();
    expect(others.user.id).not.toBe(user.id);
    expect(others.user.username).not.toBe(user.username);
  });

  it('limits visitor accounts per IP address', async () => {
    const ip = newIp();
    for (let i = 0; i < LIMITS.touristPerIp.max; i += 1) {
      expect((await call(t.app, auth.tourist, {}, fromIp(ip))).body.code).toBe(1);
    }
    expect((await call(t.app, auth.tourist, {}, fromIp(ip))).status).toBe(429);
  });
});

describe('reg/user', () => {
  it('turns the visitor into a member in place: same id, same token, same data', async () => {
    const visitor = await tourist();
    const id = visitor.user.id;
    await t.services.news.add(id, { kind: 'like', actorId: null, refType: 'post', refId: 7 }, t.clock.now);
    const secondSession = await t.services.sessions.create(id, TEST_ORIGIN);

    const payload = credentials({ username: 'FormerVisitor', email: 'Former@Example.org' });
    const { body } = await call(t.app, auth.regUser, payload, { token: visitor.token });
    expect(body.code).toBe(1);
    expect(body.msg).toBe('Your account is ready');
    const { user } = body.data as { user: Session['user'] };
    expect(user).toMatchObject({
      id,
      username: 'FormerVisitor',
      nickname: 'FormerVisitor',
      email: null,
      pending_email: 'former@example.org',
      is_tourist: false,
      has_password: true,
      created_at: visitor.user.created_at,
    });

    // Both of the visitor's sessions go on, now as the member.
    expect((await whoAmI(visitor.token)).data).toEqual(user);
    expect((await whoAmI(secondSession.token)).code).toBe(1);
    // What the visitor had is the member's: the like, and now a welcome.
    const news = await t.database.db
      .selectFrom('news')
      .select(['kind', 'ref_id'])
      .where('user_id', '=', id)
      .orderBy('id')
      .execute();
    expect(news).toEqual([
      { kind: 'like', ref_id: 7 },
      { kind: 'welcome', ref_id: null },
    ]);
    const relogin = await login('formervisitor', payload.password);
    expect((relogin.body.data as Session).user.id).toBe(id);

    const again = await call(t.app, auth.regUser, credentials(), { token: visitor.token });
    expect(again.body).toEqual({
      code: 0,
      msg: 'This account is already registered',
      data: null,
      reason: 'errors.already_member',
    });
  });

  it('is only for visitors', async () => {
    const { token } = await register();
    const { body } = await call(t.app, auth.regUser, credentials(), { token });
    expect(body).toEqual({
      code: 0,
      msg: 'This account is already registered',
      data: null,
      reason: 'errors.already_member',
    });
    expect((await call(t.app, auth.regUser, credentials())).body.code).toBe(MainCode.Expired);
  });

  it('refuses a taken user name and leaves the visitor as it was; an address in use is no refusal', async () => {
    const member = await registerProven();
    const visitor = await tourist();
    const sameName = await call(
      t.app,
      auth.regUser,
      credentials({ username: member.payload.username.toUpperCase() }),
      { token: visitor.token },
    );
    expect(sameName.body).toEqual({
      code: 0,
      msg: 'This user name is already taken',
      data: null,
      reason: 'errors.username_taken',
    });
    expect((await whoAmI(visitor.token)).data).toEqual(visitor.user);

    const other = await tourist();
    const sameEmail = await call(
      t.app,
      auth.regUser,
      credentials({ email: member.payload.email.toUpperCase() }),
      { token: other.token },
    );
    expect(sameEmail.body.msg).toBe('Your account is ready');
    expect((sameEmail.body.data as { user: Session['user'] }).user).toMatchObject({
      email: null,
      pending_email: member.payload.email,
    });
    expect((await whoAmI(member.token)).data).toMatchObject({ email: member.payload.email });
  });

  it.each(CREDENTIAL_RULES)('refuses %s', async (_name, change, msg) => {
    const visitor = await tourist();
    const { body } = await call(t.app, auth.regUser, credentials(change), { token: visitor.token });
    expect(body).toEqual({ code: 0, msg, data: null, reason: keyOfEnglish(msg) });
  });
});

describe('reset/edit/pwd', () => {
  it('changes the password and signs out every other session', async () => {
    const { token, payload } = await register();
    const other = (await login(payload.username, payload.password)).body.data as Session;
    const { body } = await call(
      t.app,
      auth.resetEditPwd,
      { old_password: payload.password, password: 'battery staple' },
      { token },
    );
    expect(body).toEqual({ code: 1, msg: 'Your password has been changed', data: null });
    expect((await whoAmI(token)).code).toBe(1);
    expect((await whoAmI(other.token)).code).toBe(MainCode.Expired);
    expect((await login(payload.username, payload.password)).body.code).toBe(0);
    expect((await login(payload.username, 'battery staple')).body.code).toBe(1);
  });

  it('refuses a wrong current password and changes nothing', async () => {
    const { token, payload } = await register();
    const other = (await login(payload.username, payload.password)).body.data as Session;
    const { body } = await call(
      t.app,
      auth.resetEditPwd,
      { old_password: 'not my password', password: 'battery staple' },
      { token },
    );
    expect(body).toEqual({
      code: 0,
      msg: 'The current password is incorrect',
      data: null,
      reason: 'errors.wrong_password',
    });
    expect((await whoAmI(other.token)).code).toBe(1);
    expect((await login(payload.username, payload.password)).body.code).toBe(1);
  });

  it('tells a visitor it has no password yet', async () => {
    const visitor = await tourist();
    const { body } = await call(
      t.app,
      auth.resetEditPwd,
      { old_password: 'whatever1', password: 'battery staple' },
      { token: visitor.token },
    );
    expect(body).toEqual({
      code: 0,
      msg: 'This account has no password yet. Use "Forgot password" to set one.',
      data: null,
      reason: 'errors.no_password',
    });
  });

  it.each([
    ['an empty current password', { old_password: '' }, 'Please enter your password'],
    ['no current password', { old_password: undefined }, 'Please enter your password'],
    ['an empty new password', { password: '' }, 'Please enter your password'],
    [
      'a 7-character new password',
      { password: 'seven77' },
      'The password must contain at least eight characters',
    ],
  ])('refuses %s', async (_name, change, msg) => {
    const { token, payload } = await register();
    const { body } = await call(
      t.app,
      auth.resetEditPwd,
      { old_password: payload.password, password: 'battery staple', ...change },
      { token },
    );
    expect(body).toEqual({ code: 0, msg, data: null, reason: keyOfEnglish(msg) });
  });
});
