import {
  type EndpointDef,
  endpoints,
  expiredCodeFor,
  LOCALE_VALUES,
  MainCode,
  type MessageKey,
} from '@pixelhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database';
import { translator } from '../src/i18n';
import { buildTestApp, call, type TestApp } from './helper';
import { insertTopic } from './support/community';

/**
 * Who may use the moderators' desk, in one table checked on the server: every endpoint whose
 * path starts with `mod/` (taken from the contract, so a new one fails here until it has a row),
 * and the member's side of moderation. Each role tries each endpoint on real things of topic T:
 * refusals first, all of them together changing nothing; then every allowed call succeeds.
 */

type Role = 'member' | 'otherMod' | 'topicMod' | 'globalMod' | 'admin';
const ROLES: Role[] = ['member', 'otherMod', 'topicMod', 'globalMod', 'admin'];
/** `ok`: the call succeeds; a message key: it is refused with that message. */
type Outcome = 'ok' | MessageKey;
type Expectation = Record<Role, Outcome>;

const NOT_FOUND = 'errors.not_found' as const;
/** Any moderator, scoped or not, and administrators. */
const anyStaff: Expectation = {
  member: NOT_FOUND,
  otherMod: 'ok',
  topicMod: 'ok',
  globalMod: 'ok',
  admin: 'ok',
};
/** Content of topic T: a moderator of another topic is refused. */
const topicT: Expectation = { ...anyStaff, otherMod: 'errors.mod_not_your_topic' };
/** What reaches beyond one topic: moderators of every topic and administrators. */
const global: Expectation = {
  ...anyStaff,
  otherMod: 'errors.mod_needs_global',
  topicMod: 'errors.mod_needs_global',
};
const adminOnly: Expectation = {
  member: NOT_FOUND,
  otherMod: NOT_FOUND,
  topicMod: NOT_FOUND,
  globalMod: NOT_FOUND,
  admin: 'ok',
};
const everyone: Expectation = { member: 'ok', otherMod: 'ok', topicMod: 'ok', globalMod: 'ok', admin: 'ok' };

type Who = { token: string; user: { id: number; username: string } };

let t: TestApp;
let topic: number;
let otherTopic: number;
const who = {} as Record<Role, Who>;
let admin2: Who;
let reporter: Who;
let sequence = 0;

async function ok<T>(def: EndpointDef, payload: Record<string, unknown>, caller: Who): Promise<T> {
  const { body } = await call(t.app, def, payload, { token: caller.token });
  expect(body, `${def.path} ${JSON.stringify(body)}`).toMatchObject({ code: MainCode.Success });
  return body.data as T;
}

/** A member old and levelled enough that the new-member limits never get in the way. */
async function member(): Promise<Who> {
  const m = await t.make.member();
  await t.database.db
    .updateTable('users')
    .set({ level: 10, created_at: t.clock.now - 60 * 86_400_000 })
    .where('id', '=', m.user.id)
    .execute();
  return m;
}

