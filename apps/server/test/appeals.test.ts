import {
  APPEAL_MESSAGE_MAX,
  type Appeal,
  type DeskAppeal,
  endpoints,
  MainCode,
  type MemberModeration,
  type MessageKey,
  type Post,
} from '@pixelhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countOpenAppeals } from '../src/features/appeals/public';
import { appealsService } from '../src/features/appeals/service';
import { translator } from '../src/i18n';
import { buildTestApp, call, ENGINE, type TestApp } from './helper';
import { queryPlan, recordQueries } from './support/queries';
import { answers, type Caller, insertPost } from './support/social';

const a = endpoints.appeals;
const mod = endpoints.moderation;
const en = translator('en-US');
const HOUR = 60 * 60 * 1000;

type Member = Awaited<ReturnType<TestApp['make']['member']>>;
type Page<T> = { list: T[]; total: number; cursor: string | null };

let t: TestApp;
const { ok } = answers(() => t.app);

/** Staff as `npm run ops -- roles:grant` makes them: the role on the row, topics for a scoped moderator. */
async function staff(role: 'moderator' | 'admin', topics: number[] = []): Promise<Member> {
  const member = await t.make.member();
  const { db } = t.database;
  await db
    .updateTable('users')
    .set({ role, role_granted_at: t.clock.now })
    .where('id', '=', member.user.id)
    .execute();
  for (const topicId of topics) {
    await db
      .insertInto('moderator_topics')
      .values({ user_id: member.user.id, topic_id: topicId, created_at: t.clock.now })
      .execute();
  }
  return member;
}

let admin: Member;
let modA: Member;
let modB: Member;
/** A moderator of some other topic only. */
let scoped: Member;
let author: Member;
let other: Member;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await staff('admin');
  modA = await staff('moderator');
  modB = await staff('moderator');
  const elsewhere = await insertPost(t.database, (await t.make.user()).id);
  scoped = await staff('moderator', [elsewhere.topicId]);
  author = await t.make.member();
  other = await t.make.member();
});
afterAll(() => t.close());

/** A post of `who`, removed by `by`: answers the post and the log entry an appeal names. */
async function removedPost(who: Caller = author, by: Caller = modA, reason = 'Off-topic spam') {
  t.clock.advance(1000);
  const post = await insertPost(t.database, who.user.id, { now: t.clock.now });
  const { data } = await ok<{ action_id: number }>(
    mod.modRemove,
    { target: 'post', id: post.id, reason },
    by,
  );
  return { post, actionId: data.action_id };
}

const appeal = (who: Caller, actionId: number, message = 'This was a walkthrough, not spam.') =>
  call(t.app, a.appealCreate, { action_id: actionId, message }, { token: who.token });

const notices = async (who: Caller) =>
  (await ok<Page<MemberModeration>>(a.myModeration, { num: 100 }, who)).data.list;

const desk = async (who: Caller, state: 'open' | 'answered' = 'open') =>
  (await ok<Page<DeskAppeal>>(a.modAppeals, { state, num: 100 }, who)).data;

const answer = (who: Caller, id: number, grant: boolean, text = 'Looked again: you are right.') =>
  call(t.app, a.modAppealsAnswer, { id, grant, answer: text }, { token: who.token });

function expectRefused(body: unknown, key: MessageKey) {
  expect(body).toEqual({ code: MainCode.Fail, msg: en(key), data: null, reason: key });
}

const appealRows = (actionId: number) =>
  t.database.db.selectFrom('appeals').selectAll().where('action_id', '=', actionId).execute();

