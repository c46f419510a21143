import { endpoints, MainCode } from '@pixelhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from './helper';
import { keyOfEnglish } from './support/reason';
import { insertUpload } from './support/uploads';

const { getUser, editUser } = endpoints.users;
const auth = endpoints.auth;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let sequence = 0;
async function registered() {
  sequence += 1;
  const payload = {
    username: `painter${sequence}`,
    email: `painter${sequence}@example.org`,
    password: 'correct horse',
  };
  const { body } = await call(t.app, auth.register, payload);
  expect(body.code).toBe(1);
  return body.data as { token: string; user: { id: number; nickname: string; signature: string } };
}

/** A picture the member uploaded, at the address upload/file answered for it. */
async function uploadedAvatar(ownerId: number): Promise<string> {
  const sha256 = await insertUpload(t.database, {
    mime: 'image/webp',
    bytes: 2048,
    ownerId,
    now: t.clock.now,
  });
  return `/upload/files/${sha256}.webp`;
}

describe('get/user', () => {
  it('shows the e-mail, password state and linked providers only to the member themself', async () => {
    const { token, user } = await registered();
    const noneYet = (await call(t.app, getUser, {}, { token })).body.data;
    expect(noneYet).toMatchObject({ id: user.id, providers: [] });
    // Read with the profile in one statement, one row per provider: all of them, in order, once.
    await t.database.db
      .insertInto('identities')
      .values(
        ['pixelid', 'google'].map((provider) => ({
          user_id: user.id,
          provider,
          subject: `${provider}-${user.id}`,
          email: null,
          created_at: t.clock.now,
        })),
      )
      .execute();
    const self = (await call(t.app, getUser, {}, { token })).body.data;
    expect(self).toMatchObject({
      id: user.id,
      // Not proven yet: the address waits for the code mailed to it.
      email: null,
      pending_email: `painter${sequence}@example.org`,
      has_password: true,
      providers: ['google', 'pixelid'],
      gold: 0,
      diamonds: 0,
    });
    const byId = (await call(t.app, getUser, { user_id: user.id }, { token })).body.data;
    expect(byId).toEqual(self);

    const viewer = await t.make.member();
    for (const options of [{ token: viewer.token }, {}]) {
      const { body } = await call(t.app, getUser, { user_id: user.id }, options);
      expect(body.code).toBe(1);
      for (const field of ['email', 'pending_email', 'has_password', 'providers', 'gold', 'diamonds']) {
        expect(body.data).not.toHaveProperty(field);
      }
      expect(body.data).toMatchObject({ id: user.id, nickname: user.nickname, is_tourist: false });
    }
  });
});

describe('edit/user', () => {
  it('saves the nickname, signature and avatar, trimmed, and answers the whole profile', async () => {
    const { token, user } = await registered();
    const avatar = await uploadedAvatar(user.id);
    t.clock.advance(1000);
    const { body } = await call(
      t.app,
      editUser,
      { nickname: '  Pixel Painter ✨ ', signature: ' I draw sprites. ', avatar },
      { token },
    );
    expect(body.code).toBe(1);
    expect(body.msg).toBe('Saved');
    expect(body.data).toMatchObject({
      id: user.id,
      nickname: 'Pixel Painter ✨',
      signature: 'I draw sprites.',
      avatar,
      email: null,
      pending_email: `painter${sequence}@example.org`,
      has_password: true,
    });
    expect((await call(t.app, getUser, { user_id: user.id })).body.data).toMatchObject({
      nickname: 'Pixel Painter ✨',
      signature: 'I draw sprites.',
      avatar,
    });
  });

  it('changes only the fields it is given', async () => {
    const { token, user } = await registered();
    await call(t.app, editUser, { signature: 'First line' }, { token });
    const { body } = await call(t.app, editUser, { nickname: 'Renamed' }, { token });
    expect(body.data).toMatchObject({ nickname: 'Renamed', signature: 'First line', avatar: '' });
    expect(body.data).toMatchObject({ username: `painter${sequence}`, id: user.id });
  });

  it('counts characters, not UTF-16 units, against the limits', async () => {
    const { token } = await registered();
    const nickname = '🎮'.repeat(24);
    const { body } = await call(t.app, editUser, { nickname, signature: '★'.repeat(100) }, { token });
    expect(body.code).toBe(1);
    expect(body.data).toMatchObject({ nickname });
  });

  it.each([
    ['an empty nickname', { nickname: '' }, 'Please enter your nickname'],
    ['a blank nickname', { nickname: '    ' }, 'Please enter your nickname'],
    ['a 25-character nickname', { nickname: 'n'.repeat(25) }, 'The nickname must be at most 24 characters'],
    ['an empty signature', { signature: '' }, 'Please enter your signature'],
    ['a blank signature', { signature: ' \t ' }, 'Please enter your signature'],
    [
      'a 101-character signature',
      { signature: 's'.repeat(101) },
      'The signature must be at most 100 characters',
    ],
    ['nothing to change', {}, 'Please enter complete content'],
    [
      'an avatar that is not an upload',
      { avatar: 'https://evil.example/a.png' },
      'Please choose an image (JPEG, PNG, GIF or WebP)',
    ],
    [
      'a picture nobody uploaded',
      { avatar: `/upload/files/${'ab'.repeat(32)}.webp` },
      'A file could not be found. Please upload it again.',
    ],
  ])('refuses %s and keeps the profile', async (_name, payload, msg) => {
    const { token, user } = await registered();
    const { body } = await call(t.app, editUser, payload, { token });
    expect(body).toEqual({ code: 0, msg, data: null, reason: keyOfEnglish(msg) });
    expect((await call(t.app, getUser, {}, { token })).body.data).toMatchObject({
      nickname: user.nickname,
      signature: '',
      avatar: '',
    });
  });

  it('is for members only: visitors are asked to sign up, strangers to log in', async () => {
    const visitor = (await call(t.app, auth.tourist)).body.data as {
      token: string;
      user: { nickname: string };
    };
    const { body } = await call(t.app, editUser, { nickname: 'Trying' }, { token: visitor.token });
    expect(body).toEqual({
      code: 0,
      msg: 'Create an account to do this',
      data: null,
      reason: 'errors.tourist_forbidden',
    });
    expect((await call(t.app, getUser, {}, { token: visitor.token })).body.data).toMatchObject({
      nickname: visitor.user.nickname,
    });
    expect((await call(t.app, editUser, { nickname: 'Trying' })).body.code).toBe(MainCode.Expired);
  });
});
