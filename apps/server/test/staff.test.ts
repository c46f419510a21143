import { endpoints, MainCode, type MessageKey, type StaffMember, type Standing } from '@pixelhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertGlobalModerator,
  assertModeratesTopic,
  assertOutranks,
  assertStaff,
  moderatedTopics,
  roleOf,
} from '../src/features/staff/public';
import type { Member } from '../src/http/request-context';
import { translator } from '../src/i18n';
import { buildTestApp, call, type TestApp } from './helper';
import { insertTopic, makeTourist } from './support/community';
import { opsTestApp } from './support/ops';

const { staff, sanctions, modLog } = endpoints;
const en = translator('en-US');

type Who = { token: string; user: { id: number; username: string } };

async function ok<T>(
  app: TestApp['app'],
  def: Parameters<typeof call>[1],
  payload: Record<string, unknown>,
  who?: Who,
) {
  const { body } = await call(app, def, payload, { token: who?.token });
  expect(body, JSON.stringify(body)).toMatchObject({ code: MainCode.Success });
  return body.data as T;
}

async function refused(
  app: TestApp['app'],
  def: Parameters<typeof call>[1],
  payload: Record<string, unknown>,
  who: Who,
  key: MessageKey,
) {
  const { body } = await call(app, def, payload, { token: who.token });
  expect(body).toEqual({ code: MainCode.Fail, msg: en(key), data: null, reason: key });
}