const postRow = (id: number) =>
  t.database.db
    .selectFrom('posts')
    .select(['removed_at', 'removed_action_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const logCount = (action: string, targetId: number) =>
  t.database.db
    .selectFrom('mod_actions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('action', '=', action)
    .where('target_id', '=', targetId)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));

describe('appealing a removal', () => {
  it('lists the removal among the member’s notices, appealable, with its reason and post', async () => {
    const { post, actionId } = await removedPost();
    const [first] = await notices(author);
    expect(first).toMatchObject({
      appealable: true,
      appeal: null,
      action: {
        id: actionId,
        action: 'remove_post',
        reason: 'Off-topic spam',
        post_id: post.id,
        target_type: 'post',
        target_id: post.id,
        moderator: null,
        snapshot: null,
      },
    });
  });

  it('takes one appeal per action, trimmed, and refuses a second with nothing written', async () => {
    const { actionId } = await removedPost();
    const sent = await appeal(author, actionId, '  Please look again.  ');
    expect(sent.body).toMatchObject({ code: 1, msg: en('moderation.appeal_sent') });
    const created = sent.body.data as Appeal;
    expect(created).toMatchObject({
      state: 'open',
      message: 'Please look again.',
      answer: null,
      answered_at: null,
    });

    expectRefused((await appeal(author, actionId, 'And again')).body, 'errors.appeal_exists');
    const rows = await appealRows(actionId);
    expect(rows.map((r) => r.message)).toEqual(['Please look again.']);

    const notice = (await notices(author)).find((n) => n.action.id === actionId)!;
    expect(notice).toMatchObject({ appealable: false, appeal: { id: created.id, state: 'open' } });
  });

  it('lets one of several appeals sent at once through', async () => {
    const { actionId } = await removedPost();
    const results = await Promise.all(Array.from({ length: 6 }, () => appeal(author, actionId)));
    const codes = results.map((r) => r.body.code);
    expect(codes.filter((c) => c === 1)).toHaveLength(1);
    for (const r of results.filter((r) => r.body.code !== 1)) expectRefused(r.body, 'errors.appeal_exists');
    expect(await appealRows(actionId)).toHaveLength(1);
  });

  it('refuses an action about someone else, or none, alike', async () => {
    const { actionId } = await removedPost();
    expectRefused((await appeal(other, actionId)).body, 'errors.appeal_not_yours');
    expectRefused((await appeal(other, 99_999_999)).body, 'errors.appeal_not_yours');
    expect(await appealRows(actionId)).toHaveLength(0);
  });

  it('refuses what cannot be appealed: a warning', async () => {
    const { data } = await ok<{ action_id: number }>(
      endpoints.sanctions.modSanction,
      { user_id: author.user.id, kind: 'warn', reason: 'Mind the rules' },
      modA,
    );
    expectRefused((await appeal(author, data.action_id)).body, 'errors.appeal_not_appealable');
    const notice = (await notices(author)).find((n) => n.action.id === data.action_id)!;
    expect(notice).toMatchObject({ appealable: false, action: { action: 'warn', reason: 'Mind the rules' } });
  });

  it('refuses an appeal of a removal already undone', async () => {
    const { post, actionId } = await removedPost();
    await ok(mod.modRestore, { target: 'post', id: post.id, reason: 'Fine after all' }, modB);
    expectRefused((await appeal(author, actionId)).body, 'errors.appeal_not_needed');
    const list = await notices(author);
    expect(list.find((n) => n.action.id === actionId)).toMatchObject({ appealable: false });
    expect(list[0]).toMatchObject({
      action: { action: 'restore_post', target_id: post.id, reason: 'Fine after all' },
    });
  });

  it('checks the message: required, at most 1,000 characters, translated', async () => {
    const { actionId } = await removedPost();
    for (const [message, key] of [
      ['', 'validation.appeal_message_required'],
      ['   \n ', 'validation.appeal_message_required'],
      ['x'.repeat(APPEAL_MESSAGE_MAX + 1), 'validation.appeal_message_max'],
    ] as const) {
      const { body } = await call(
        t.app,
        a.appealCreate,
        { action_id: actionId, message },
        { token: author.token, locale: 'pt-PT' },
      );
      expect(body).toMatchObject({ code: 0, reason: key, msg: translator('pt-PT')(key) });
    }
    expect(
      (await call(t.app, a.appealCreate, { action_id: actionId }, { token: author.token })).body,
    ).toMatchObject({
      code: 0,
      reason: 'validation.appeal_message_required',
    });
    expect(await appealRows(actionId)).toHaveLength(0);
    // Emoji count as one character each: 1,000 of them fit.
    expect((await appeal(author, actionId, '🙏'.repeat(APPEAL_MESSAGE_MAX))).body.code).toBe(1);
  });
});

describe('the desk’s queue', () => {
  it('does not exist for members', async () => {
    expectRefused((await call(t.app, a.modAppeals, {}, { token: author.token })).body, 'errors.not_found');
    expectRefused((await answer(other, 1, true)).body, 'errors.not_found');
  });

  it('shows an open appeal to moderators of its topic, whole, and counts it', async () => {
    const { post, actionId } = await removedPost(author, modA, 'Spam link');
    const created = (await appeal(author, actionId, 'It was my own site')).body.data as Appeal;

    const seen = (await desk(modB)).list.find((x) => x.id === created.id)!;
    expect(seen).toMatchObject({
      state: 'open',
      message: 'It was my own site',
      member: { id: author.user.id },
      in_force: true,
      can_answer: true,
      answered_by: null,
      action: {
        id: actionId,
        action: 'remove_post',
        reason: 'Spam link',
        moderator: { id: modA.user.id },
        post_id: post.id,
      },
    });
    expect(seen.action.snapshot).toContain(post.text);
    // The moderator who removed it sees it, but may not answer it.
    expect((await desk(modA)).list.find((x) => x.id === created.id)).toMatchObject({ can_answer: false });
    // A moderator of another topic does not see it at all.
    expect((await desk(scoped)).list.find((x) => x.id === created.id)).toBeUndefined();

    const overview = async (who: Caller) =>
      (await ok<{ counts: { appeals: number } }>(mod.modOverview, {}, who)).data.counts.appeals;
    const open = (await desk(modB)).total;
    expect(await overview(modB)).toBe(open);
    expect(await overview(scoped)).toBe((await desk(scoped)).total);
  });

  it('pages the open queue oldest first', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const { actionId } = await removedPost();
      t.clock.advance(1000);
      ids.push(((await appeal(author, actionId)).body.data as Appeal).id);
    }
    const all = (await desk(admin)).list.map((x) => x.id);
    expect(all.filter((id) => ids.includes(id))).toEqual(ids);
    const seen: number[] = [];
    let cursor: string | null = null;
    for (let guard = 0; guard < 100; guard += 1) {
      const { data }: { data: Page<DeskAppeal> } = await ok<Page<DeskAppeal>>(
        a.modAppeals,
        { num: 2, ...(cursor ? { cursor } : {}) },
        admin,
      );
      seen.push(...data.list.map((x) => x.id));
      cursor = data.cursor;
      if (!cursor) break;
    }
    expect(seen).toEqual(all);
  });
});

