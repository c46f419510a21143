import { endpoints, GameCode, MainCode, type MessageKey, type Standing } from '@pixelhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator } from '../src/i18n';
import { buildTestApp, type CallOptions, call, TEST_ORIGIN, type TestApp } from './helper';
import { insertTopic } from './support/community';
import { signIdToken, signingKey, startKeyServer } from './support/oidc';

const { sanctions, posts, comments, follows, topics, users, auth, games } = endpoints;
const en = translator('en-US');
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

type Who = { token: string; user: { id: number; username: string } };

let t: TestApp;
let keys: Awaited<ReturnType<typeof startKeyServer>>;
let providerKey: Awaited<ReturnType<typeof signingKey>>;
let admin: Who;
let globalMod: Who;
let scopedMod: Who;
let topicId: number;

beforeAll(async () => {
  providerKey = await signingKey('pixelid-1');
  keys = await startKeyServer({ '/jwks': [providerKey] });
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
  admin = await staffMember('admin');
  globalMod = await staffMember('moderator');
  topicId = await insertTopic(t.database);
  scopedMod = await staffMember('moderator', [topicId]);
});
afterAll(async () => {
  await t.close();
  await keys.close();
});

let sequence = 0;
/** A fresh client address, so the log-in limits of one test never touch another's. */
const from = (extra: CallOptions = {}): CallOptions => {
  sequence += 1;
  return { ...extra, headers: { 'x-forwarded-for': `10.28.${sequence >> 8}.${sequence & 255}` } };
};

/** A member old and levelled enough that the new-member limits never get in the way. */
async function member(): Promise<Who> {
  const m = await t.make.member();
  await t.database.db
    .updateTable('users')
    .set({ level: 10, created_at: t.clock.now - 60 * DAY })
    .where('id', '=', m.user.id)
    .execute();
  return m;
}

async function staffMember(role: 'moderator' | 'admin', topicIds: number[] = []): Promise<Who> {
  const m = await member();
  await t.services.staff.grantByOperator(m.user.username, role, topicIds);
  return m;
}

async function send(def: Parameters<typeof call>[1], payload: Record<string, unknown>, who?: Who) {
  return (await call(t.app, def, payload, { token: who?.token })).body;
}

async function ok<T>(def: Parameters<typeof call>[1], payload: Record<string, unknown>, who?: Who) {
  const body = await send(def, payload, who);
  expect(body, JSON.stringify(body)).toMatchObject({ code: MainCode.Success });
  return body.data as T;
}

async function refused(
  def: Parameters<typeof call>[1],
  payload: Record<string, unknown>,
  who: Who,
  key: MessageKey,
) {
  const body = await send(def, payload, who);
  expect(body).toEqual({ code: MainCode.Fail, msg: en(key), data: null, reason: key });
}

