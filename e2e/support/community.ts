import { type DataOf, type EndpointDef, endpoints, type PayloadOf } from '@pixelhall/contract';
import type { BrowserContext } from 'playwright-core';
import { baseUrl, useToken } from './app';
import { createMember, withDatabase } from './members';

/** A public topic of the demo world anyone may post in (level 1, not 18+). */
export const OPEN_TOPIC = 'Pixelhall lounge';

/** A word no other post, member or topic contains, so a test finds only what it made. */
export const uniqueWord = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

export type CommunityMember = Awaited<ReturnType<typeof createMember>>;

/**
 * A member with a nickname of their own: the shared `Tester n` names repeat across test files
 * in one database, and a journey that reads "X liked your post" must know it is about this X.
 */
export async function createNamedMember(prefix: string): Promise<CommunityMember> {
  const member = await createMember();
  const nickname = uniqueWord(prefix).slice(0, 20);
  await withDatabase((database) =>
    database.db.updateTable('users').set({ nickname }).where('id', '=', member.id).execute(),
  );
  return { ...member, nickname };
}

/**
 * A member who has already opened the app today, signed in on `context`: the day's check-in (and
 * its celebration) is behind them, so only what a journey does itself shows over the screens.
 */
export async function signedInToday(context: BrowserContext, prefix: string): Promise<CommunityMember> {
  const member = await createNamedMember(prefix);
  await callAs(member.token, endpoints.tasks.startUp, { type: 1, authLogin: true });
  await useToken(context, member.token);
  return member;
}

/** Calls the API as a member, the way the app does; fails the test on a business error. */
export async function callAs<E extends EndpointDef>(
  token: string | null,
  def: E,
  payload: PayloadOf<E>,
): Promise<DataOf<E>> {
  const response = await fetch(`${baseUrl()}/${def.base}/${def.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(payload),
  });
  const envelope = (await response.json()) as { code: number; msg: string; data: DataOf<E> };
  if (envelope.code !== 1) throw new Error(`${def.path}: ${envelope.msg}`);
  return envelope.data;
}

export function openTopicId(): Promise<number> {
  return withDatabase(async (database) => {
    const topic = await database.db
      .selectFrom('topics')
      .select('id')
      .where('name', '=', OPEN_TOPIC)
      .executeTakeFirstOrThrow();
    return Number(topic.id);
  });
}

/** A post by `member` in the open topic. */
export async function postAs(member: CommunityMember, text: string) {
  return callAs(member.token, endpoints.posts.createPost, { topic_id: await openTopicId(), text });
}

/**
 * Makes the device remember today's pop-up announcement as seen (the demo world has one), so
 * it does not open over Home at an unpredictable moment of a journey about something else.
 */
export async function skipHomePopup(context: BrowserContext): Promise<void> {
  const popup = await callAs(null, endpoints.posts.popUp, {});
  if (!popup) return;
  await context.addInitScript((id) => {
    localStorage.setItem('pixelhall.popups', JSON.stringify({ state: { seen: [id] }, version: 1 }));
  }, popup.id);
}
