import {
  endpoints,
  MainCode,
  type MessageKey,
  MOD_ACTION_KINDS,
  type ModAction,
  type ModActionKind,
  PUBLIC_MOD_ACTIONS,
} from '@pixelhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionById, actionsAgainst, recordModAction } from '../src/features/mod-log/public';
import { translator } from '../src/i18n';
import { buildTestApp, call, type TestApp } from './helper';
import { insertTopic } from './support/community';

const { modLog, modlogList } = endpoints.modLog;
const en = translator('en-US');

type Who = { token: string; user: { id: number; username: string } };
type Page = { list: ModAction[]; total: number; cursor: string | null };

let t: TestApp;
let admin: Who;
let moderator: Who;
let otherModerator: Who;
let author: Who;
let bystander: Who;
let topicId: number;
/** Every entry the tests write, by kind, in the order written. */
const written: Array<{ id: number; action: ModActionKind; moderatorId: number | null; subjectId: number }> =
  [];

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.make.member();
  moderator = await t.make.member();
  otherModerator = await t.make.member();
  author = await t.make.member();
  bystander = await t.make.member();
  await t.services.staff.grantByOperator(admin.user.username, 'admin', []);
  await t.services.staff.grantByOperator(moderator.user.username, 'moderator', []);
  await t.services.staff.grantByOperator(otherModerator.user.username, 'moderator', []);
  topicId = await insertTopic(t.database, { name: 'Speedruns' });
  // One entry of every kind, alternating moderators, about the author (a bystander for a few).
  for (const [i, action] of MOD_ACTION_KINDS.entries()) {
    t.clock.advance(1000);
    const moderatorId = i % 2 === 0 ? moderator.user.id : otherModerator.user.id;
    const subjectId = i % 5 === 4 ? bystander.user.id : author.user.id;
    const id = await t.database.db.transaction().execute((trx) =>
      recordModAction(
        trx,
        {
          moderatorId,
          action,
          targetType: action.includes('comment') ? 'comment' : action.includes('post') ? 'post' : 'user',
          targetId: 40 + i,
          subjectUserId: subjectId,
          topicId,
          postId: 40 + i,
          reason: `Reason ${i}`,
          until: action === 'suspend' ? t.clock.now + 3_600_000 : null,
          snapshot: `The text as it was, ${i}`,
        },
        t.clock.now,
      ),
    );
    written.push({ id, action, moderatorId, subjectId });
  }
});
afterAll(() => t.close());

async function page(def: typeof modLog | typeof modlogList, payload: Record<string, unknown>, who?: Who) {
  const { body } = await call(t.app, def, payload, { token: who?.token });
  expect(body, JSON.stringify(body)).toMatchObject({ code: MainCode.Success });
  return body.data as Page;
}

describe('modlog/list (the public log)', () => {
  it('shows only the public kinds, newest first, without who acted nor the content, to anyone', async () => {
    const visitor = await page(modlogList, { num: 100 });
    const publicKinds = new Set<string>(PUBLIC_MOD_ACTIONS);
    const expected = written.filter((w) => publicKinds.has(w.action)).reverse();
    expect(visitor.list.map((a) => a.id)).toEqual(expected.map((w) => w.id));
    expect(visitor.total).toBe(expected.length);
    expect(new Set(visitor.list.map((a) => a.action))).toEqual(publicKinds);
    for (const entry of visitor.list) {
      expect(entry.moderator).toBeNull();
      expect(entry.snapshot).toBeNull();
      expect(entry.reason).toMatch(/^Reason \d+$/);
      expect(entry.topic).toMatchObject({ id: topicId, name: 'Speedruns' });
      expect(entry.subject?.id).toBeTypeOf('number');
    }
    const suspension = visitor.list.find((a) => a.action === 'suspend')!;
    expect(suspension.until).toBeTypeOf('number');
    // Signed in changes nothing, staff included.
    expect(await page(modlogList, { num: 100 }, bystander)).toEqual(visitor);
    expect(await page(modlogList, { num: 100 }, admin)).toEqual(visitor);
  });

  it('pages by cursor without gaps or repeats', async () => {
    const all = await page(modlogList, { num: 100 });
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const next: Page = await page(modlogList, cursor ? { num: 2, cursor } : { num: 2 });
      seen.push(...next.list.map((a) => a.id));
      cursor = next.cursor;
    } while (cursor);
    expect(seen).toEqual(all.list.map((a) => a.id));
    const second = await page(modlogList, { num: 2, page: 2 });
    expect(second.list.map((a) => a.id)).toEqual(all.list.slice(2, 4).map((a) => a.id));
  });
});

