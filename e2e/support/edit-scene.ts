import { type DataOf, type EndpointDef, endpoints, type PayloadOf } from '@pixelhall/contract';
import { openDatabase } from '@pixelhall/server/src/db/database';
import { LOCAL_ORIGIN } from '@pixelhall/server/src/features/sessions/origin';
import { sessionsRepo } from '@pixelhall/server/src/features/sessions/repo';
import { sessionsService } from '@pixelhall/server/src/features/sessions/service';
import type { Page } from 'playwright-core';
import { sheetAtRest } from './mod-scene';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Call = <E extends EndpointDef>(def: E, payload: PayloadOf<E>) => Promise<DataOf<E>>;

/**
 * Edits with history to look at, made through the real API (docs/product/moderation.md#edits-with-history):
 * a post of the signed-in member edited twice, with their own edited comment and an edited comment
 * of Jules, a member of its own; and a paid post of Jules's, edited once, that the member has not
 * unlocked, so its history shows teasers. The versions are then dated over the last days, as a
 * real history would be. Answers the placeholders of the two posts.
 */
export async function stageEditScene(
  serverUrl: string,
  databaseUrl: string,
  memberToken: string,
): Promise<{ __POST_EDITED__: string; __POST_EDITED_PAID__: string }> {
  const { julesToken, topicId } = await cast(databaseUrl);
  const as =
    (token: string): Call =>
    async (def, payload) => {
      const response = await fetch(`${serverUrl}/api/${def.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(payload),
      });
      const envelope = (await response.json()) as { code: number; msg: string; data: DataOf<typeof def> };
      if (envelope.code !== 1) throw new Error(`${def.path}: ${envelope.msg}`);
      return envelope.data;
    };
  const member = as(memberToken);
  const jules = as(julesToken);

  const post = await member(endpoints.posts.createPost, {
    topic_id: topicId,
    text: 'Moon Palace any% in 41:12. The east tower skip is worth it, but only with the double jump.',
  });
  await member(endpoints.edits.editPost, {
    id: post.id,
    text: 'Moon Palace any% in 40:31. The east tower skip is worth it, but only with the double jump.',
  });
  await member(endpoints.edits.editPost, {
    id: post.id,
    text: 'Moon Palace any% in 39:58!\nThe east tower skip is worth it, but only with the double jump. Route notes in the comments.',
  });
  const route = await member(endpoints.comments.postComment, {
    post_id: post.id,
    text: 'Route: tower, bell, moat, then the long way round the library.',
  });
  await member(endpoints.edits.editComment, {
    id: route.id,
    text: 'Route: tower, bell, moat, then the short way through the library (thanks Jules).',
  });
  const tip = await jules(endpoints.comments.postComment, {
    post_id: post.id,
    text: 'The library has a shortcut behind the second shelf.',
  });
  await jules(endpoints.edits.editComment, {
    id: tip.id,
    text: 'The library has a shortcut behind the third shelf, not the second. Sorry!',
  });

  const paid = await jules(endpoints.posts.createPost, {
    topic_id: topicId,
    text: 'Every hidden room in Castle Quill, mapped: the ninth one is under the well, two screens left.',
    price: 20,
  });
  await jules(endpoints.edits.editPost, {
    id: paid.id,
    text: 'Every hidden room in Castle Quill, mapped: the ninth one is under the well, three screens left.',
  });

  await spreadOverDays(databaseUrl, post.id, [route.id, tip.id], paid.id);
  return { __POST_EDITED__: String(post.id), __POST_EDITED_PAID__: String(paid.id) };
}

/**
 * Dates the posts, comments and versions the scene just wrote over the last days, oldest first,
 * so the history reads like one: written three days ago, edited the next day, and again today.
 */
async function spreadOverDays(databaseUrl: string, postId: number, commentIds: number[], paidId: number) {
  const database = openDatabase(databaseUrl);
  try {
    const { db } = database;
    const now = Date.now();
    for (const id of [postId, paidId]) {
      const written = now - 3 * DAY - (id === paidId ? 5 * HOUR : 0);
      const versions = await db
        .selectFrom('post_versions')
        .select('id')
        .where('post_id', '=', id)
        .orderBy('id')
        .execute();
      // Version 1 as written, then one day later per edit; the post shows the last edit, 3 hours ago.
      for (const [i, version] of versions.entries()) {
        await db
          .updateTable('post_versions')
          .set({ created_at: written + i * DAY })
          .where('id', '=', version.id)
          .execute();
      }
      await db
        .updateTable('posts')
        .set({ created_at: written, updated_at: now - 3 * HOUR, edited_at: now - 3 * HOUR })
        .where('id', '=', id)
        .execute();
    }
    for (const [i, id] of commentIds.entries()) {
      const written = now - 2 * DAY + i * HOUR;
      await db
        .updateTable('comment_versions')
        .set({ created_at: written })
        .where('comment_id', '=', id)
        .execute();
      await db
        .updateTable('comments')
        .set({ created_at: written, edited_at: now - 5 * HOUR + i * HOUR })
        .where('id', '=', id)
        .execute();
    }
  } finally {
    await database.close();
  }
}

/** Jules, made here with a session, and a topic anyone may post in. */
async function cast(databaseUrl: string) {
  const database = openDatabase(databaseUrl);
  try {
    const now = Date.now();
    const jules = await database.db
      .insertInto('users')
      .values({
        username: 'jules_maps',
        nickname: 'Jules',
        signature: 'I map castles.',
        level: 9,
        created_at: now - 200 * DAY,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const topic = await database.db
      .selectFrom('topics')
      .select('id')
      .where('min_level', '<=', 1)
      .where('min_age', '=', 0)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const sessions = sessionsService({
      repo: sessionsRepo(database.db),
      policy: { idleMs: DAY, maxMs: DAY },
    });
    const julesToken = (await sessions.create(Number(jules.id), LOCAL_ORIGIN)).token;
    return { julesToken, topicId: Number(topic.id) };
  } finally {
    await database.close();
  }
}

/**
 * Opens a post's or comment's history sheet by its "edited" mark (`within` picks which) and waits
 * until it has landed with its versions.
 */
export async function openHistory(page: Page, within: string): Promise<void> {
  await page.reload();
  await page.locator(`[data-screen="post"] ${within} [data-testid="edited-mark"]`).first().click();
  await page.getByTestId('edit-history-version').first().waitFor();
  await sheetAtRest(page);
}

/** Opens the author's edit sheet, from the post's menu or a comment's "Edit", and waits until it has landed. */
export async function openEditSheet(page: Page, what: 'post' | 'comment'): Promise<void> {
  await page.reload();
  if (what === 'post') {
    await page.locator('[data-screen="post"] [data-testid="post-menu"]').click();
    await page.getByTestId('post-menu-edit').click();
  } else {
    await page.locator('[data-screen="post"] [data-testid="comment-edit"]').first().click();
  }
  await page.getByTestId('edit-save').filter({ visible: true }).waitFor();
  await sheetAtRest(page);
  // The menu the edit came from closes with an animation; its options are gone once it has.
  await page.locator('.adm-action-sheet-button-item').first().waitFor({ state: 'hidden' });
}
