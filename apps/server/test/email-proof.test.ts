import { endpoints, MainCode } from '@pixelhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_PROOF_TTL_MS } from '../src/features/accounts/email-proof';
import { LIMITS } from '../src/features/accounts/service';
import { translator } from '../src/i18n';
import { buildTestApp, type CallOptions, call, type TestApp } from './helper';
import { type Mailbox, type ReceivedMail, startMailbox } from './support/mail';

const { register, login, regUser, tourist, verifyEmail, sendVerifyMail } = endpoints.auth;
const getUser = endpoints.users.getUser;
const en = translator('en-US');

let t: TestApp;
let mailbox: Mailbox;
beforeAll(async () => {
  mailbox = await startMailbox();
  t = await buildTestApp({
    config: { smtpUrl: mailbox.url, trustProxy: true, publicUrl: 'https://pixelhall.test' },
  });
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
});

let sequence = 0;
/** A fresh client address, so one test's requests never count against another's limits. */
const from = (extra: CallOptions = {}): CallOptions => {
  sequence += 1;
  return { ...extra, headers: { 'x-forwarded-for': `10.14.${sequence >> 8}.${sequence & 255}` } };
};

interface Session {
  token: string;
  user: { id: number; username: string; nickname: string } & Record<string, unknown>;
}

const proofSubject = en('mail.proof_subject');
const takenSubject = en('mail.taken_subject');
const mailTo = (address: string, subject: string, since: number) =>
  mailbox.find((m) => m.to.includes(address.toLowerCase()) && m.subject === subject, since);
const codeIn = (mail: ReceivedMail) => /\?code=([A-Z2-9]{8})\n/.exec(mail.text)?.[1];

/** Registers `username` with `email` and reads the code its proof mail brings. */
async function signUp(username: string, email: string) {
  const since = mailbox.received.length;
  const { body } = await call(t.app, register, { username, email, password: 'correct horse' }, from());
  expect(body.code).toBe(MainCode.Success);
  const session = body.data as Session;
  const mail = await mailTo(email, proofSubject, since);
  return { ...session, mail, code: codeIn(mail)! };
}

const me = async (token: string) => (await call(t.app, getUser, {}, { token })).body.data as Session['user'];
const verify = (token: string, code: string) => call(t.app, verifyEmail, { code }, { token, ...from() });
const refusal = (key: Parameters<typeof en>[0]) => ({ code: 0, msg: en(key), data: null, reason: key });