describe('mod/log (the whole log)', () => {
  it('is for administrators only: everyone else finds no such thing', async () => {
    for (const who of [bystander, moderator]) {
      const { body } = await call(t.app, modLog, { num: 10 }, { token: who.token });
      expect(body).toEqual({
        code: MainCode.Fail,
        msg: en('errors.not_found'),
        data: null,
        reason: 'errors.not_found',
      });
    }
    expect((await call(t.app, modLog, { num: 10 })).body.code).toBe(MainCode.Expired);
  });

  it('shows every kind with who acted and the content as it was', async () => {
    const all = await page(modLog, { num: 100 }, admin);
    // The grants of the set-up (by the operators) come first.
    const ours = all.list.filter((a) => written.some((w) => w.id === a.id));
    expect(ours.map((a) => a.id)).toEqual([...written].reverse().map((w) => w.id));
    const first = ours.at(-1)!;
    expect(first).toMatchObject({
      action: MOD_ACTION_KINDS[0],
      moderator: { id: moderator.user.id },
      subject: { id: author.user.id },
      snapshot: 'The text as it was, 0',
      reason: 'Reason 0',
      target_type: 'post',
      target_id: 40,
      post_id: 40,
    });
    const operatorGrants = all.list.filter((a) => a.action === 'grant_role');
    expect(operatorGrants.length).toBeGreaterThanOrEqual(3);
    expect(operatorGrants.filter((a) => a.moderator === null).length).toBeGreaterThanOrEqual(3);
  });

  it('filters by moderator, by member and by kind, together too', async () => {
    const byModerator = await page(modLog, { num: 100, moderator_id: otherModerator.user.id }, admin);
    expect(byModerator.list.map((a) => a.id)).toEqual(
      written
        .filter((w) => w.moderatorId === otherModerator.user.id)
        .map((w) => w.id)
        .reverse(),
    );
    expect(byModerator.total).toBe(byModerator.list.length);

    const aboutBystander = await page(modLog, { num: 100, subject_id: bystander.user.id }, admin);
    expect(aboutBystander.list.map((a) => a.id)).toEqual(
      written
        .filter((w) => w.subjectId === bystander.user.id)
        .map((w) => w.id)
        .reverse(),
    );

    const bans = await page(modLog, { num: 100, action: 'ban' }, admin);
    expect(bans.list.map((a) => a.action)).toEqual(['ban']);

    const both = await page(modLog, { num: 100, action: 'warn', moderator_id: moderator.user.id }, admin);
    const warn = written.find((w) => w.action === 'warn')!;
    expect(both.list.map((a) => a.id)).toEqual(warn.moderatorId === moderator.user.id ? [warn.id] : []);

    const none = await page(modLog, { num: 100, subject_id: admin.user.id, action: 'ban' }, admin);
    expect(none).toEqual({ list: [], total: 0, cursor: null });
  });

  it('refuses a malformed filter with a translated message', async () => {
    const cases: Array<[Record<string, unknown>, MessageKey]> = [
      [{ action: 'delete_everything' }, 'errors.invalid_field'],
      [{ moderator_id: 0 }, 'errors.invalid_payload'],
      [{ subject_id: 'abc' }, 'errors.invalid_payload'],
    ];
    for (const [payload, key] of cases) {
      const { body } = await call(t.app, modLog, payload, { token: admin.token });
      expect(body.code, JSON.stringify(body)).toBe(MainCode.Fail);
      expect(body.reason).toBe(key);
    }
  });
});

describe('recordModAction and its readers', () => {
  it('writes nothing when the change it records is rolled back', async () => {
    const before = (await page(modLog, { num: 1 }, admin)).total;
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await recordModAction(
          trx,
          {
            moderatorId: admin.user.id,
            action: 'warn',
            targetType: 'user',
            targetId: author.user.id,
            subjectUserId: author.user.id,
            reason: 'Never happened',
          },
          t.clock.now,
        );
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect((await page(modLog, { num: 1 }, admin)).total).toBe(before);
  });

  it('reads one entry back, and what was done about a member newest first', async () => {
    const ban = written.find((w) => w.action === 'ban')!;
    expect(await actionById(t.database.db, ban.id)).toMatchObject({
      id: ban.id,
      action: 'ban',
      moderator_id: ban.moderatorId,
      is_public: true,
      reason: expect.stringMatching(/^Reason/),
    });
    expect(await actionById(t.database.db, 987_654)).toBeUndefined();
    const against = await actionsAgainst(t.database.db, bystander.user.id, 2);
    expect(against.map((a) => a.id)).toEqual(
      written
        .filter((w) => w.subjectId === bystander.user.id)
        .map((w) => w.id)
        .reverse()
        .slice(0, 2),
    );
    expect(against[0]!.moderator).not.toBeNull();
    expect(against[0]!.snapshot).toMatch(/^The text as it was/);
  });
});