describe('answering', () => {
  it('grants: the post comes back, the member is told with the answer, the log keeps it', async () => {
    const { post, actionId } = await removedPost();
    const created = (await appeal(author, actionId)).body.data as Appeal;
    const { body } = await answer(modB, created.id, true, 'You are right, restored.');
    expect(body).toMatchObject({
      code: 1,
      msg: en('moderation.appeal_granted'),
      data: {
        id: created.id,
        state: 'granted',
        answer: 'You are right, restored.',
        answered_by: { id: modB.user.id },
      },
    });
    expect(await postRow(post.id)).toMatchObject({ removed_at: null, removed_action_id: null });
    const detail = await ok<Post>(endpoints.posts.postDetail, { id: post.id }, other);
    expect(detail.data).toMatchObject({ removed: null, text: post.text });

    const news = await t.database.db
      .selectFrom('news')
      .select(['kind', 'ref_type', 'ref_id', 'text'])
      .where('user_id', '=', author.user.id)
      .where('kind', '=', 'appeal_answered')
      .where('ref_id', '=', created.id)
      .execute();
    expect(news).toEqual([
      { kind: 'appeal_answered', ref_type: 'appeal', ref_id: created.id, text: 'You are right, restored.' },
    ]);
    expect(await logCount('answer_appeal', created.id)).toBe(1);
    expect(await logCount('restore_post', post.id)).toBe(1);

    const notice = (await notices(author)).find((n) => n.action.id === actionId)!;
    expect(notice).toMatchObject({
      appealable: false,
      appeal: { state: 'granted', answer: 'You are right, restored.' },
    });
    expect((await desk(modB, 'answered')).list[0]).toMatchObject({ id: created.id, state: 'granted' });
    expect((await desk(modB)).list.find((x) => x.id === created.id)).toBeUndefined();
  });

  it('denies: the post stays removed, and the member reads why', async () => {
    const { post, actionId } = await removedPost();
    const created = (await appeal(author, actionId)).body.data as Appeal;
    const { body } = await answer(admin, created.id, false, 'It is spam.');
    expect(body).toMatchObject({ code: 1, msg: en('moderation.appeal_denied'), data: { state: 'denied' } });
    expect(await postRow(post.id)).toMatchObject({ removed_action_id: actionId });
    expect(await logCount('restore_post', post.id)).toBe(0);
    expect((await notices(author)).find((n) => n.action.id === actionId)).toMatchObject({
      appeal: { state: 'denied', answer: 'It is spam.' },
    });
  });

  it('refuses the moderator who took the action, unless an administrator', async () => {
    const { post, actionId } = await removedPost(author, modA);
    const created = (await appeal(author, actionId)).body.data as Appeal;
    expectRefused((await answer(modA, created.id, true)).body, 'errors.appeal_own_action');
    expect((await appealRows(actionId))[0]).toMatchObject({ state: 'open', answer: null });
    expect(await postRow(post.id)).toMatchObject({ removed_action_id: actionId });

    const byAdmin = await removedPost(author, admin);
    const adminAppeal = (await appeal(author, byAdmin.actionId)).body.data as Appeal;
    expect((await answer(admin, adminAppeal.id, false)).body.code).toBe(1);
  });

  it('refuses a moderator outside the topic, and one who does not outrank the member', async () => {
    const { actionId } = await removedPost();
    const created = (await appeal(author, actionId)).body.data as Appeal;
    expectRefused((await answer(scoped, created.id, true)).body, 'errors.mod_not_your_topic');

    // A moderator's post, removed by an administrator: only an administrator answers its appeal.
    const { actionId: modPost } = await removedPost(modB, admin);
    const modAppeal = (await appeal(modB, modPost)).body.data as Appeal;
    expectRefused((await answer(modA, modAppeal.id, true)).body, 'errors.mod_outranked');
    expect((await desk(modA)).list.find((x) => x.id === modAppeal.id)).toMatchObject({ can_answer: false });
    expect((await appealRows(modPost))[0]).toMatchObject({ state: 'open' });
  });

  it('answers once: a second answer, or two at once, change nothing more', async () => {
    const { post, actionId } = await removedPost();
    const created = (await appeal(author, actionId)).body.data as Appeal;
    expect((await answer(modB, created.id, false, 'No.')).body.code).toBe(1);
    expectRefused((await answer(admin, created.id, true)).body, 'errors.appeal_answered');
    expect(await postRow(post.id)).toMatchObject({ removed_action_id: actionId });

    const twice = await removedPost();
    const concurrent = (await appeal(author, twice.actionId)).body.data as Appeal;
    const results = await Promise.all([
      answer(modB, concurrent.id, true, 'Granted by B'),
      answer(admin, concurrent.id, true, 'Granted by the admin'),
      answer(modB, concurrent.id, false, 'Denied by B'),
    ]);
    expect(results.filter((r) => r.body.code === 1)).toHaveLength(1);
    for (const r of results.filter((r) => r.body.code !== 1)) expectRefused(r.body, 'errors.appeal_answered');
    expect(await logCount('answer_appeal', concurrent.id)).toBe(1);
    expect(await logCount('restore_post', twice.post.id)).toBeLessThanOrEqual(1);
    const news = await t.database.db
      .selectFrom('news')
      .select('id')
      .where('kind', '=', 'appeal_answered')
      .where('ref_id', '=', concurrent.id)
      .execute();
    expect(news).toHaveLength(1);
  });

  it('grants what was undone meanwhile without undoing it twice', async () => {
    const { post, actionId } = await removedPost();
    const created = (await appeal(author, actionId)).body.data as Appeal;
    await ok(mod.modRestore, { target: 'post', id: post.id }, admin);
    expect((await desk(modB)).list.find((x) => x.id === created.id)).toMatchObject({ in_force: false });
    expect((await answer(modB, created.id, true, 'Already back')).body).toMatchObject({
      code: 1,
      data: { state: 'granted', in_force: false },
    });
    expect(await logCount('restore_post', post.id)).toBe(1);
  });

  it('refuses an appeal that does not exist', async () => {
    expectRefused((await answer(modB, 99_999_999, true)).body, 'errors.appeal_not_found');
  });

  it('checks the answer: required, trimmed, at most 1,000 characters', async () => {
    const { actionId } = await removedPost();
    const created = (await appeal(author, actionId)).body.data as Appeal;
    expect((await answer(modB, created.id, true, '   ')).body).toMatchObject({
      code: 0,
      reason: 'validation.appeal_answer_required',
    });
    expect((await answer(modB, created.id, true, 'y'.repeat(1001))).body).toMatchObject({
      code: 0,
      reason: 'validation.appeal_answer_max',
    });
    expect(
      (
        await call(
          t.app,
          a.modAppealsAnswer,
          { id: created.id, grant: 'yes', answer: 'ok' },
          { token: modB.token },
        )
      ).body,
    ).toMatchObject({ code: 0 });
    expect((await appealRows(actionId))[0]).toMatchObject({ state: 'open' });
  });
});

