import { type Added, type Balances, endpoints, type Task } from '@pixelhall/contract';
import { expect } from 'vitest';
import type { Database } from '../../src/db/database';
import { grantExperience } from '../../src/features/levels/experience';
import { call, type TestApp } from '../helper';
import { insertTopic } from './community';
import type { Caller } from './social';

/** Publishes a post through the API (so progression hooks run), in a topic made for it. */
export async function publish(t: TestApp, who: Caller, topicId?: number): Promise<number> {
  const topic_id = topicId ?? (await insertTopic(t.database));
  const { body } = await call(
    t.app,
    endpoints.posts.createPost,
    { topic_id, text: 'Speedrun notes for world 8-4.' },
    { token: who.token },
  );
  expect(body, JSON.stringify(body)).toMatchObject({ code: 1 });
  return (body.data as { id: number }).id;
}

export async function comment(t: TestApp, who: Caller, postId: number): Promise<number> {
  const { body } = await call(
    t.app,
    endpoints.comments.postComment,
    { post_id: postId, text: 'Nice route!' },
    { token: who.token },
  );
  expect(body, JSON.stringify(body)).toMatchObject({ code: 1 });
  return (body.data as { id: number }).id;
}

export async function like(t: TestApp, who: Caller, postId: number, want?: boolean) {
  const { body } = await call(
    t.app,
    endpoints.posts.likePost,
    { id: postId, like: want },
    { token: who.token },
  );
  expect(body, JSON.stringify(body)).toMatchObject({ code: 1 });
  return body.data as { liked: boolean; like_count: number };
}

export async function taskLists(t: TestApp, who: Caller, locale?: string) {
  const { body } = await call(t.app, endpoints.tasks.taskLists, {}, { token: who.token, locale });
  expect(body, JSON.stringify(body)).toMatchObject({ code: 1 });
  return body.data as { daily: Task[]; newbie: Task[]; resets_at: number };
}

/** One task of the caller's lists, by code. */
export async function taskOf(t: TestApp, who: Caller, code: string): Promise<Task> {
  const { daily, newbie } = await taskLists(t, who);
  const task = [...daily, ...newbie].find((x) => x.code === code);
  if (!task) throw new Error(`no task ${code}`);
  return task;
}

export type Claimed = { added: Added; balances: Balances };

export async function standing(database: Database, userId: number) {
  const row = await database.db
    .selectFrom('users')
    .select(['level', 'experience', 'gold', 'diamonds', 'checkin_days', 'checkin_streak'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) as Record<
    keyof typeof row,
    number
  >;
}

export const rewardRows = (database: Database, userId: number) =>
  database.db
    .selectFrom('rewards')
    .select(['source', 'source_id', 'gold', 'diamonds', 'experience', 'operation_key'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();

export async function operationCount(database: Database, key: string): Promise<number> {
  const row = await database.db
    .selectFrom('ledger_operations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Experience from outside the capped sources, as a prop or a task reward would give it. */
export async function giveExperience(
  database: Database,
  userId: number,
  amount: number,
  key: string,
  now: number,
) {
  return database.db
    .transaction()
    .execute((trx) => grantExperience(trx, userId, { key, source: 'task', amount, now }));
}

/** The id of a catalog row by its code. */
async function catalogId(database: Database, table: 'tasks' | 'achievements', code: string): Promise<number> {
  const row = await database.db
    .selectFrom(table)
    .select('id')
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export const taskId = (database: Database, code: string) => catalogId(database, 'tasks', code);
export const achievementId = (database: Database, code: string) => catalogId(database, 'achievements', code);
