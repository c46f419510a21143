import { type DataOf, type EndpointDef, endpoints, type PayloadOf } from '@pixelhall/contract';
import { openDatabase } from '@pixelhall/server/src/db/database';
import { LOCAL_ORIGIN } from '@pixelhall/server/src/features/sessions/origin';
import { sessionsRepo } from '@pixelhall/server/src/features/sessions/repo';
import { sessionsService } from '@pixelhall/server/src/features/sessions/service';
import { staffService } from '@pixelhall/server/src/features/staff/service';
import type { Page } from 'playwright-core';
import { screenAtRest } from './motion';

const DAY = 86_400_000;

type Database = ReturnType<typeof openDatabase>;

/** A member made straight in the database with a live session, as if they had just signed in. */
async function memberWithSession(
  database: Database,
  row: { username: string; nickname: string; level: number; ageDays: number; signature?: string },
): Promise<{ id: number; token: string }> {
  const now = Date.now();
  const { id } = await database.db
    .insertInto('users')
    .values({
      username: row.username,
      nickname: row.nickname,
      signature: row.signature ?? '',
      level: row.level,
      created_at: now - row.ageDays * DAY,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const sessions = sessionsService({ repo: sessionsRepo(database.db), policy: { idleMs: DAY, maxMs: DAY } });
  return { id: Number(id), token: (await sessions.create(Number(id), LOCAL_ORIGIN)).token };
}

/**
 * The administrator the desk's pictures are taken as (Wren), made an administrator the way an
 * operator's `npm run ops -- roles:grant wren_warden admin` does. `tag` tells apart the Wrens of
 * several tests in one database (their usernames; the names people read stay).
 */
export async function wardenSession(database: Database, tag = ''): Promise<string> {
  const username = `wren_warden${tag}`;
  const wren = await memberWithSession(database, {
    username,
    nickname: 'Wren',
    level: 24,
    ageDays: 700,
    signature: 'Keeping the lounge friendly.',
  });
  await staffService({ db: database.db }).grantByOperator(username, 'admin', []);
  return wren.token;
}

/**
 * Gives the desk something to show, through the real API as members and staff would: reports of
 * a spam post (edited since it was reported), a rude comment and its author; a post held by a
 * word filter and a new member's post held for its link; earlier removals, a warning, a
 * suspension and an appeal in the log; a moderator scoped to two topics and one of every topic.
 * Answers the placeholder of the member the member sheet shows. `tag`: as for wardenSession.
 */
export async function stageModScene(
  serverUrl: string,
  databaseUrl: string,
  wardenToken: string,
  tag = '',
): Promise<{ __MOD_MEMBER__: string }> {
  const database = openDatabase(databaseUrl);
  let cast: Awaited<ReturnType<typeof castOf>>;
  try {
    cast = await castOf(database, tag);
  } finally {
    await database.close();
  }
  const as =
    (token: string) =>
    async <E extends EndpointDef>(def: E, payload: PayloadOf<E>): Promise<DataOf<E>> => {
      const response = await fetch(`${serverUrl}/api/${def.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(payload),
      });
      const envelope = (await response.json()) as { code: number; msg: string; data: DataOf<E> };
      if (envelope.code !== 1) throw new Error(`${def.path}: ${envelope.msg}`);
      return envelope.data;
    };
  const wren = as(wardenToken);
  const sam = as(cast.sam.token);
  const rex = as(cast.rex.token);
  const quinn = as(cast.quinn.token);
  const ola = as(cast.ola.token);
  const { posts, comments, moderation, sanctions, staff, appeals, contentFilters } = endpoints;
  const topicId = cast.topicIds[0]!;

  // Earlier work in the log: an older spam post removed (and appealed), a warning, a suspension.
  const older = await sam(posts.createPost, {
    topic_id: topicId,
    text: 'FREE coins generator!!! works 100% no survey',
  });
  const removal = await wren(moderation.modRemove, {
    target: 'post',
    id: older.id,
    reason: 'Spam: coin generators are scams',
  });
  await sam(appeals.appealCreate, {
    action_id: removal.action_id,
    message: 'It was a joke, everyone in the lounge knows it. Please bring it back.',
  });
  await wren(sanctions.modSanction, {
    user_id: cast.rex.id,
    kind: 'warn',
    reason: 'Harassment: keep it friendly in the lounge',
  });
  await wren(sanctions.modSanction, {
    user_id: cast.vic.id,
    kind: 'suspend',
    hours: 72,
    reason: 'Spam: the same link in twenty threads',
  });
  await wren(staff.modStaffGrant, { user_id: cast.nia.id, topic_ids: cast.topicIds.slice(0, 2) });
  await wren(staff.modStaffGrant, { user_id: cast.max.id });

  // The queue: a spam post reported twice (and edited since), a rude comment, and its author.
  const spam = await sam(posts.createPost, {
    topic_id: topicId,
    text: 'Cheap gold for every game, 90% off this week only! Message me for the price list.',
    link: 'https://goldz.example/deals',
  });
  await quinn(posts.report, {
    target: 'post',
    id: spam.id,
    reason: 'spam',
    text: 'Selling gold for real money, and he posted the same thing yesterday.',
  });
  await ola(posts.report, {
    target: 'post',
    id: spam.id,
    reason: 'cheating',
    text: 'Looks like a scam site.',
  });
  const thread = await ola(posts.createPost, {
    topic_id: topicId,
    text: 'Finished my first no-damage run of Neon Drift. Took me a month!',
  });
  const rude = await rex(comments.postComment, {
    post_id: thread.id,
    text: 'Nobody cares about your run. Go back to your cave.',
  });
  await ola(posts.report, {
    target: 'comment',
    id: rude.id,
    reason: 'abuse',
    text: 'He does this on every post of mine.',
  });
  await quinn(posts.report, {
    target: 'user',
    id: cast.rex.id,
    reason: 'abuse',
    text: 'Insults people all day.',
  });

  // Held: a word filter's catch, and a new member's first post with a link.
  // One filter serves every scene staged in a database.
  const filters = await wren(contentFilters.filtersList, {});
  if (!filters.list.some((f) => f.kind === 'word' && f.value === 'cheat engine'))
    await wren(contentFilters.filtersAdd, { kind: 'word', value: 'cheat engine', action: 'hold' });
  await quinn(posts.createPost, {
    topic_id: topicId,
    text: 'Does anyone have a cheat engine table for the bonus stages? Asking for a friend.',
  });
  await as(cast.ned.token)(posts.createPost, {
    topic_id: topicId,
    text: 'Hi all! I stream speedruns of 8-bit platformers every Friday, come say hi.',
    link: 'https://video.example/ned-runs',
  });

  // Sam edits his post after it was reported: the card shows both texts.
  const after = openDatabase(databaseUrl);
  try {
    await after.db
      .updateTable('posts')
      .set({ text: 'Selling nothing, just chatting about gold farming routes.' })
      .where('id', '=', spam.id)
      .execute();
  } finally {
    await after.close();
  }
  return { __MOD_MEMBER__: String(cast.rex.id) };
}

/** The people of the scene, with sessions, and two topics anyone may post in. */
async function castOf(database: Database, tag: string) {
  const topics = await database.db
    .selectFrom('topics')
    .select('id')
    .where('min_level', '<=', 1)
    .where('min_age', '=', 0)
    .orderBy('id')
    .limit(2)
    .execute();
  return {
    topicIds: topics.map((t) => Number(t.id)),
    sam: await memberWithSession(database, {
      username: `sam_sells${tag}`,
      nickname: 'Spammy Sam',
      level: 4,
      ageDays: 20,
    }),
    rex: await memberWithSession(database, {
      username: `rex_rude${tag}`,
      nickname: 'Rex',
      level: 9,
      ageDays: 240,
    }),
    vic: await memberWithSession(database, {
      username: `vic_links${tag}`,
      nickname: 'Vic',
      level: 3,
      ageDays: 12,
    }),
    quinn: await memberWithSession(database, {
      username: `quinn_q${tag}`,
      nickname: 'Quinn',
      level: 14,
      ageDays: 400,
    }),
    ola: await memberWithSession(database, {
      username: `ola_plays${tag}`,
      nickname: 'Ola',
      level: 11,
      ageDays: 300,
    }),
    nia: await memberWithSession(database, {
      username: `nia_mod${tag}`,
      nickname: 'Nia',
      level: 18,
      ageDays: 500,
    }),
    max: await memberWithSession(database, {
      username: `max_mod${tag}`,
      nickname: 'Max',
      level: 21,
      ageDays: 650,
    }),
    ned: await memberWithSession(database, {
      username: `ned_new${tag}`,
      nickname: 'Ned',
      level: 1,
      ageDays: 0,
    }),
  };
}

/**
 * Waits for the top sheet to land: it rises by a script-driven spring, which screenAtRest()
 * cannot see, so the picture waits until its bottom edge sits on the screen's.
 */
export async function sheetAtRest(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const shown = [...document.querySelectorAll('.adm-popup-body')]
      .map((body) => body.getBoundingClientRect())
      .filter((box) => box.height > 0);
    const top = shown[shown.length - 1];
    return top !== undefined && Math.abs(top.bottom - window.innerHeight) < 1;
  });
  await screenAtRest(page);
}

/**
 * The desk afresh, its first card come: a scene before may have left a sheet open on the same
 * page (the screenshots reuse a viewer's page, and the same address does not make the screen anew).
 */
export async function freshDesk(page: Page, card = 'report-card'): Promise<void> {
  await page.reload();
  await page.locator(`[data-screen="mod"] [data-testid="${card}"]`).first().waitFor();
}