describe('register', () => {
  it('keeps the address pending and mails a link and code that prove it', async () => {
    const { token, user, mail, code } = await signUp('prover', 'Prover@Example.org');
    expect(user).toMatchObject({ email: null, pending_email: 'prover@example.org' });
    expect(mail.text.trim()).toBe(
      en('mail.proof_text', {
        name: 'prover',
        username: 'prover',
        link: `https://pixelhall.test/#/auth/activedetail?code=${code}`,
        code,
      }),
    );
    // Only a hash of the code is kept.
    const rows = await t.database.db.selectFrom('email_proofs').select('code_hash').execute();
    expect(rows.some((r) => r.code_hash.includes(code))).toBe(false);

    const { body } = await verify(token, code.toLowerCase().replace(/(.{4})/, '$1-'));
    expect(body.code).toBe(1);
    expect(body.msg).toBe('Your email address is confirmed');
    expect((body.data as { user: unknown }).user).toEqual(await me(token));
    expect(await me(token)).toMatchObject({ email: 'prover@example.org', pending_email: null });
    const byEmail = await call(
      t.app,
      login,
      { username: 'prover@example.org', password: 'correct horse' },
      from(),
    );
    expect(byEmail.body.msg).toBe('Welcome back, prover');
  });

  it('answers a proven address exactly like a fresh one, and tells its owner instead', async () => {
    const owner = await signUp('owner1', 'owner1@example.org');
    expect((await verify(owner.token, owner.code)).body.code).toBe(1);

    const since = mailbox.received.length;
    const shape = (body: unknown) =>
      JSON.parse(
        JSON.stringify(body)
          .replace(/"token":"[^"]+"/, '"token":"T"')
          .replace(/"id":\d+/, '"id":0')
          .replace(/"pending_email":"[^"]+"/, '"pending_email":"ADDRESS"')
          .replace(/(squat|fresh)1/g, 'NAME'),
      );
    const squat = await call(
      t.app,
      register,
      { username: 'squat1', email: 'OWNER1@example.org', password: 'correct horse' },
      from(),
    );
    const fresh = await call(
      t.app,
      register,
      { username: 'fresh1', email: 'fresh1@example.org', password: 'correct horse' },
      from(),
    );
    expect(squat.status).toBe(fresh.status);
    expect(shape(squat.body)).toEqual(shape(fresh.body));
    expect((squat.body.data as Session).user).toMatchObject({
      email: null,
      pending_email: 'owner1@example.org',
    });

    const note = await mailTo('owner1@example.org', takenSubject, since);
    expect(note.text.trim()).toBe(en('mail.taken_text', { name: 'owner1', username: 'owner1' }));
    expect(note.text).not.toMatch(/code=/);
    await mailTo('fresh1@example.org', proofSubject, since);
    // No code exists for the squatter, and the address stays its owner's.
    const squatter = (squat.body.data as Session).user.id;
    const codes = await t.database.db
      .selectFrom('email_proofs')
      .select('id')
      .where('user_id', '=', squatter)
      .execute();
    expect(codes).toEqual([]);
    expect(await me(owner.token)).toMatchObject({ email: 'owner1@example.org' });
  });

  it('keeps the visitor-to-member conversion just as quiet about the address', async () => {
    const owner = await signUp('owner2', 'owner2@example.org');
    await verify(owner.token, owner.code);
    const visitor = (await call(t.app, tourist, {}, from())).body.data as Session;
    const since = mailbox.received.length;
    const { body } = await call(
      t.app,
      regUser,
      { username: 'convert2', email: 'owner2@example.org', password: 'correct horse' },
      { token: visitor.token },
    );
    expect(body).toMatchObject({ code: 1, msg: 'Your account is ready' });
    expect((body.data as Session).user).toMatchObject({ email: null, pending_email: 'owner2@example.org' });
    await mailTo('owner2@example.org', takenSubject, since);
  });
});