describe('appealing a suspension', () => {
  let suspended: Member;
  let actionId: number;

  beforeAll(async () => {
    suspended = await t.make.member();
    const { data } = await ok<{ action_id: number }>(
      endpoints.sanctions.modSanction,
      { user_id: suspended.user.id, kind: 'suspend', reason: 'Flooding', hours: 48 },
      modA,
    );
    actionId = data.action_id;
  });

  it('is open to the suspended member, and reaches only moderators of every topic', async () => {
    const [notice] = await notices(suspended);
    expect(notice).toMatchObject({
      appealable: true,
      action: { id: actionId, action: 'suspend', reason: 'Flooding', until: t.clock.now + 48 * HOUR },
    });
    const created = (await appeal(suspended, actionId, 'I was testing a bot, sorry')).body.data as Appeal;
    expect((await desk(scoped)).list.find((x) => x.id === created.id)).toBeUndefined();
    expectRefused((await answer(scoped, created.id, true)).body, 'errors.mod_needs_global');
    expect((await desk(modB)).list.find((x) => x.id === created.id)).toMatchObject({
      in_force: true,
      can_answer: true,
      action: { action: 'suspend' },
    });
  });

  it('granted, lifts the suspension at once', async () => {
    const [open] = (await desk(modB)).list.filter((x) => x.action.id === actionId);
    const standing = async () =>
      (await ok<{ suspension: unknown }>(endpoints.sanctions.myStanding, {}, suspended)).data.suspension;
    expect(await standing()).not.toBeNull();
    expect((await answer(modB, open!.id, true, 'Lifted, thanks for explaining')).body.code).toBe(1);
    expect(await standing()).toBeNull();
    const lifts = await t.database.db
      .selectFrom('mod_actions')
      .select('reason')
      .where('action', '=', 'lift')
      .where('subject_user_id', '=', suspended.user.id)
      .execute();
    expect(lifts).toEqual([{ reason: 'Lifted, thanks for explaining' }]);
    const [lift] = await notices(suspended);
    expect(lift).toMatchObject({ action: { action: 'lift' }, appealable: false });
  });

  it('cannot be appealed once it has ended', async () => {
    const member = await t.make.member();
    const { data } = await ok<{ action_id: number }>(
      endpoints.sanctions.modSanction,
      { user_id: member.user.id, kind: 'suspend', reason: 'Cool down', hours: 1 },
      modA,
    );
    t.clock.advance(HOUR - 1);
    expect((await notices(member))[0]).toMatchObject({ appealable: true });
    t.clock.advance(1);
    expect((await notices(member))[0]).toMatchObject({ appealable: false });
    expectRefused((await appeal(member, data.action_id)).body, 'errors.appeal_not_needed');
  });
});