describe('roles from the desk', () => {
  let t: TestApp;
  let admin: Who;
  let topicA: number;
  let topicB: number;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await t.make.member();
    await t.services.staff.grantByOperator(admin.user.username, 'admin', []);
    topicA = await insertTopic(t.database, { name: 'Shmups' });
    topicB = await insertTopic(t.database, { name: 'Homebrew' });
  });
  afterAll(() => t.close());

  const roleRow = (id: number) =>
    t.database.db
      .selectFrom('users')
      .select(['role', 'role_granted_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const scopeRows = async (id: number) =>
    (
      await t.database.db
        .selectFrom('moderator_topics')
        .select('topic_id')
        .where('user_id', '=', id)
        .orderBy('topic_id')
        .execute()
    ).map((r) => Number(r.topic_id));

  it('makes a member a moderator of some topics, then of every topic, logged as the administrator', async () => {
    const target = await t.make.member();
    const granted = await ok<StaffMember>(
      t.app,
      staff.modStaffGrant,
      { user_id: target.user.id, topic_ids: [topicB, topicA, topicB] },
      admin,
    );
    expect(granted).toMatchObject({
      user: { id: target.user.id },
      role: 'moderator',
      topics: [
        { id: topicA, name: 'Shmups' },
        { id: topicB, name: 'Homebrew' },
      ],
      granted_at: t.clock.now,
    });
    expect(await scopeRows(target.user.id)).toEqual([topicA, topicB]);
    // The role is read at the next request.
    expect(await ok<Standing>(t.app, sanctions.myStanding, {}, target)).toMatchObject({
      role: 'moderator',
      topic_ids: [topicA, topicB],
    });

    t.clock.advance(1000);
    await ok(t.app, staff.modStaffGrant, { user_id: target.user.id }, admin);
    expect(await scopeRows(target.user.id)).toEqual([]);
    expect(await ok<Standing>(t.app, sanctions.myStanding, {}, target)).toMatchObject({
      role: 'moderator',
      topic_ids: null,
    });

    const log = await ok<{
      list: Array<{ action: string; moderator: { id: number } | null; reason: string }>;
    }>(t.app, modLog.modLog, { subject_id: target.user.id }, admin);
    expect(log.list.map((a) => [a.action, a.moderator?.id, a.reason])).toEqual([
      ['grant_role', admin.user.id, ''],
      ['grant_role', admin.user.id, 'Shmups, Homebrew'],
    ]);
  });

  it('lists the staff, administrators first', async () => {
    const list = (await ok<{ list: StaffMember[] }>(t.app, staff.modStaffList, {}, admin)).list;
    expect(list[0]).toMatchObject({ user: { id: admin.user.id }, role: 'admin', topics: [] });
    expect(list.slice(1).every((s) => s.role === 'moderator')).toBe(true);
  });

  it('revokes a moderator: their desk closes at their next request', async () => {
    const target = await t.make.member();
    await ok(t.app, staff.modStaffGrant, { user_id: target.user.id, topic_ids: [topicA] }, admin);
    const someone = await t.make.member();
    // As a moderator of one topic they reach the desk (a sanction needs more, and says so).
    await refused(
      t.app,
      sanctions.modSanction,
      { user_id: someone.user.id, kind: 'warn', reason: 'x' },
      target,
      'errors.mod_needs_global',
    );
    const answer = await call(
      t.app,
      staff.modStaffRevoke,
      { user_id: target.user.id },
      { token: admin.token },
    );
    expect(answer.body).toEqual({
      code: MainCode.Success,
      msg: en('moderation.role_revoked'),
      data: { user_id: target.user.id },
    });
    expect(await roleRow(target.user.id)).toEqual({ role: 'member', role_granted_at: null });
    expect(await scopeRows(target.user.id)).toEqual([]);
    // Same session, next request: the desk is gone.
    await refused(
      t.app,
      sanctions.modSanction,
      { user_id: someone.user.id, kind: 'warn', reason: 'x' },
      target,
      'errors.not_found',
    );
    expect((await ok<Standing>(t.app, sanctions.myStanding, {}, target)).role).toBe('member');
    expect(
      (await ok<{ list: StaffMember[] }>(t.app, staff.modStaffList, {}, admin)).list.map((s) => s.user.id),
    ).not.toContain(target.user.id);
  });

  it('refuses what an administrator may not do from the desk, changing nothing', async () => {
    const otherAdmin = await t.make.member();
    await t.services.staff.grantByOperator(otherAdmin.user.username, 'admin', []);
    const plain = await t.make.member();
    const tourist = await t.make.member();
    await makeTourist(t, tourist.user.id);

    await refused(t.app, staff.modStaffGrant, { user_id: otherAdmin.user.id }, admin, 'errors.user_is_admin');
    await refused(
      t.app,
      staff.modStaffRevoke,
      { user_id: otherAdmin.user.id },
      admin,
      'errors.user_is_admin',
    );
    await refused(t.app, staff.modStaffRevoke, { user_id: admin.user.id }, admin, 'errors.user_is_admin');
    await refused(t.app, staff.modStaffRevoke, { user_id: plain.user.id }, admin, 'errors.not_staff');
    await refused(t.app, staff.modStaffGrant, { user_id: tourist.user.id }, admin, 'errors.user_not_found');
    await refused(t.app, staff.modStaffGrant, { user_id: 99_999_999 }, admin, 'errors.user_not_found');
    await refused(
      t.app,
      staff.modStaffGrant,
      { user_id: plain.user.id, topic_ids: [topicA, 99_999_999] },
      admin,
      'errors.topic_not_found',
    );
    const { body } = await call(
      t.app,
      staff.modStaffGrant,
      { user_id: plain.user.id, topic_ids: Array.from({ length: 51 }, (_, i) => i + 1) },
      { token: admin.token },
    );
    expect(body).toMatchObject({
      code: MainCode.Fail,
      reason: 'validation.max_number',
      msg: 'The maximum number is 50',
    });
    expect(await roleRow(plain.user.id)).toEqual({ role: 'member', role_granted_at: null });
    expect(await roleRow(otherAdmin.user.id)).toMatchObject({ role: 'admin' });
    expect(await roleRow(tourist.user.id)).toMatchObject({ role: 'member' });
  });

  it('is the administrators’ alone: moderators and members find no such thing', async () => {
    const moderator = await t.make.member();
    await t.services.staff.grantByOperator(moderator.user.username, 'moderator', []);
    const plain = await t.make.member();
    for (const who of [moderator, plain]) {
      await refused(t.app, staff.modStaffList, {}, who, 'errors.not_found');
      await refused(t.app, staff.modStaffGrant, { user_id: plain.user.id }, who, 'errors.not_found');
      await refused(t.app, staff.modStaffRevoke, { user_id: moderator.user.id }, who, 'errors.not_found');
    }
    expect(await roleRow(plain.user.id)).toMatchObject({ role: 'member' });
    expect(await roleRow(moderator.user.id)).toMatchObject({ role: 'moderator' });
  });
});