const userRow = (id: number) =>
  t.database.db
    .selectFrom('users')
    .select(['status', 'suspended_until', 'suspension_reason', 'suspension_action_id', 'ban_reason'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const logOf = (subjectId: number) =>
  t.database.db
    .selectFrom('mod_actions')
    .select(['id', 'action', 'moderator_id', 'reason', 'until_at', 'is_public'])
    .where('subject_user_id', '=', subjectId)
    .orderBy('id')
    .execute();

const newsOf = (userId: number) =>
  t.database.db
    .selectFrom('news')
    .select(['kind', 'ref_type', 'ref_id', 'text', 'actor_id'])
    .where('user_id', '=', userId)
    .where('kind', 'like', 'mod_%')
    .orderBy('id')
    .execute();

describe('mod/sanction: warn', () => {
  it('writes a log entry, tells the member through news, and my/standing lists it', async () => {
    const target = await member();
    const data = await ok<{ action_id: number }>(
      sanctions.modSanction,
      { user_id: target.user.id, kind: 'warn', reason: 'Please keep it civil' },
      globalMod,
    );
    const [entry] = await logOf(target.user.id);
    expect(entry).toMatchObject({ id: data.action_id, action: 'warn', reason: 'Please keep it civil' });
    expect(Number(entry!.moderator_id)).toBe(globalMod.user.id);
    // A warning is between the member and the staff.
    expect(Number(entry!.is_public)).toBe(0);
    expect(await newsOf(target.user.id)).toEqual([
      {
        kind: 'mod_warned',
        ref_type: 'mod_action',
        ref_id: data.action_id,
        text: 'Please keep it civil',
        actor_id: null,
      },
    ]);
    // Warned, not kept from writing.
    expect((await userRow(target.user.id)).suspended_until).toBeNull();
    const standing = await ok<Standing>(sanctions.myStanding, {}, target);
    expect(standing).toEqual({
      role: 'member',
      topic_ids: null,
      suspension: null,
      warnings: [{ action_id: data.action_id, reason: 'Please keep it civil', created_at: t.clock.now }],
    });
  });

  it('answers a toast in the caller’s language', async () => {
    const target = await member();
    const { body } = await call(
      t.app,
      sanctions.modSanction,
      { user_id: target.user.id, kind: 'warn', reason: 'Spam' },
      { token: globalMod.token, locale: 'ja-JP' },
    );
    expect(body).toMatchObject({ code: MainCode.Success, msg: translator('ja-JP')('moderation.warned') });
  });
});

describe('mod/sanction: suspend', () => {
  it('stops every public write until the end, exactly on the app clock, and leaves reading, reporting and the wallet open', async () => {
    const author = await member();
    const target = await member();
    const post = await ok<{ id: number }>(
      posts.createPost,
      { topic_id: topicId, text: 'A post to react to' },
      author,
    );
    const comment = await ok<{ id: number }>(
      comments.postComment,
      { post_id: post.id, text: 'First!' },
      author,
    );

    const { action_id } = await ok<{ action_id: number }>(
      sanctions.modSanction,
      { user_id: target.user.id, kind: 'suspend', reason: 'Flooding the topic', hours: 2 },
      admin,
    );
    const until = t.clock.now + 2 * HOUR;
    expect(await userRow(target.user.id)).toMatchObject({
      status: 'active',
      suspension_reason: 'Flooding the topic',
    });
    expect(Number((await userRow(target.user.id)).suspended_until)).toBe(until);
    expect(Number((await userRow(target.user.id)).suspension_action_id)).toBe(action_id);
    expect((await newsOf(target.user.id)).map((n) => [n.kind, n.text])).toEqual([
      ['mod_suspended', 'Flooding the topic'],
    ]);

    const writes: Array<[Parameters<typeof call>[1], Record<string, unknown>]> = [
      [posts.createPost, { topic_id: topicId, text: 'Back again' }],
      [comments.postComment, { post_id: post.id, text: 'Still here' }],
      [comments.replyComment, { comment_id: comment.id, text: 'Replying' }],
      [posts.likePost, { id: post.id, like: true }],
      [comments.likeComment, { id: comment.id, like: true }],
      [follows.userFollow, { user_id: author.user.id, follow: true }],
      [topics.topicFollow, { id: topicId, follow: true }],
      [users.editUser, { nickname: 'New name' }],
    ];
    const suspended = async () => {
      for (const [def, payload] of writes) {
        const body = await send(def, payload, target);
        expect(body, def.path).toEqual({
          code: MainCode.Fail,
          msg: en('errors.suspended', { until }),
          data: null,
          reason: 'errors.suspended',
        });
      }
    };
    await suspended();
    // The message names the end, in the reader's language.
    expect(en('errors.suspended', { until })).toContain('2026');
    const { body: inJapanese } = await call(
      t.app,
      posts.createPost,
      { topic_id: topicId, text: 'x' },
      { token: target.token, locale: 'ja-JP' },
    );
    expect(inJapanese.msg).toBe(translator('ja-JP')('errors.suspended', { until }));
    // Nothing was written.
    const written = await t.database.db
      .selectFrom('posts')
      .select('id')
      .where('user_id', '=', target.user.id)
      .execute();
    expect(written).toEqual([]);

    // Reading, reporting and the member's own standing stay open.
    await ok(posts.postDetail, { id: post.id }, target);
    await ok(posts.report, { target: 'post', id: post.id, reason: 'spam', text: 'Looks like spam' }, target);
    const standing = await ok<Standing>(sanctions.myStanding, {}, target);
    expect(standing.suspension).toEqual({ until, reason: 'Flooding the topic', action_id });

    t.clock.advance(2 * HOUR - 1);
    await suspended();

    t.clock.advance(1);
    expect((await ok<Standing>(sanctions.myStanding, {}, target)).suspension).toBeNull();
    for (const [def, payload] of writes) await ok(def, payload, target);
  });

  it('replaces the end when suspended again, and logs both', async () => {
    const target = await member();
    await ok(
      sanctions.modSanction,
      { user_id: target.user.id, kind: 'suspend', reason: 'First', hours: 48 },
      admin,
    );
    const second = await ok<{ action_id: number }>(
      sanctions.modSanction,
      { user_id: target.user.id, kind: 'suspend', reason: 'Shorter after all', hours: 1 },
      admin,
    );
    const row = await userRow(target.user.id);
    expect(Number(row.suspended_until)).toBe(t.clock.now + HOUR);
    expect(row.suspension_reason).toBe('Shorter after all');
    expect(Number(row.suspension_action_id)).toBe(second.action_id);
    const log = await logOf(target.user.id);
    expect(log.map((e) => [e.action, Number(e.until_at)])).toEqual([
      ['suspend', t.clock.now + 48 * HOUR],
      ['suspend', t.clock.now + HOUR],
    ]);
    expect(log.every((e) => Number(e.is_public) === 1)).toBe(true);
  });

  it('refuses bad input with a translated message and changes nothing', async () => {
    const target = await member();
    const base = { user_id: target.user.id, kind: 'suspend', reason: 'Because' };
    await refused(sanctions.modSanction, base, admin, 'validation.mod_hours_required');
    await refused(sanctions.modSanction, { ...base, hours: 0 }, admin, 'validation.mod_hours_range');
    await refused(sanctions.modSanction, { ...base, hours: 8761 }, admin, 'validation.mod_hours_range');
    await refused(sanctions.modSanction, { ...base, hours: 1.5 }, admin, 'validation.mod_hours_range');
    await refused(
      sanctions.modSanction,
      { ...base, hours: 2, reason: '   ' },
      admin,
      'validation.mod_reason_required',
    );
    await refused(
      sanctions.modSanction,
      { ...base, hours: 2, reason: 'x'.repeat(501) },
      admin,
      'validation.mod_reason_max',
    );
    expect((await send(sanctions.modSanction, { ...base, kind: 'mute', hours: 2 }, admin)).reason).toBe(
      'errors.invalid_field',
    );
    expect((await userRow(target.user.id)).suspended_until).toBeNull();
    expect(await logOf(target.user.id)).toEqual([]);
  });
});

describe('who may sanction whom', () => {
  it('needs a moderator of every topic or an administrator, above the member', async () => {
    const plain = await member();
    const target = await member();
    const warn = (userId: number) => ({ user_id: userId, kind: 'warn', reason: 'Nope' });
    // The desk does not exist for members.
    await refused(sanctions.modSanction, warn(target.user.id), plain, 'errors.not_found');
    await refused(
      sanctions.modSanctionLift,
      { user_id: target.user.id, reason: 'x' },
      plain,
      'errors.not_found',
    );
    // A moderator of some topics does not sanction members site-wide.
    await refused(sanctions.modSanction, warn(target.user.id), scopedMod, 'errors.mod_needs_global');
    // Nobody acts on their own rank or above, nor on themselves.
    const otherMod = await staffMember('moderator');
    await refused(sanctions.modSanction, warn(otherMod.user.id), globalMod, 'errors.mod_outranked');
    await refused(sanctions.modSanction, warn(admin.user.id), globalMod, 'errors.mod_outranked');
    await refused(sanctions.modSanction, warn(globalMod.user.id), globalMod, 'errors.mod_outranked');
    const otherAdmin = await staffMember('admin');
    await refused(sanctions.modSanction, warn(otherAdmin.user.id), admin, 'errors.mod_outranked');
    await refused(sanctions.modSanction, warn(admin.user.id), admin, 'errors.mod_outranked');
    expect(await logOf(otherMod.user.id)).toHaveLength(1); // only its grant
    expect((await logOf(admin.user.id)).map((e) => e.action)).toEqual(['grant_role']);
    // An administrator acts on a moderator.
    await ok(sanctions.modSanction, { ...warn(otherMod.user.id), kind: 'suspend', hours: 1 }, admin);
    expect(Number((await userRow(otherMod.user.id)).suspended_until)).toBe(t.clock.now + HOUR);
  });

  it('refuses unknown and erased members', async () => {
    const erased = await member();
    await t.database.db
      .updateTable('users')
      .set({ status: 'erased' })
      .where('id', '=', erased.user.id)
      .execute();
    for (const id of [erased.user.id, 99_999_999]) {
      await refused(
        sanctions.modSanction,
        { user_id: id, kind: 'ban', reason: 'Gone' },
        admin,
        'errors.user_not_found',
      );
      await refused(
        sanctions.modSanctionLift,
        { user_id: id, reason: 'Gone' },
        admin,
        'errors.user_not_found',
      );
    }
    expect(await logOf(erased.user.id)).toEqual([]);
  });
});

describe('mod/sanction: ban', () => {
  async function registerMember(name: string) {
    const payload = { username: name, email: `${name}@example.org`, password: 'first-password' };
    const { body } = await call(t.app, auth.register, payload, from());
    expect(body.code).toBe(MainCode.Success);
    const data = body.data as { token: string; user: { id: number } };
    return { ...payload, token: data.token, id: data.user.id };
  }

  it('ends every session and game token, and log-in says why until it is lifted', async () => {
    const reg = await registerMember('banmebyname');
    const second = (await call(t.app, auth.login, { username: reg.username, password: reg.password }, from()))
      .body;
    const secondToken = (second.data as { token: string }).token;
    const gameToken = (await call(t.app, games.requestToken, {}, { token: reg.token })).body.data as {
      token: string;
    };
    const { id } = reg;

    const { action_id } = await ok<{ action_id: number }>(
      sanctions.modSanction,
      { user_id: id, kind: 'ban', reason: 'Selling cheats' },
      globalMod,
    );
    expect(await userRow(id)).toMatchObject({ status: 'banned', ban_reason: 'Selling cheats' });
    const live = await t.database.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toEqual([]);
    expect(
      await t.database.db.selectFrom('game_tokens').select('token_hash').where('user_id', '=', id).execute(),
    ).toEqual([]);
    for (const token of [reg.token, secondToken]) {
      expect((await call(t.app, users.getUser, {}, { token })).body.code).toBe(MainCode.Expired);
    }
    expect((await call(t.app, games.collectList, {}, { token: gameToken.token })).body.code).toBe(
      GameCode.Expired,
    );

    const banned = (await call(t.app, auth.login, { username: reg.username, password: reg.password }, from()))
      .body;
    expect(banned).toEqual({
      code: MainCode.Fail,
      msg: 'This account was banned: Selling cheats',
      data: null,
      reason: 'errors.account_banned',
    });
    // The user name in any case signs in the same way; a wrong password learns nothing.
    const upper = { username: reg.username.toUpperCase(), password: reg.password };
    expect((await call(t.app, auth.login, upper, from())).body.reason).toBe('errors.account_banned');
    const wrong = (
      await call(t.app, auth.login, { username: reg.username, password: 'not-the-password' }, from())
    ).body;
    expect(wrong.reason).toBe('errors.wrong_credentials');

    // A ban is public; the second one is refused and changes nothing.
    const log = await logOf(id);
    expect(log.map((e) => [e.action, Number(e.is_public)])).toEqual([['ban', 1]]);
    expect(log[0]!.id).toBe(action_id);
    await refused(
      sanctions.modSanction,
      { user_id: id, kind: 'ban', reason: 'Again' },
      admin,
      'errors.mod_already_banned',
    );
    await refused(
      sanctions.modSanction,
      { user_id: id, kind: 'suspend', reason: 'Again', hours: 3 },
      admin,
      'errors.mod_already_banned',
    );
    expect(await logOf(id)).toHaveLength(1);

    // A lift restores log-in, but not the ended sessions.
    await ok(sanctions.modSanctionLift, { user_id: id, reason: 'Appeal accepted' }, admin);
    expect(await userRow(id)).toMatchObject({ status: 'active', ban_reason: null });
    expect((await call(t.app, users.getUser, {}, { token: reg.token })).body.code).toBe(MainCode.Expired);
    const back = (await call(t.app, auth.login, { username: reg.username, password: reg.password }, from()))
      .body;
    expect(back.code).toBe(MainCode.Success);
    expect((await newsOf(id)).map((n) => n.kind)).toEqual(['mod_banned', 'mod_lifted']);
    await refused(
      sanctions.modSanctionLift,
      { user_id: id, reason: 'Twice' },
      admin,
      'errors.mod_nothing_to_lift',
    );
  });

  it('refuses a third-party sign-in of a banned member with the reason', async () => {
    const idToken = await signIdToken(
      providerKey,
      {
        sub: 'banned-provider-user',
        email: 'provider@example.org',
        email_verified: true,
        name: 'Provider User',
      },
      { issuer: keys.issuer, audience: 'pixelhall-web' },
    );
    const first = (await call(t.app, auth.thirdAuth, { idToken, fromApp: 'pixelid' }, from())).body;
    expect(first.code).toBe(MainCode.Success);
    const id = (first.data as { user: { id: number } }).user.id;
    await ok(sanctions.modSanction, { user_id: id, kind: 'ban', reason: 'Ban evasion' }, admin);
    const again = (await call(t.app, auth.thirdAuth, { idToken, fromApp: 'pixelid' }, from())).body;
    expect(again).toEqual({
      code: MainCode.Fail,
      msg: 'This account was banned: Ban evasion',
      data: null,
      reason: 'errors.account_banned',
    });
  });

  it('lets exactly one of two bans at once through', async () => {
    const target = await member();
    const other = await staffMember('admin');
    const answersOf = await Promise.all(
      [admin, other].map((who) =>
        send(sanctions.modSanction, { user_id: target.user.id, kind: 'ban', reason: 'Race' }, who),
      ),
    );
    expect(answersOf.map((b) => b.code).sort()).toEqual([MainCode.Fail, MainCode.Success]);
    expect(answersOf.find((b) => b.code === MainCode.Fail)?.reason).toBe('errors.mod_already_banned');
    expect((await logOf(target.user.id)).map((e) => e.action)).toEqual(['ban']);

    const lifts = await Promise.all(
      [admin, other].map((who) =>
        send(sanctions.modSanctionLift, { user_id: target.user.id, reason: 'Race' }, who),
      ),
    );
    expect(lifts.map((b) => b.code).sort()).toEqual([MainCode.Fail, MainCode.Success]);
    expect((await logOf(target.user.id)).map((e) => e.action)).toEqual(['ban', 'lift']);
  });
});

describe('mod/sanction/lift', () => {
  it('ends a suspension now and tells the member', async () => {
    const target = await member();
    await ok(
      sanctions.modSanction,
      { user_id: target.user.id, kind: 'suspend', reason: 'Cool off', hours: 24 },
      admin,
    );
    expect((await send(posts.createPost, { topic_id: topicId, text: 'x' }, target)).reason).toBe(
      'errors.suspended',
    );
    await ok(sanctions.modSanctionLift, { user_id: target.user.id, reason: 'Talked it through' }, globalMod);
    expect(await userRow(target.user.id)).toMatchObject({
      suspended_until: null,
      suspension_reason: null,
      suspension_action_id: null,
    });
    await ok(posts.createPost, { topic_id: topicId, text: 'Thanks, I am back' }, target);
    expect((await newsOf(target.user.id)).map((n) => [n.kind, n.text])).toEqual([
      ['mod_suspended', 'Cool off'],
      ['mod_lifted', 'Talked it through'],
    ]);
  });

  it('refuses a suspension that already ran out', async () => {
    const target = await member();
    await ok(
      sanctions.modSanction,
      { user_id: target.user.id, kind: 'suspend', reason: 'Short', hours: 1 },
      admin,
    );
    t.clock.advance(HOUR);
    await refused(
      sanctions.modSanctionLift,
      { user_id: target.user.id, reason: 'Late' },
      admin,
      'errors.mod_nothing_to_lift',
    );
  });
});

describe('my/standing', () => {
  it('names a moderator’s topics, and none for global staff', async () => {
    expect(await ok<Standing>(sanctions.myStanding, {}, scopedMod)).toMatchObject({
      role: 'moderator',
      topic_ids: [topicId],
    });
    expect(await ok<Standing>(sanctions.myStanding, {}, globalMod)).toMatchObject({
      role: 'moderator',
      topic_ids: null,
    });
    expect(await ok<Standing>(sanctions.myStanding, {}, admin)).toMatchObject({
      role: 'admin',
      topic_ids: null,
    });
  });

  it('needs a member', async () => {
    const { body } = await call(t.app, sanctions.myStanding, {});
    expect(body.code).toBe(MainCode.Expired);
  });
});

// Last: it moves the clock past every session's life.
describe('warnings in my/standing', () => {
  it('are listed for 90 days', async () => {
    const target = await member();
    await ok(sanctions.modSanction, { user_id: target.user.id, kind: 'warn', reason: 'Old news' }, admin);
    t.clock.advance(90 * DAY - 1);
    const later = { ...target, token: (await t.services.sessions.create(target.user.id, TEST_ORIGIN)).token };
    expect((await ok<Standing>(sanctions.myStanding, {}, later)).warnings.map((w) => w.reason)).toEqual([
      'Old news',
    ]);
    t.clock.advance(1);
    expect((await ok<Standing>(sanctions.myStanding, {}, later)).warnings).toEqual([]);
  });
});
