import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { endpoints, MainCode } from '@pixelhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator } from '../src/i18n';
import { buildTestApp, type CallOptions, call, type TestApp } from './helper';
import { type Mailbox, parseMail, startMailbox } from './support/mail';

const { register, login, sendMail, resetPwd, verifyEmail } = endpoints.auth;
const en = translator('en-US');

let t: TestApp;
let mailbox: Mailbox;
beforeAll(async () => {
  mailbox = await startMailbox();
  // Trusting X-Forwarded-For lets each test act from its own address, apart from the per-IP limits.
  t = await buildTestApp({ config: { smtpUrl: mailbox.url, trustProxy: true } });
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
});

let sequence = 0;
/** A fresh client address, so one test's requests never count against another's limits. */
const from = (extra: CallOptions = {}): CallOptions => {
  sequence += 1;
  return { ...extra, headers: { 'x-forwarded-for': `10.9.${sequence >> 8}.${sequence & 255}` } };
};

/** A sign-up; its address waits for the proof mail, read here, whose code is returned. */
async function registerMember(name: string, password = 'first-password', email = `${name}@example.org`) {
  const { body } = await call(t.app, register, { username: name, email, password }, from());
  expect(body.code).toBe(MainCode.Success);
  const data = body.data as { token: string; user: { id: number; nickname: string } };
  const proof = await mailbox.next();
  expect(proof.to).toEqual([email]);
  const proofCode = /\?code=([A-Z2-9]{8})\b/.exec(proof.text)?.[1];
  return { email, password, token: data.token, user: data.user, proofCode, proof };
}

const me = async (token: string) =>
  (await call(t.app, endpoints.users.getUser, {}, { token })).body.data as Record<string, unknown>;

/** Asks for a code and reads it from the mail that brings it. */
async function mailedCode(email: string, options: CallOptions = {}) {
  const { body } = await call(t.app, sendMail, { email }, from(options));
  expect(body.code).toBe(MainCode.Success);
  const mail = await mailbox.next();
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  expect(code).toBeDefined();
  return { mail, code: code! };
}

const reset = (payload: { email: string; code: string; password: string }, options: CallOptions = {}) =>
  call(t.app, resetPwd, payload, from(options));

const invalidCode = {
  code: 0,
  msg: 'The code is wrong or has expired',
  data: null,
  reason: 'errors.reset_code_invalid',
};