describe('verify/email', () => {
  it('refuses a wrong, expired, used or someone else’s code, each plainly, changing nothing', async () => {
    const pat = await signUp('codepat', 'codepat@example.org');
    const kim = await signUp('codekim', 'codekim@example.org');
    const pending = await me(pat.token);

    const wrong = pat.code === 'AAAAAAAA' ? 'BBBBBBBB' : 'AAAAAAAA';
    expect((await verify(pat.token, wrong)).body).toEqual(refusal('errors.email_code_wrong'));
    expect((await verify(pat.token, kim.code)).body).toEqual(refusal('errors.email_code_other_account'));
    expect(await me(pat.token)).toEqual(pending);
    expect(await me(kim.token)).toMatchObject({ email: null, pending_email: 'codekim@example.org' });

    t.clock.advance(EMAIL_PROOF_TTL_MS);
    expect((await verify(pat.token, pat.code)).body).toEqual(refusal('errors.email_code_expired'));
    expect(await me(pat.token)).toEqual(pending);

    // A new mail brings a working code; the old one is gone, and a used one stays used.
    const since = mailbox.received.length;
    const resent = await call(t.app, sendVerifyMail, {}, { token: pat.token, ...from() });
    expect(resent.body).toEqual({
      code: 1,
      msg: 'A confirmation email is on its way to codepat@example.org',
      data: null,
    });
    const fresh = codeIn(await mailTo('codepat@example.org', proofSubject, since))!;
    if (fresh !== pat.code) {
      expect((await verify(pat.token, pat.code)).body).toEqual(refusal('errors.email_code_wrong'));
    }
    expect((await verify(pat.token, fresh)).body.code).toBe(1);
    expect((await verify(pat.token, fresh)).body).toEqual(refusal('errors.email_code_used'));
    expect(await me(pat.token)).toMatchObject({ email: 'codepat@example.org', pending_email: null });
  });

  it('checks the code’s form, and is only for members', async () => {
    const { token } = await signUp('formpat', 'formpat@example.org');
    for (const [code, key] of [
      ['', 'validation.code_required'],
      ['ABC', 'validation.email_code_format'],
      ['ABCDEFG1', 'validation.email_code_format'],
    ] as const) {
      expect((await verify(token, code)).body).toEqual(refusal(key));
    }
    expect((await call(t.app, verifyEmail, { code: 'ABCDEFGH' })).body.code).toBe(MainCode.Expired);
  });

  it('drops every other pending claim on the address it proves', async () => {
    const victim = await signUp('victim3', 'shared3@example.org');
    const squatter = await signUp('squatter3', 'shared3@example.org');
    expect(await me(squatter.token)).toMatchObject({ pending_email: 'shared3@example.org' });

    expect((await verify(victim.token, victim.code)).body.code).toBe(1);
    expect(await me(squatter.token)).toMatchObject({ email: null, pending_email: null });
    // The squatter's own code can't take the address back.
    expect((await verify(squatter.token, squatter.code)).body).toEqual(
      refusal('errors.email_proven_elsewhere'),
    );
    const resend = await call(t.app, sendVerifyMail, {}, { token: squatter.token, ...from() });
    expect(resend.body).toEqual(refusal('errors.no_pending_email'));
    expect(await me(victim.token)).toMatchObject({ email: 'shared3@example.org' });
  });

  it('lets one of two concurrent proofs of one address through', async () => {
    const a = await signUp('racer4a', 'race4@example.org');
    const b = await signUp('racer4b', 'race4@example.org');
    const [ra, rb] = await Promise.all([verify(a.token, a.code), verify(b.token, b.code)]);
    expect([ra.body.code, rb.body.code].sort()).toEqual([0, 1]);
    expect([ra.body, rb.body]).toContainEqual(refusal('errors.email_proven_elsewhere'));
    const owners = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'race4@example.org')
      .execute();
    expect(owners).toHaveLength(1);
  });
});

describe('log-in by e-mail', () => {
  it('refuses a pending address just as it refuses a wrong log-in', async () => {
    await signUp('pendpat', 'pendpat@example.org');
    const byPending = await call(
      t.app,
      login,
      { username: 'pendpat@example.org', password: 'correct horse' },
      from(),
    );
    const wrong = await call(t.app, login, { username: 'pendpat', password: 'not the password' }, from());
    expect(byPending).toEqual(wrong);
    expect(byPending.body).toEqual(refusal('errors.wrong_credentials'));
    expect(
      (await call(t.app, login, { username: 'pendpat', password: 'correct horse' }, from())).body.code,
    ).toBe(1);
  });
});

describe('verify/email/send', () => {
  it('is limited per member and per client address', async () => {
    const { token } = await signUp('resender', 'resender@example.org');
    const client = from();
    for (let i = 0; i < LIMITS.proofMailPerMember.max; i += 1) {
      expect((await call(t.app, sendVerifyMail, {}, { token, ...client })).status).toBe(200);
    }
    const limited = await call(t.app, sendVerifyMail, {}, { token, ...client });
    expect(limited.status).toBe(429);
    expect(limited.body.reason).toBe('errors.too_many_requests');

    // Many members from one address: the address's own limit.
    const ip = from();
    let refused = 0;
    for (let i = 0; i < 11; i += 1) {
      const other = await signUp(`resender${i}`, `resender${i}@example.org`);
      if ((await call(t.app, sendVerifyMail, {}, { token: other.token, ...ip })).status === 429) refused += 1;
    }
    expect(refused).toBe(1);
  });
});
