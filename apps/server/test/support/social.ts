import { MainCode, type MessageKey } from '@pixelhall/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../src/db/database';
import { translator } from '../../src/i18n';
import { call } from '../helper';

export type Caller = { token: string; user: { id: number } };
type Endpoint = Parameters<typeof call>[1];
const en = translator('en-US');

/**
 * Calls that must succeed, or fail with one message (in English). `app` is read at call time, so
 * it can be the app a `beforeAll` builds.
 */
export function answers(app: () => FastifyInstance) {
  return {
    async ok<T>(def: Endpoint, payload: Record<string, unknown>, who?: Caller) {
      const { body } = await call(app(), def, payload, { token: who?.token });
      expect(body, JSON.stringify(body)).toMatchObject({ code: 1 });
      return body as { code: number; msg: string; data: T };
    },
    async refused(def: Endpoint, payload: Record<string, unknown>, who: Caller, key: MessageKey) {
      const { body } = await call(app(), def, payload, { token: who.token });
      expect(body).toEqual({ code: MainCode.Fail, msg: en(key), data: null, reason: key });
    },
  };
}

let sequence = 0;

/**
 * Posts inserted as rows, so the comment, follow and news tests do not depend on the posts
 * feature: a category and topic per post keep each test's rows apart.
 */
export async function insertPost(
  database: Database,
  userId: number,
  options: { text?: string; price?: number; commentsOpen?: boolean; minAge?: number; now?: number } = {},
): Promise<{ id: number; topicId: number; text: string }> {
  const { db } = database;
  sequence += 1;
  const now = options.now ?? Date.UTC(2026, 0, 1);
  const category = await db
    .insertInto('categories')
    .values({ name: `Category ${sequence}`, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const topic = await db
    .insertInto('topics')
    .values({
      category_id: Number(category.id),
      name: `Topic ${sequence}`,
      min_age: options.minAge ?? 0,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const text = options.text ?? `Post number ${sequence}: a walkthrough of the hidden level in world eight.`;
  const post = await db
    .insertInto('posts')
    .values({
      user_id: userId,
      topic_id: Number(topic.id),
      text,
      price: options.price ?? 0,
      comments_open: options.commentsOpen === false ? 0 : 1,
      hot_dirty: 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(post.id), topicId: Number(topic.id), text };
}

/** What a post's counters and dirty flag hold now. */
export async function postCounts(database: Database, postId: number) {
  return database.db
    .selectFrom('posts')
    .select(['comment_count', 'hot_dirty'])
    .where('id', '=', postId)
    .executeTakeFirstOrThrow();
}

/** A member's stored follow counters. */
export async function followCounts(database: Database, userId: number) {
  return database.db
    .selectFrom('users')
    .select(['follower_count', 'following_count'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}