describe('password reset by e-mail', () => {
  it('mails a code in the requester language, resets once and signs out every session', async () => {
    const member = await registerMember('resetter');
    const second = await call(t.app, login, { username: 'resetter', password: member.password }, from());
    const secondToken = (second.body.data as { token: string }).token;

    const es = translator('es-ES');
    const { body } = await call(
      t.app,
      sendMail,
      { email: ' Resetter@Example.ORG ' },
      from({ locale: 'es-ES' }),
    );
    expect(body).toEqual({ code: 1, msg: es('auth.reset_sent'), data: null });
    const mail = await mailbox.next();
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    expect(mail.to).toEqual(['resetter@example.org']);
    expect(mail.headers.from).toContain('no-reply@pixelhall.local');
    expect(mail.subject).toBe(es('mail.reset_subject', { code }));
    expect(mail.text.trim()).toBe(es('mail.reset_text', { name: member.user.nickname, code }).trim());

    // Only a hash of the code is kept.
    const stored = await t.database.db.selectFrom('password_resets').selectAll().execute();
    expect(stored.map((r) => r.code_hash)).toContain(createHash('sha256').update(code).digest('hex'));
    expect(stored.some((r) => r.code_hash.includes(code))).toBe(false);

    const done = await reset({ email: member.email, code, password: 'second-password' });
    expect(done.body).toEqual({ code: 1, msg: en('auth.password_reset'), data: null });

    for (const token of [member.token, secondToken]) {
      const { body: me } = await call(t.app, endpoints.users.getUser, {}, { token });
      expect(me.code).toBe(MainCode.Expired);
    }
    const old = await call(t.app, login, { username: 'resetter', password: member.password }, from());
    expect(old.body.code).toBe(0);
    const fresh = await call(t.app, login, { username: member.email, password: 'second-password' }, from());
    expect(fresh.body.code).toBe(1);

    const again = await reset({ email: member.email, code, password: 'third-password' });
    expect(again.body).toEqual(invalidCode);
  });

  it('decodes as the requester reads it, in Japanese too', async () => {
    const member = await registerMember('kenji');
    const { mail, code } = await mailedCode(member.email, { locale: 'ja-JP' });
    const ja = translator('ja-JP');
    expect(mail.subject).toBe(ja('mail.reset_subject', { code }));
    expect(mail.text).toContain(ja('mail.reset_text', { name: member.user.nickname, code }).split('\n')[0]);
  });

  it('answers an unknown address the same way and sends nothing', async () => {
    const known = await registerMember('known1');
    const unknown = await call(t.app, sendMail, { email: 'nobody-here@example.org' }, from());
    expect(unknown.body).toEqual({ code: 1, msg: en('auth.reset_sent'), data: null });
    // The known address's mail arrives; nothing came before it for the unknown one.
    const { mail } = await mailedCode(known.email);
    expect(mail.to).toEqual([known.email]);
    expect(mailbox.unread()).toEqual([]);
    expect(mailbox.received.some((m) => m.to.includes('nobody-here@example.org'))).toBe(false);
  });

  it('refuses a wrong code, but the right one still works after it', async () => {
    const member = await registerMember('wrongcode');
    const { code } = await mailedCode(member.email);
    const wrong = code === '000000' ? '000001' : '000000';
    expect((await reset({ email: member.email, code: wrong, password: 'another-password' })).body).toEqual(
      invalidCode,
    );
    expect((await reset({ email: 'known1@example.org', code, password: 'another-password' })).body).toEqual(
      invalidCode,
    );
    expect((await reset({ email: member.email, code, password: 'another-password' })).body.code).toBe(1);
  });

  it('refuses a code after 30 minutes', async () => {
    const member = await registerMember('latecomer');
    const { code } = await mailedCode(member.email);
    t.clock.advance(30 * 60 * 1000 + 1);
    expect((await reset({ email: member.email, code, password: 'another-password' })).body).toEqual(
      invalidCode,
    );
  });

  it('locks a code after 5 wrong tries', async () => {
    const member = await registerMember('guesser');
    const { code } = await mailedCode(member.email);
    const wrong = (n: number) => String((Number(code) + n) % 1_000_000).padStart(6, '0');
    for (let n = 1; n <= 5; n += 1) {
      expect(
        (await reset({ email: member.email, code: wrong(n), password: 'guessed-password' })).body,
      ).toEqual(invalidCode);
    }
    expect((await reset({ email: member.email, code, password: 'guessed-password' })).body).toEqual(
      invalidCode,
    );
    const row = await t.database.db
      .selectFrom('password_resets')
      .select(['attempts', 'used_at'])
      .where('user_id', '=', member.user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ attempts: 5, used_at: null });
  });

  it('voids the older code when a new one is mailed', async () => {
    const member = await registerMember('twice');
    const first = await mailedCode(member.email);
    const second = await mailedCode(member.email);
    if (first.code !== second.code) {
      expect((await reset({ email: member.email, code: first.code, password: 'p-assword1' })).body).toEqual(
        invalidCode,
      );
    }
    expect((await reset({ email: member.email, code: second.code, password: 'p-assword1' })).body.code).toBe(
      1,
    );
  });

  it('lets only one of two concurrent uses of a code through', async () => {
    const member = await registerMember('racer');
    const { code } = await mailedCode(member.email);
    const results = await Promise.all(
      ['racing-password-a', 'racing-password-b'].map((password) =>
        reset({ email: member.email, code, password }),
      ),
    );
    expect(results.map((r) => r.body.code).sort()).toEqual([0, 1]);
  });

  it('limits mails per address, whichever client asks', async () => {
    const member = await registerMember('limited');
    for (let i = 0; i < 3; i += 1) await mailedCode(member.email);
    const { status, body } = await call(t.app, sendMail, { email: 'LIMITED@example.org' }, from());
    expect(status).toBe(429);
    expect(body.code).toBe(0);
    expect(body.msg).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
    // Other addresses are not held up.
    expect((await call(t.app, sendMail, { email: 'someone-else@example.org' }, from())).status).toBe(200);
  });

  it('limits mails per client address, whichever addresses it asks for', async () => {
    const client = from();
    for (let i = 0; i < 10; i += 1) {
      const { status } = await call(t.app, sendMail, { email: `probe${i}@example.org` }, client);
      expect(status).toBe(200);
    }
    const { status, body } = await call(t.app, sendMail, { email: 'probe10@example.org' }, client);
    expect(status).toBe(429);
    expect(body.msg).toMatch(/^Too many requests/);
    t.clock.advance(15 * 60 * 1000);
    expect((await call(t.app, sendMail, { email: 'probe11@example.org' }, client)).status).toBe(200);
  });

  it('checks the payload with the validation messages', async () => {
    expect((await call(t.app, sendMail, { email: 'not-an-address' }, from())).body.msg).toBe(
      'The email format is incorrect',
    );
    const bad = await reset({ email: 'a@example.org', code: '12ab56', password: 'long-enough' });
    expect(bad.body.msg).toBe('The code is the 6 digits in the email');
    const short = await reset({ email: 'a@example.org', code: '123456', password: 'short' });
    expect(short.body.msg).toBe('The password must contain at least eight characters');
  });
});