/** A post of `authorId` in topic T, as a row, so making dozens of them meets no hourly limit. */
async function postInT(authorId: number): Promise<number> {
  sequence += 1;
  const row = await t.database.db
    .insertInto('posts')
    .values({
      user_id: authorId,
      topic_id: topic,
      text: `Post ${sequence} about a cartridge that never shipped.`,
      hot_dirty: 0,
      created_at: t.clock.now,
      updated_at: t.clock.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

const plainPostInT = async () => postInT((await member()).user.id);

const { moderation, appeals, contentFilters, staff, modLog, sanctions } = endpoints;

/** Removed by the second administrator, so every role but that one may answer its appeal. */
async function removedPostOf(authorId: number): Promise<{ postId: number; actionId: number }> {
  const postId = await postInT(authorId);
  const { action_id } = await ok<{ action_id: number }>(
    moderation.modRemove,
    { target: 'post', id: postId, reason: 'Off topic' },
    admin2,
  );
  return { postId, actionId: action_id };
}

/**
 * The payload each role sends to each endpoint, made fresh per role so an allowed call never
 * finds the thing already done by the role before it. Keyed by path.
 */
const DESK: Record<
  string,
  { expect: Expectation; payload: (role: Role) => Promise<Record<string, unknown>> }
> = {
  'mod/overview': { expect: anyStaff, payload: async () => ({}) },
  'mod/reports': { expect: anyStaff, payload: async () => ({ num: 50 }) },
  'mod/reports/dismiss': {
    expect: topicT,
    payload: async () => {
      const id = await plainPostInT();
      await ok(
        endpoints.posts.report,
        { target: 'post', id, reason: 'spam', text: 'Selling things' },
        reporter,
      );
      return { target: 'post', target_id: id, reason: 'Not spam' };
    },
  },
  'mod/remove': {
    expect: topicT,
    payload: async () => ({ target: 'post', id: await plainPostInT(), reason: 'Spam' }),
  },
  'mod/restore': {
    expect: topicT,
    payload: async () => ({
      target: 'post',
      id: (await removedPostOf((await member()).user.id)).postId,
      reason: 'Fine',
    }),
  },
  'mod/lock': {
    expect: topicT,
    payload: async () => ({ post_id: await plainPostInT(), locked: true, reason: 'Heated' }),
  },
  'mod/held': { expect: anyStaff, payload: async () => ({ num: 50 }) },
  'mod/held/release': {
    expect: topicT,
    payload: async () => {
      const id = await plainPostInT();
      await t.database.db
        .updateTable('posts')
        .set({ held_at: t.clock.now, held_reason: 'A link from a new member' })
        .where('id', '=', id)
        .execute();
      return { post_id: id };
    },
  },
  'mod/member': { expect: anyStaff, payload: async () => ({ user_id: (await member()).user.id }) },
  'mod/appeals': { expect: anyStaff, payload: async () => ({ num: 50 }) },
  'mod/appeals/answer': {
    expect: topicT,
    payload: async () => {
      const author = await member();
      const { actionId } = await removedPostOf(author.user.id);
      const appeal = await ok<{ id: number }>(
        appeals.appealCreate,
        { action_id: actionId, message: 'It was on topic, honest.' },
        author,
      );
      return { id: appeal.id, grant: false, answer: 'It was not.' };
    },
  },
  'mod/filters/list': { expect: adminOnly, payload: async () => ({}) },
  'mod/filters/add': {
    expect: adminOnly,
    payload: async (role) => ({ kind: 'word', value: `forbidden${role}${++sequence}`, action: 'hold' }),
  },
  'mod/filters/remove': {
    expect: adminOnly,
    payload: async () => {
      const filter = await ok<{ id: number }>(
        contentFilters.filtersAdd,
        { kind: 'word', value: `doomed${++sequence}`, action: 'block' },
        admin2,
      );
      return { id: filter.id };
    },
  },
  'mod/filters/try': { expect: adminOnly, payload: async () => ({ text: 'Is this fine?' }) },
  'mod/staff/list': { expect: adminOnly, payload: async () => ({}) },
  'mod/staff/grant': {
    expect: adminOnly,
    payload: async () => ({ user_id: (await member()).user.id, topic_ids: [topic] }),
  },
  'mod/staff/revoke': {
    expect: adminOnly,
    payload: async () => {
      const m = await member();
      await t.services.staff.grantByOperator(m.user.username, 'moderator', [otherTopic]);
      return { user_id: m.user.id };
    },
  },
  'mod/log': { expect: adminOnly, payload: async () => ({ num: 50 }) },
  'mod/sanction': {
    expect: global,
    payload: async () => ({
      user_id: (await member()).user.id,
      kind: 'suspend',
      reason: 'Flooding',
      hours: 24,
    }),
  },
  'mod/sanction/lift': {
    expect: global,
    payload: async () => {
      const m = await member();
      await ok(
        sanctions.modSanction,
        { user_id: m.user.id, kind: 'suspend', reason: 'Cool off', hours: 5 },
        admin2,
      );
      return { user_id: m.user.id, reason: 'Talked it through' };
    },
  },
};

/** The member's side of moderation: open to every member, each about themselves. */
const MEMBER_SIDE: Record<
  string,
  { expect: Expectation; payload: (role: Role) => Promise<Record<string, unknown>> }
> = {
  'my/standing': { expect: everyone, payload: async () => ({}) },
  'my/moderation': { expect: everyone, payload: async () => ({ num: 20 }) },
  'modlog/list': { expect: everyone, payload: async () => ({ num: 20 }) },
  'appeal/create': {
    // Nobody outranks an administrator, so one has nothing of their own to appeal: they try
    // another member's, which is refused as for anyone.
    expect: { ...everyone, admin: 'errors.appeal_not_yours' },
    payload: async (role) => {
      const authorId = role === 'admin' ? (await member()).user.id : who[role].user.id;
      return { action_id: (await removedPostOf(authorId)).actionId, message: 'Please look again.' };
    },
  },
};

const contract = Object.values(endpoints).flatMap((group) => Object.values(group) as EndpointDef[]);
const deskEndpoints = contract.filter((def) => def.path.startsWith('mod/'));
const memberSide = contract.filter((def) => def.path in MEMBER_SIDE);
const table = { ...DESK, ...MEMBER_SIDE };

/** Every row of every table but the migrator's: what "changed nothing" is compared on. */
async function everything(database: Database): Promise<Record<string, string[]>> {
  const tables = (await database.db.introspection.getTables()).filter((x) => !x.name.startsWith('kysely_'));
  const rows = await Promise.all(
    tables.map(async (tb) => {
      const all = await database.db
        .selectFrom(tb.name as never)
        .selectAll()
        .execute();
      return [tb.name, all.map((row) => JSON.stringify(row)).sort()] as const;
    }),
  );
  return Object.fromEntries(rows);
}

type Attempt = { def: EndpointDef; role: Role; outcome: Outcome; payload: Record<string, unknown> };
const attempts: Attempt[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  topic = await insertTopic(t.database, { name: 'Topic T' });
  otherTopic = await insertTopic(t.database, { name: 'Topic U' });
  for (const role of ROLES) who[role] = await member();
  admin2 = await member();
  reporter = await member();
  const grant = (m: Who, role: 'moderator' | 'admin', topics: number[] = []) =>
    t.services.staff.grantByOperator(m.user.username, role, topics);
  await grant(who.otherMod, 'moderator', [otherTopic]);
  await grant(who.topicMod, 'moderator', [topic]);
  await grant(who.globalMod, 'moderator');
  await grant(who.admin, 'admin');
  await grant(admin2, 'admin');
  for (const def of [...deskEndpoints, ...memberSide]) {
    const row = table[def.path];
    if (!row) continue;
    for (const role of ROLES) {
      attempts.push({ def, role, outcome: row.expect[role], payload: await row.payload(role) });
    }
  }
}, 120_000);
afterAll(() => t.close());

describe('the table', () => {
  it('has a row for every desk endpoint of the contract', () => {
    expect(deskEndpoints.length).toBeGreaterThanOrEqual(20);
    expect(deskEndpoints.map((d) => d.path).filter((path) => !(path in DESK))).toEqual([]);
    // And no row for an endpoint that is not there any more.
    expect(Object.keys(DESK).filter((path) => !deskEndpoints.some((d) => d.path === path))).toEqual([]);
    expect(memberSide.map((d) => d.path).sort()).toEqual(Object.keys(MEMBER_SIDE).sort());
  });
});

describe('refusals', () => {
  let before: Record<string, string[]>;
  beforeAll(async () => {
    before = await everything(t.database);
  });

  it.each(
    [...deskEndpoints, ...memberSide]
      .filter((d) => d.auth === 'required')
      .map((def, i) => ({ def, path: def.path, locale: LOCALE_VALUES[i % LOCALE_VALUES.length]! })),
  )('a visitor is told to sign in at $path ($locale)', async ({ def, locale }) => {
    const { body } = await call(t.app, def, {}, { locale });
    expect(body).toEqual({
      code: expiredCodeFor(def.base),
      msg: translator(locale)('errors.not_logged_in'),
      data: null,
      reason: 'errors.not_logged_in',
    });
  });

  it('each role is refused where the table says, with its message, in its language', async () => {
    const refusals = attempts.filter((a) => a.outcome !== 'ok');
    // The table must refuse something of each kind, or it proves nothing.
    const kinds = new Set(refusals.map((a) => a.outcome));
    expect(kinds).toEqual(
      new Set([NOT_FOUND, 'errors.mod_not_your_topic', 'errors.mod_needs_global', 'errors.appeal_not_yours']),
    );
    for (const [i, a] of refusals.entries()) {
      const locale = LOCALE_VALUES[i % LOCALE_VALUES.length]!;
      const { status, body } = await call(t.app, a.def, a.payload, { token: who[a.role].token, locale });
      expect(status).toBe(200);
      expect(body, `${a.role} at ${a.def.path}`).toEqual({
        code: MainCode.Fail,
        msg: translator(locale)(a.outcome as MessageKey),
        data: null,
        reason: a.outcome,
      });
    }
  });

  it('changes nothing', async () => {
    expect(await everything(t.database)).toEqual(before);
  });
});

describe('allowed calls', () => {
  it.each(ROLES)('succeed for %s', async (role) => {
    const allowed = attempts.filter((a) => a.role === role && a.outcome === 'ok');
    expect(allowed.length).toBeGreaterThan(0);
    for (const a of allowed) {
      const { body } = await call(t.app, a.def, a.payload, { token: who[role].token });
      expect(body, `${role} at ${a.def.path}: ${JSON.stringify(body)}`).toMatchObject({
        code: MainCode.Success,
      });
    }
  });

  it('a visitor reads the public log', async () => {
    const { body } = await call(t.app, modLog.modlogList, { num: 5 });
    expect(body).toMatchObject({ code: MainCode.Success });
  });

  it('a scoped moderator sees only their topics in the queues', async () => {
    const reports = await ok<{ list: Array<{ topic: { id: number } | null }> }>(
      moderation.modReports,
      { num: 100 },
      who.otherMod,
    );
    expect(reports.list.filter((r) => r.topic?.id === topic)).toEqual([]);
    const held = await ok<{ list: Array<{ post: { topic: { id: number } } }> }>(
      moderation.modHeld,
      { num: 100 },
      who.otherMod,
    );
    expect(held.list.filter((h) => h.post.topic.id === topic)).toEqual([]);
    const answered = await ok<{ list: unknown[] }>(
      appeals.modAppeals,
      { num: 100, state: 'answered' },
      who.otherMod,
    );
    expect(answered.list).toEqual([]);
    // While the moderator of T sees theirs.
    const own = await ok<{ list: unknown[] }>(
      appeals.modAppeals,
      { num: 100, state: 'answered' },
      who.topicMod,
    );
    expect(own.list.length).toBeGreaterThan(0);
  });

  it('a staff list shows what the grants made', async () => {
    const list = await ok<{ list: Array<{ user: { id: number }; role: string }> }>(
      staff.modStaffList,
      {},
      who.admin,
    );
    expect(list.list.find((s) => s.user.id === who.topicMod.user.id)?.role).toBe('moderator');
  });
});
