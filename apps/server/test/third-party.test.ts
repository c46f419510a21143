import { endpoints, MainCode } from '@pixelhall/contract';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type CallOptions, call, TEST_ORIGIN, type TestApp } from './helper';
import { type Mailbox, startMailbox } from './support/mail';
import {
  type SigningKey,
  signIdToken,
  signingKey,
  startKeyServer,
  startOpenIdProvider,
} from './support/oidc';

const { thirdAuth, thirdLogin, thirdKreait, thirdProviders, register, login, verifyEmail } = endpoints.auth;
const FIREBASE_PROJECT = 'pixelhall-test';
const FIREBASE_ISSUER = `https://securetoken.google.com/${FIREBASE_PROJECT}`;

type Session = {
  token: string;
  user: { id: number; username: string; nickname: string } & Record<string, unknown>;
};

let t: TestApp;
let mailbox: Mailbox;
let keys: Awaited<ReturnType<typeof startKeyServer>>;
let providerKey: SigningKey;
let firebaseKey: SigningKey;
let strangerKey: SigningKey;

beforeAll(async () => {
  const pixelid = await signingKey('pixelid-1');
  const firebase = await signingKey('firebase-1');
  // Same key id as the provider's, different key: only the signature can tell them apart.
  const stranger = await signingKey('pixelid-1');
  [providerKey, firebaseKey, strangerKey] = [pixelid, firebase, stranger];
  keys = await startKeyServer({ '/jwks': [pixelid], '/firebase/jwks': [firebase] });
  mailbox = await startMailbox();
  t = await buildTestApp({
    config: {
      smtpUrl: mailbox.url,
      trustProxy: true,
      oidcProviders: [
        {
          id: 'pixelid',
          name: 'PixelID',
          issuer: keys.issuer,
          client_id: 'pixelhall-web',
          audiences: ['pixelhall-ios'],
          scopes: 'openid email profile',
        },
        {
          id: 'offline',
          name: 'Offline',
          issuer: 'http://127.0.0.1:9/offline',
          client_id: 'pixelhall-web',
          audiences: [],
          jwks_uri: 'http://127.0.0.1:9/jwks',
          scopes: 'openid',
        },
      ],
      firebase: { projectId: FIREBASE_PROJECT, jwksUrl: `${keys.issuer}/firebase/jwks` },
    },
  });
});
afterAll(async () => {
  await t.close();
  await keys.close();
  await mailbox.close();
});

let sequence = 0;
/** Each call from its own client address, so the per-IP sign-in limit never joins in. */
const from = (extra: CallOptions = {}): CallOptions => {
  sequence += 1;
  return { ...extra, headers: { 'x-forwarded-for': `10.7.${sequence >> 8}.${sequence & 255}` } };
};

const pixelidToken = (
  claims: Record<string, unknown>,
  options: { audience?: string; expiresInSeconds?: number } = {},
) => signIdToken(providerKey, claims, { issuer: keys.issuer, audience: 'pixelhall-web', ...options });

async function signIn(idToken: string, options: CallOptions = {}) {
  const { status, body } = await call(t.app, thirdAuth, { idToken, fromApp: 'pixelid' }, from(options));
  expect(status).toBe(200);
  return body as { code: number; msg: string; data: Session | null };
}

/** A member who signed up and proved the address with the code mailed to it. */
async function provenMember(username: string, email: string) {
  const since = mailbox.received.length;
  const { body } = await call(t.app, register, { username, email, password: `${username}-password` }, from());
  const session = body.data as Session;
  const mail = await mailbox.find((m) => m.to.includes(email), since);
  const code = /\?code=([A-Z2-9]{8})\b/.exec(mail.text)![1]!;
  const proved = await call(t.app, verifyEmail, { code }, { token: session.token });
  expect(proved.body.code).toBe(MainCode.Success);
  return session;
}