describe('an address not proven yet', () => {
  it('reaches its one claimant, and a reset with the code proves it', async () => {
    const member = await registerMember('claimant');
    expect(await me(member.token)).toMatchObject({ email: null, pending_email: member.email });
    const { mail, code } = await mailedCode(member.email);
    expect(mail.to).toEqual([member.email]);
    expect((await reset({ email: member.email, code, password: 'second-password' })).body.code).toBe(1);
    const signedIn = await call(
      t.app,
      login,
      { username: member.email, password: 'second-password' },
      from(),
    );
    expect(signedIn.body.msg).toBe('Welcome back, claimant');
    expect(await me((signedIn.body.data as { token: string }).token)).toMatchObject({
      email: member.email,
      pending_email: null,
    });
  });

  it('goes to the member who proved the address, never to one who only claims it', async () => {
    const owner = await registerMember('realowner');
    const proved = await call(t.app, verifyEmail, { code: owner.proofCode! }, { token: owner.token });
    expect(proved.body.code).toBe(1);
    const squatter = await registerMember('squatter', 'squatter-password', owner.email);
    expect(squatter.proof.subject).toBe(en('mail.taken_subject'));

    const { mail, code } = await mailedCode(owner.email);
    expect(mail.text).toContain(en('mail.reset_text', { name: 'realowner', code }).split('\n')[0]);
    expect((await reset({ email: owner.email, code, password: 'owner-new-password' })).body.code).toBe(1);
    const byName = (username: string, password: string) =>
      call(t.app, login, { username, password }, from()).then((r) => r.body.code);
    expect(await byName('realowner', 'owner-new-password')).toBe(1);
    expect(await byName('squatter', 'squatter-password')).toBe(1);
    expect(await me(squatter.token)).toMatchObject({ email: null, pending_email: owner.email });
  });

  it('sends nothing while two members claim it and neither has proven it', async () => {
    const first = await registerMember('twin1', 'first-password', 'twins@example.org');
    await registerMember('twin2', 'first-password', 'twins@example.org');
    const { body } = await call(t.app, sendMail, { email: 'twins@example.org' }, from());
    expect(body).toEqual({ code: 1, msg: en('auth.reset_sent'), data: null });
    // A mail for another address arrives; none came before it for the twins.
    const { mail } = await mailedCode((await registerMember('bystander')).email);
    expect(mail.to).toEqual(['bystander@example.org']);
    expect(mailbox.unread()).toEqual([]);
    expect(await me(first.token)).toMatchObject({ email: null, pending_email: 'twins@example.org' });
  });
});

describe('without SMTP', () => {
  it('writes the mail to the outbox', async () => {
    const outboxDir = mkdtempSync(path.join(tmpdir(), 'pixelhall-outbox-'));
    const local = await buildTestApp({ config: { outboxDir } });
    try {
      const { body } = await call(local.app, register, {
        username: 'outboxer',
        email: 'outboxer@example.org',
        password: 'first-password',
      });
      expect(body.code).toBe(1);
      await call(local.app, sendMail, { email: 'outboxer@example.org' }, { locale: 'pt-BR' });
      // The sign-up's proof mail is there too: the reset mail is the one whose subject has the code.
      const subjectOf = (f: string) => parseMail(readFileSync(path.join(outboxDir, f), 'utf8')).subject;
      const file = await waitFor(() =>
        readdirSync(outboxDir).find((f) => f.endsWith('.eml') && /\b\d{6}\b/.test(subjectOf(f))),
      );
      const raw = readFileSync(path.join(outboxDir, file), 'utf8');
      expect(raw).toMatch(/^From: Pixelhall <no-reply@pixelhall\.local>\r\n/);
      expect(raw).toMatch(/\r\nTo: outboxer@example\.org\r\n/);
      expect(raw).toMatch(/\r\nDate: [A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} \+0000\r\n/);
      expect(raw).toContain('Content-Type: text/plain; charset=utf-8\r\n');
      const mail = parseMail(raw);
      const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
      const pt = translator('pt-BR');
      expect(mail.subject).toBe(pt('mail.reset_subject', { code }));
      expect(mail.text).toContain(pt('mail.reset_text', { name: 'outboxer', code }));
      const done = await call(local.app, resetPwd, {
        email: 'outboxer@example.org',
        code,
        password: 'second-pass',
      });
      expect(done.body.code).toBe(1);
    } finally {
      await local.close();
      rmSync(outboxDir, { recursive: true, force: true });
    }
  });
});

async function waitFor<T>(probe: () => T | undefined, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}