describe('a removed comment', () => {
  it('is appealed and restored like a post', async () => {
    const post = await insertPost(t.database, other.user.id, { now: t.clock.now });
    const { data: comment } = await ok<{ id: number }>(
      endpoints.comments.postComment,
      { post_id: post.id, text: 'A comment that looked rude' },
      author,
    );
    const { data } = await ok<{ action_id: number }>(
      mod.modRemove,
      { target: 'comment', id: comment.id, reason: 'Rude' },
      modA,
    );
    const notice = (await notices(author)).find((n) => n.action.id === data.action_id)!;
    expect(notice).toMatchObject({
      appealable: true,
      action: { action: 'remove_comment', target_id: comment.id, post_id: post.id },
    });
    const created = (await appeal(author, data.action_id, 'It was a joke between friends')).body
      .data as Appeal;
    expect((await answer(modB, created.id, true, 'Fair enough')).body.code).toBe(1);
    const row = await t.database.db
      .selectFrom('comments')
      .select('removed_at')
      .where('id', '=', comment.id)
      .executeTakeFirstOrThrow();
    expect(row.removed_at).toBeNull();
  });
});

describe('my/moderation', () => {
  it('needs a session, and shows a member only their own notices', async () => {
    expect((await call(t.app, a.myModeration, {})).body).toMatchObject({ code: 10001 });
    const fresh = await t.make.member();
    expect(await notices(fresh)).toEqual([]);
    for (const n of await notices(author)) expect(n.action.subject?.id).toBe(author.user.id);
  });

  it('pages newest first by cursor', async () => {
    const all = (await notices(author)).map((n) => n.action.id);
    expect(all).toEqual([...all].sort((x, y) => y - x));
    const seen: number[] = [];
    let cursor: string | null = null;
    for (let guard = 0; guard < 100; guard += 1) {
      const { data }: { data: Page<MemberModeration> } = await ok<Page<MemberModeration>>(
        a.myModeration,
        { num: 3, ...(cursor ? { cursor } : {}) },
        author,
      );
      seen.push(...data.list.map((n) => n.action.id));
      cursor = data.cursor;
      if (!cursor) break;
    }
    expect(seen).toEqual(all);
  });
});