const countUsers = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('third/auth', () => {
  it('creates a member on the first sign-in and signs the same member in after', async () => {
    const idToken = await pixelidToken({
      sub: 'alice-0001',
      email: 'Alice@Example.org',
      email_verified: true,
      name: 'Alice Liddell',
    });
    const first = await signIn(idToken);
    expect(first.code).toBe(MainCode.Success);
    expect(first.msg).toBe('Welcome to Pixelhall, Alice Liddell!');
    expect(first.data!.user).toMatchObject({
      username: 'Alice',
      nickname: 'Alice Liddell',
      email: 'alice@example.org',
      has_password: false,
      providers: ['pixelid'],
      is_tourist: false,
    });
    const me = await call(t.app, endpoints.users.getUser, {}, { token: first.data!.token });
    expect((me.body.data as { id: number }).id).toBe(first.data!.user.id);

    const again = await signIn(await pixelidToken({ sub: 'alice-0001', name: 'Alice L.' }));
    expect(again.msg).toBe('Welcome back, Alice Liddell');
    expect(again.data!.user.id).toBe(first.data!.user.id);
    expect(again.data!.token).not.toBe(first.data!.token);
  });

  it('finds the keys through the issuer discovery document, fetched once', async () => {
    expect(keys.hits['/.well-known/openid-configuration']).toBe(1);
    expect(keys.hits['/jwks']).toBe(1);
  });

  it('links to the member who has proven the address the provider verified', async () => {
    const bob = await provenMember('bobby', 'bob@example.org');
    const linked = await signIn(
      await pixelidToken({ sub: 'bob-42', email: 'BOB@example.org', email_verified: true }),
    );
    expect(linked.msg).toBe('Welcome back, bobby');
    expect(linked.data!.user).toMatchObject({ id: bob.user.id, providers: ['pixelid'], has_password: true });
  });

  it('never links to a member whose address is only claimed, and drops that claim', async () => {
    const { body } = await call(
      t.app,
      register,
      { username: 'erin', email: 'erin@example.org', password: 'erin-password' },
      from(),
    );
    const claimant = body.data as Session;
    const signedIn = await signIn(
      await pixelidToken({ sub: 'erin-1', email: 'Erin@example.org', email_verified: true, name: 'Erin' }),
    );
    expect(signedIn.msg).toBe('Welcome to Pixelhall, Erin!');
    expect(signedIn.data!.user.id).not.toBe(claimant.user.id);
    expect(signedIn.data!.user).toMatchObject({ email: 'erin@example.org', pending_email: null });
    const { body: me } = await call(t.app, endpoints.users.getUser, {}, { token: claimant.token });
    expect(me.data).toMatchObject({ email: null, pending_email: null, providers: [] });
  });

  it('never links by an address the provider has not verified', async () => {
    const carol = await provenMember('carol', 'carol@example.org');
    for (const email_verified of [false, undefined, 'yes']) {
      const result = await signIn(
        await pixelidToken({
          sub: `mallory-${String(email_verified)}`,
          email: 'carol@example.org',
          email_verified,
        }),
      );
      expect(result.msg).toMatch(/^Welcome to Pixelhall/);
      expect(result.data!.user.id).not.toBe(carol.user.id);
      // The address stays with its owner; the new member has none.
      expect(result.data!.user.email).toBeNull();
    }
  });

  it('links to the member signed in on the request, but not to a visitor', async () => {
    const member = await t.make.member({ username: 'dave' });
    const linked = await signIn(await pixelidToken({ sub: 'dave-gh' }), { token: member.token });
    expect(linked.data!.user).toMatchObject({ id: member.user.id, providers: ['pixelid'] });

    const now = t.clock.now;
    const visitor = await t.database.db
      .insertInto('users')
      .values({
        username: 'visitor-third01',
        nickname: 'Visitor 7',
        is_tourist: 1,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { token } = await t.services.sessions.create(Number(visitor.id), TEST_ORIGIN);
    const fresh = await signIn(await pixelidToken({ sub: 'visitor-gh' }), { token });
    expect(fresh.msg).toMatch(/^Welcome to Pixelhall/);
    expect(fresh.data!.user.id).not.toBe(Number(visitor.id));
  });

  it('makes unique, valid user names', async () => {
    const names: string[] = [];
    for (const sub of ['sam-1', 'sam-2', 'sam-3']) {
      const result = await signIn(await pixelidToken({ sub, email: 'sam@example.net', name: 'Sám' }));
      names.push(result.data!.user.username);
    }
    expect(names).toEqual(['sam', 'sam2', 'sam3']);
    // Nothing usable in the token: a generic name, numbered like any other.
    const odd = await signIn(await pixelidToken({ sub: 'odd-1', name: '李 ✨' }));
    expect(odd.data!.user.nickname).toBe('李 ✨');
    expect(odd.data!.user.username).toMatch(/^player\d*$/);
    const long = await signIn(
      await pixelidToken({
        sub: 'long-1',
        email: 'a.very.long.local.part.indeed@example.net',
        email_verified: true,
      }),
    );
    expect(long.data!.user.username).toBe('a.very.long.local.pa');
  });

  it('signs a concurrent first sign-in of one identity into one member', async () => {
    const idToken = await pixelidToken({ sub: 'twin-1', name: 'Twin' });
    const [a, b] = await Promise.all([signIn(idToken), signIn(idToken)]);
    expect(a.code).toBe(1);
    expect(b.code).toBe(1);
    expect(a.data!.user.id).toBe(b.data!.user.id);
    const identities = await t.database.db
      .selectFrom('identities')
      .select('id')
      .where('subject', '=', 'twin-1')
      .execute();
    expect(identities).toHaveLength(1);
  });

  it('keeps a disabled member out', async () => {
    const user = await t.make.user({ username: 'gone-member', status: 'disabled' });
    await t.database.db
      .insertInto('identities')
      .values({
        user_id: user.id,
        provider: 'pixelid',
        subject: 'gone-1',
        email: null,
        created_at: t.clock.now,
      })
      .execute();
    expect(await signIn(await pixelidToken({ sub: 'gone-1' }))).toMatchObject({ code: 0, data: null });
  });

  it('refuses tokens it cannot trust, and creates nobody', async () => {
    const before = await countUsers();
    const claims = { sub: 'eve-1', email: 'eve@example.org', email_verified: true };
    const now = Math.floor(Date.now() / 1000);
    const refused = [
      await pixelidToken(claims, { audience: 'someone-elses-app' }),
      await signIdToken(providerKey, claims, { issuer: 'https://evil.example', audience: 'pixelhall-web' }),
      await pixelidToken(claims, { expiresInSeconds: -120 }),
      await signIdToken(strangerKey, claims, { issuer: keys.issuer, audience: 'pixelhall-web' }),
      await pixelidToken({ email: 'eve@example.org' }),
      new UnsecuredJWT(claims)
        .setIssuer(keys.issuer)
        .setAudience('pixelhall-web')
        .setExpirationTime('10m')
        .encode(),
      await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(keys.issuer)
        .setAudience('pixelhall-web')
        .setExpirationTime(now + 600)
        .sign(new TextEncoder().encode('a-shared-secret-anyone-could-guess')),
      'this-is-not.a-jwt-at.all-really',
    ];
    for (const idToken of refused) {
      expect(await signIn(idToken)).toEqual({
        code: 0,
        msg: 'The sign-in could not be verified. Please try again.',
        data: null,
        reason: 'errors.third_party_failed',
      });
    }
    expect(await countUsers()).toBe(before);
  });

  it('refuses when the provider keys cannot be fetched', async () => {
    const idToken = await signIdToken(
      providerKey,
      { sub: 'offline-1' },
      {
        issuer: 'http://127.0.0.1:9/offline',
        audience: 'pixelhall-web',
      },
    );
    const { status, body } = await call(t.app, thirdAuth, { idToken, fromApp: 'offline' }, from());
    expect(status).toBe(200);
    expect(body).toEqual({
      code: 0,
      msg: 'The sign-in could not be verified. Please try again.',
      data: null,
      reason: 'errors.third_party_failed',
    });
  });

  it('refuses a provider that is not configured', async () => {
    const idToken = await pixelidToken({ sub: 'alice-0001' });
    for (const [def, payload] of [
      [thirdAuth, { idToken, fromApp: 'facebook' }],
      [thirdLogin, { idToken, provider: 'facebook' }],
    ] as const) {
      const { status, body } = await call(t.app, def, payload, from());
      expect(status).toBe(200);
      expect(body).toEqual({
        code: 0,
        msg: 'This sign-in method is not available',
        data: null,
        reason: 'errors.unknown_provider',
      });
    }
  });
});

describe('third/login', () => {
  it('takes tokens for the native apps of a configured provider', async () => {
    const idToken = await pixelidToken({ sub: 'alice-0001' }, { audience: 'pixelhall-ios' });
    const { body } = await call(t.app, thirdLogin, { idToken, provider: 'pixelid' }, from());
    expect(body).toMatchObject({ code: 1, msg: 'Welcome back, Alice Liddell' });
    expect((body.data as Session).user.username).toBe('Alice');
  });
});

describe('third/kreait', () => {
  const firebaseToken = (
    claims: Record<string, unknown>,
    audience = FIREBASE_PROJECT,
    issuer = FIREBASE_ISSUER,
  ) => signIdToken(firebaseKey, claims, { issuer, audience });

  it('signs in with a Firebase token of the configured project', async () => {
    const idToken = await firebaseToken({
      sub: 'firebase-uid-1',
      email: 'fern@example.org',
      email_verified: true,
      name: 'Fern',
      firebase: { sign_in_provider: 'google.com' },
    });
    const { body } = await call(t.app, thirdKreait, { idToken }, from());
    expect(body).toMatchObject({ code: 1, msg: 'Welcome to Pixelhall, Fern!' });
    expect((body.data as Session).user).toMatchObject({ username: 'fern', providers: ['firebase'] });
  });

  it('refuses another project, a provider token and a foreign key', async () => {
    const claims = { sub: 'firebase-uid-2' };
    for (const idToken of [
      await firebaseToken(claims, 'another-project'),
      await firebaseToken(claims, FIREBASE_PROJECT, 'https://securetoken.google.com/another-project'),
      await pixelidToken(claims),
      await signIdToken(providerKey, claims, { issuer: FIREBASE_ISSUER, audience: FIREBASE_PROJECT }),
    ]) {
      const { body } = await call(t.app, thirdKreait, { idToken }, from());
      expect(body.msg).toBe('The sign-in could not be verified. Please try again.');
    }
  });

  it('is not available without a Firebase project', async () => {
    const bare = await buildTestApp();
    try {
      const idToken = await firebaseToken({ sub: 'firebase-uid-3' });
      const { body } = await call(bare.app, thirdKreait, { idToken });
      expect(body).toEqual({
        code: 0,
        msg: 'This sign-in method is not available',
        data: null,
        reason: 'errors.unknown_provider',
      });
      const { body: list } = await call(bare.app, thirdProviders, {}, { method: 'GET' });
      expect(list.data).toEqual({ list: [] });
    } finally {
      await bare.close();
    }
  });
});

describe('third/providers', () => {
  it('lists what the sign-in buttons need, and nothing more', async () => {
    const { body } = await call(t.app, thirdProviders, {}, { method: 'GET' });
    expect(body).toEqual({
      code: 1,
      msg: 'OK',
      data: {
        list: [
          {
            id: 'pixelid',
            name: 'PixelID',
            issuer: keys.issuer,
            client_id: 'pixelhall-web',
            scopes: 'openid email profile',
          },
          {
            id: 'offline',
            name: 'Offline',
            issuer: 'http://127.0.0.1:9/offline',
            client_id: 'pixelhall-web',
            scopes: 'openid',
          },
        ],
      },
    });
  });
});

describe('a real OpenID Connect provider', () => {
  it('signs in with an ID token oidc-provider issued, keys found by discovery', async () => {
    const op = await startOpenIdProvider('pixelhall-web', [
      { sub: 'op-account-7', email: 'olivia@example.org', name: 'Olivia Provider' },
    ]);
    const app = await buildTestApp({
      config: {
        oidcProviders: [
          {
            id: 'local',
            name: 'Local OP',
            issuer: op.issuer,
            client_id: 'pixelhall-web',
            audiences: [],
            scopes: 'openid',
          },
        ],
      },
    });
    try {
      const idToken = await op.issueIdToken('op-account-7');
      const { body } = await call(app.app, thirdAuth, { idToken, fromApp: 'local' });
      expect(body).toMatchObject({ code: 1, msg: 'Welcome to Pixelhall, Olivia Provider!' });
      expect((body.data as Session).user).toMatchObject({
        username: 'olivia',
        email: 'olivia@example.org',
        providers: ['local'],
      });
      const again = await call(app.app, thirdAuth, {
        idToken: await op.issueIdToken('op-account-7'),
        fromApp: 'local',
      });
      expect((again.body.data as Session).user.id).toBe((body.data as Session).user.id);
    } finally {
      await app.close();
      await op.close();
    }
  });

  it('never signs the verified owner into an account that only claimed the address (pre-hijacking)', async () => {
    const op = await startOpenIdProvider('pixelhall-web', [
      { sub: 'victim-1', email: 'victim@example.org', name: 'Victoria' },
    ]);
    const app = await buildTestApp({
      config: {
        oidcProviders: [
          {
            id: 'local',
            name: 'Local OP',
            issuer: op.issuer,
            client_id: 'pixelhall-web',
            audiences: [],
            scopes: 'openid email profile',
          },
        ],
      },
    });
    try {
      const squat = await call(app.app, register, {
        username: 'mallory1',
        email: 'victim@example.org',
        password: 'mallory-password',
      });
      expect(squat.body.code).toBe(MainCode.Success);
      const mallory = squat.body.data as Session;

      const { body } = await call(app.app, thirdAuth, {
        idToken: await op.issueIdToken('victim-1'),
        fromApp: 'local',
      });
      expect(body).toMatchObject({ code: 1, msg: 'Welcome to Pixelhall, Victoria!' });
      const victim = (body.data as Session).user;
      expect(victim.id).not.toBe(mallory.user.id);
      expect(victim).toMatchObject({
        email: 'victim@example.org',
        pending_email: null,
        providers: ['local'],
      });

      // The squatter keeps an account, but not the address, and its password opens nothing of the victim's.
      const { body: squatter } = await call(app.app, endpoints.users.getUser, {}, { token: mallory.token });
      expect(squatter.data).toMatchObject({ id: mallory.user.id, email: null, pending_email: null });
      const byAddress = await call(app.app, login, {
        username: 'victim@example.org',
        password: 'mallory-password',
      });
      expect(byAddress.body.reason).toBe('errors.wrong_credentials');
    } finally {
      await app.close();
      await op.close();
    }
  });
});