describe('the checks every desk endpoint makes (staff/public.ts)', () => {
  let t: TestApp;
  const members: Record<'member' | 'scoped' | 'global' | 'admin', Member> = {} as never;
  let inScope: number;
  let outOfScope: number;
  beforeAll(async () => {
    t = await buildTestApp();
    inScope = await insertTopic(t.database);
    outOfScope = await insertTopic(t.database);
    for (const [name, role, topics] of [
      ['member', null, []],
      ['scoped', 'moderator', [inScope]],
      ['global', 'moderator', []],
      ['admin', 'admin', []],
    ] as const) {
      const m = await t.make.member();
      if (role) await t.services.staff.grantByOperator(m.user.username, role, [...topics]);
      // The member exactly as a request resolves it.
      members[name] = (await t.services.sessions.resolve(m.token))!;
    }
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const reason = async (work: () => unknown) => {
    try {
      await work();
      return 'allowed';
    } catch (err) {
      return (err as { messageKey?: string }).messageKey ?? String(err);
    }
  };

  it('resolves each member with their role', () => {
    expect(Object.values(members).map((m) => m.role)).toEqual(['member', 'moderator', 'moderator', 'admin']);
  });

  it('assertStaff: below the role needed is not found', async () => {
    const table = await Promise.all(
      Object.values(members).map(async (m) => [
        await reason(() => assertStaff(m, 'moderator')),
        await reason(() => assertStaff(m, 'admin')),
      ]),
    );
    expect(table).toEqual([
      ['errors.not_found', 'errors.not_found'],
      ['allowed', 'errors.not_found'],
      ['allowed', 'errors.not_found'],
      ['allowed', 'allowed'],
    ]);
  });

  it('moderatedTopics and assertModeratesTopic: a scoped moderator only in their topics', async () => {
    expect(await Promise.all(Object.values(members).map((m) => moderatedTopics(db(), m)))).toEqual([
      [],
      [inScope],
      'all',
      'all',
    ]);
    const table = await Promise.all(
      Object.values(members).map(async (m) => [
        await reason(() => assertModeratesTopic(db(), m, inScope)),
        await reason(() => assertModeratesTopic(db(), m, outOfScope)),
      ]),
    );
    expect(table).toEqual([
      ['errors.not_found', 'errors.not_found'],
      ['allowed', 'errors.mod_not_your_topic'],
      ['allowed', 'allowed'],
      ['allowed', 'allowed'],
    ]);
  });

  it('assertGlobalModerator: moderators of every topic and administrators', async () => {
    const table = await Promise.all(
      Object.values(members).map((m) => reason(() => assertGlobalModerator(db(), m))),
    );
    expect(table).toEqual(['errors.not_found', 'errors.mod_needs_global', 'allowed', 'allowed']);
  });

  it('assertOutranks: strictly above, never oneself', async () => {
    const { member, scoped, global, admin } = members;
    const cases: Array<[Member, Member, string]> = [
      [global, member, 'allowed'],
      [scoped, member, 'allowed'],
      [global, scoped, 'errors.mod_outranked'],
      [scoped, global, 'errors.mod_outranked'],
      [global, admin, 'errors.mod_outranked'],
      [admin, global, 'allowed'],
      [admin, scoped, 'allowed'],
      [admin, admin, 'errors.mod_outranked'],
      [global, global, 'errors.mod_outranked'],
      [member, member, 'errors.mod_outranked'],
    ];
    for (const [actor, target, expected] of cases) {
      expect(
        await reason(() => assertOutranks(db(), actor, target.id)),
        `${actor.role} on ${target.role}`,
      ).toBe(expected);
    }
    expect(await roleOf(db(), admin.id)).toBe('admin');
    expect(await roleOf(db(), 99_999_999)).toBe('member');
  });
});

describe('npm run ops -- roles:grant / roles:revoke', { timeout: 180_000 }, () => {
  const t = opsTestApp();

  const role = async (username: string) =>
    (
      await t.database.db
        .selectFrom('users')
        .select(['id', 'role'])
        .where('username', '=', username)
        .executeTakeFirstOrThrow()
    ).role;

  it('grants and revokes roles, logged as the operators', async () => {
    await t.make.user({ username: 'Operatee' });
    await t.make.user({ username: 'scopedsam' });
    const topic = await insertTopic(t.database, { name: 'Racing' });

    const made = await t.ops('roles:grant', 'operatee', 'admin');
    expect(made.code, made.out).toBe(0);
    expect(made.out).toContain('Operatee is now an administrator');
    expect(await role('Operatee')).toBe('admin');

    const scoped = await t.ops('roles:grant', 'scopedsam', 'moderator', '--topics', String(topic));
    expect(scoped.code, scoped.out).toBe(0);
    expect(scoped.out).toContain('scopedsam is now a moderator of Racing');
    expect(await role('scopedsam')).toBe('moderator');

    const revoked = await t.ops('roles:revoke', 'OPERATEE');
    expect(revoked.code, revoked.out).toBe(0);
    expect(revoked.out).toContain('Operatee is a member again (was admin)');
    expect(await role('Operatee')).toBe('member');

    const log = await t.database.db
      .selectFrom('mod_actions')
      .innerJoin('users', 'users.id', 'mod_actions.subject_user_id')
      .select(['users.username', 'mod_actions.action', 'mod_actions.moderator_id', 'mod_actions.reason'])
      .orderBy('mod_actions.id')
      .execute();
    expect(log).toEqual([
      { username: 'Operatee', action: 'grant_role', moderator_id: null, reason: '' },
      { username: 'scopedsam', action: 'grant_role', moderator_id: null, reason: 'Racing' },
      { username: 'Operatee', action: 'revoke_role', moderator_id: null, reason: '' },
    ]);
  });

  it('refuses with a readable message and changes nothing', async () => {
    await t.make.user({ username: 'stayplain' });
    const cases: Array<[string[], string]> = [
      [['roles:grant', 'nobody-here', 'moderator'], 'there is no member named nobody-here'],
      [['roles:grant', 'stayplain', 'overlord'], 'roles:grant needs a user name and moderator or admin'],
      [['roles:grant', 'stayplain'], 'roles:grant needs a user name and moderator or admin'],
      [['roles:grant', 'stayplain', 'moderator', '--topics', '1,x'], '--topics is a comma-separated list'],
      [
        ['roles:grant', 'stayplain', 'moderator', '--topics', '99999'],
        'not every one of the topics 99999 exists',
      ],
      [['roles:grant', 'stayplain', 'admin', '--topics', '1'], '--topics is for moderators'],
      [['roles:revoke', 'stayplain'], 'stayplain has no role to revoke'],
      [['roles:revoke'], 'roles:revoke needs a user name'],
    ];
    for (const [args, message] of cases) {
      const { code, out } = await t.ops(...args);
      expect(code, out).toBe(1);
      expect(out).toContain(message);
    }
    expect(await role('stayplain')).toBe('member');
  });
});
