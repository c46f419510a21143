import { endpoints, endpointUrl, GameCode, MainCode } from '@pixelhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type CallOptions, call, type TestApp } from './helper';
import { type Mailbox, startMailbox } from './support/mail';

const { auth, games } = endpoints;

let t: TestApp;
let mailbox: Mailbox;
beforeAll(async () => {
  mailbox = await startMailbox();
  t = await buildTestApp({ config: { smtpUrl: mailbox.url, trustProxy: true } });
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
});

let sequence = 0;
/** A fresh client address, so the account limits of one test never touch another's. */
const from = (extra: CallOptions = {}): CallOptions => {
  sequence += 1;
  return { ...extra, headers: { 'x-forwarded-for': `10.13.${sequence >> 8}.${sequence & 255}` } };
};

async function registerMember(name: string) {
  const payload = { username: name, email: `${name}@example.org`, password: 'first-password' };
  const { body } = await call(t.app, auth.register, payload, from());
  expect(body.code).toBe(MainCode.Success);
  return { ...payload, token: (body.data as { token: string }).token };
}

async function gameTokenOf(sessionToken: string) {
  const { body } = await call(t.app, games.requestToken, {}, { token: sessionToken });
  expect(body.code).toBe(GameCode.Success);
  return (body.data as { token: string }).token;
}

/** What the bearer gets on the game service, upload/file and a tus upload. */
async function answers(bearer: string) {
  const favourites = await call(t.app, games.collectList, {}, { token: bearer });
  const boundary = 'game-token-boundary';
  const file = await t.app.inject({
    method: 'POST',
    url: endpointUrl(endpoints.uploads.uploadFile),
    headers: {
      authorization: `Bearer ${bearer}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: `--${boundary}\r\nContent-Disposition: form-data; name="app"\r\n\r\nimages\r\n--${boundary}--\r\n`,
  });
  const tus = await t.app.inject({
    method: 'POST',
    url: '/upload/upload/big',
    headers: {
      authorization: `Bearer ${bearer}`,
      'tus-resumable': '1.0.0',
      'upload-length': '4',
      'upload-metadata': `filename ${Buffer.from('slot1.state').toString('base64')}`,
    },
  });
  return { game: favourites.body.code, file: file.json().code, tus: tus.statusCode };
}

const dead = { game: GameCode.Expired, file: MainCode.Expired, tus: 401 };

describe('a game token lives only as long as its session', () => {
  it('works while the session that minted it is live', async () => {
    const { token } = await t.make.member();
    const live = await answers(await gameTokenOf(token));
    expect(live.game).toBe(GameCode.Success);
    expect(live.file).not.toBe(MainCode.Expired);
    expect(live.tus).toBe(201);
  });

  it('dies with sign/out', async () => {
    const { token } = await t.make.member();
    const gameToken = await gameTokenOf(token);
    expect((await call(t.app, auth.signOut, {}, { token })).body.code).toBe(MainCode.Success);
    expect(await answers(gameToken)).toEqual(dead);
  });

  it('dies when its session expires', async () => {
    const { token, sessionId } = await t.make.member();
    const gameToken = await gameTokenOf(token);
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: t.clock.now })
      .where('id', '=', sessionId)
      .execute();
    expect(await answers(gameToken)).toEqual(dead);
  });

  it('dies with a password reset by e-mail', async () => {
    const member = await registerMember('tokenreset');
    const gameToken = await gameTokenOf(member.token);
    const since = mailbox.received.length;
    await call(t.app, auth.sendMail, { email: member.email }, from());
    // The reset mail, not the sign-up's proof mail, which may arrive around it.
    const mail = await mailbox.find((m) => /\b\d{6}\b/.test(m.subject), since);
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    const reset = await call(
      t.app,
      auth.resetPwd,
      { email: member.email, code: code!, password: 'second-password' },
      from(),
    );
    expect(reset.body.code).toBe(MainCode.Success);
    expect(await answers(gameToken)).toEqual(dead);
  });

  it('dies with a password change, whichever session minted it', async () => {
    const member = await registerMember('tokenchange');
    const other = await call(
      t.app,
      auth.login,
      { username: member.username, password: member.password },
      from(),
    );
    const otherToken = (other.body.data as { token: string }).token;
    const mine = await gameTokenOf(member.token);
    const theirs = await gameTokenOf(otherToken);
    const changed = await call(
      t.app,
      auth.resetEditPwd,
      { old_password: member.password, password: 'second-password' },
      { token: member.token },
    );
    expect(changed.body.code).toBe(MainCode.Success);
    expect(await answers(theirs)).toEqual(dead);
    expect(await answers(mine)).toEqual(dead);
    // The session that changed the password stays, and mints anew.
    expect((await answers(await gameTokenOf(member.token))).game).toBe(GameCode.Success);
  });

  it('cannot mint another game token', async () => {
    const { token } = await t.make.member();
    const gameToken = await gameTokenOf(token);
    const { body } = await call(t.app, games.requestToken, {}, { token: gameToken });
    expect(body.code).toBe(GameCode.Expired);
    expect(body.data).toBeNull();
  });
});