describe('the queue’s reads', () => {
  it.skipIf(ENGINE !== 'sqlite')(
    'use the partial indexes of the open queue and the answered list',
    async () => {
      const { db, compiled } = recordQueries(t.database);
      const service = appealsService({ db, clock: () => t.clock.now });
      const asMember = (m: Member, role: 'moderator' | 'admin') => ({
        id: m.user.id,
        username: m.user.username,
        nickname: m.user.nickname,
        sessionId: m.sessionId,
        isTourist: false,
        role,
        suspendedUntil: null,
      });
      const page = { page: 1, num: 20, cursor: null };
      await service.desk(asMember(admin, 'admin'), { ...page, state: 'open' });
      await service.desk(asMember(scoped, 'moderator'), { ...page, state: 'open' });
      await service.desk(asMember(admin, 'admin'), { ...page, state: 'answered' });
      await countOpenAppeals(db, asMember(scoped, 'moderator'));
      const plans: string[] = [];
      for (const query of compiled().filter((q) => /from "appeals"/.test(q.sql))) {
        plans.push(...(await queryPlan(t.database, query)).filter((line) => /\bappeals\b/.test(line)));
      }
      expect(plans.length).toBeGreaterThanOrEqual(7);
      for (const line of plans)
        expect(line).toMatch(/USING (COVERING )?INDEX (appeals_|sqlite_autoindex_appeals)/);
      expect(plans.some((l) => /INDEX appeals_open\b/.test(l))).toBe(true);
      expect(plans.some((l) => /INDEX appeals_open_topic\b/.test(l))).toBe(true);
      expect(plans.some((l) => /INDEX appeals_answered\b/.test(l))).toBe(true);
    },
  );
});
