import { createHash, randomBytes } from 'node:crypto';
import {
  type ArchiveVersion,
  type BigUpload,
  endpoints,
  GameCode,
  MainCode,
  type Post,
} from '@pixelhall/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GAME_SEARCHES_PER_MINUTE } from '../../src/features/games/routes';
import { FIRST_PAGE_MS } from '../../src/features/posts/first-pages';
import { contentKey } from '../../src/features/uploads/s3-store';
import { grantCredit } from '../../src/features/wallet/grants';
import { insertTopic } from '../support/community';
import { requestId } from '../support/economy';
import { sha256, tus } from '../support/tus-client';
import { callAt, download, uploadFile } from './http';
import {
  type Cluster,
  FILE_SWEEP_INTERVAL_MS,
  filesUnder,
  HOT_SCORE_INTERVAL_MS,
  startCluster,
} from './support';

const { auth, users, games, posts, archives, wallet } = endpoints;

let cluster: Cluster;
let A: string;
let B: string;
/** Watches the hot-score job's row from the moment both servers are up (see the last test). */
let jobWatch: ReturnType<typeof watchJob>;

beforeAll(async () => {
  cluster = await startCluster();
  A = cluster.a.origin;
  B = cluster.b.origin;
  jobWatch = watchJob(cluster, 'hot-score');
});
afterAll(async () => {
  jobWatch?.stop();
  await cluster?.close();
});
beforeEach(({ onTestFailed }) => {
  onTestFailed(() => console.error(cluster.output()));
});

const md5 = (data: Buffer) => createHash('md5').update(data).digest('hex');

interface Member {
  token: string;
  id: number;
}

/** A new account made through server A's sign-up. */
async function signUp(): Promise<Member> {
  const username = `c${randomBytes(6).toString('hex')}`;
  const { body } = await callAt<typeof auth.register, { token: string; user: { id: number } }>(
    A,
    auth.register,
    { username, email: `${username}@example.org`, password: 'correct horse battery' },
  );
  expect(body, 'sign-up on A').toMatchObject({ code: MainCode.Success });
  return { token: body.data.token, id: body.data.user.id };
}

/** Answers a byte range on `origin` and checks it against the file's whole bytes. */
async function expectRange(origin: string, url: string, whole: Buffer, start: number, end: number) {
  const part = await download(origin, url, `bytes=${start}-${end}`);
  expect(part.status, `${url} with Range on ${origin}`).toBe(206);
  expect(part.headers.get('content-range')).toBe(`bytes ${start}-${end}/${whole.length}`);
  expect(part.bytes.equals(whole.subarray(start, end + 1))).toBe(true);
}

describe('two servers on one database, one Redis and one bucket', () => {
  it('know the same members: a sign-up, a session and a game token made on A work on B', async () => {
    const member = await signUp();
    const onB = await callAt(B, users.getUser, {}, member.token);
    expect(onB.body).toMatchObject({ code: MainCode.Success, data: { id: member.id } });

    const minted = await callAt<typeof games.requestToken, { token: string }>(
      A,
      games.requestToken,
      {},
      member.token,
    );
    expect(minted.body.code).toBe(GameCode.Success);
    const favourites = await callAt(B, games.collectList, {}, minted.body.data.token);
    expect(favourites.body.code).toBe(GameCode.Success);

    // Signing out on B ends the session everywhere, and the game token with it.
    expect((await callAt(B, auth.signOut, {}, member.token)).body.code).toBe(MainCode.Success);
    expect((await callAt(A, users.getUser, {}, member.token)).body.code).toBe(MainCode.Expired);
    expect((await callAt(A, games.collectList, {}, minted.body.data.token)).body.code).toBe(GameCode.Expired);
  });

  it('serve from the bucket every file stored through A, with Range on B, and keep none on disk', async () => {
    const member = await signUp();
    const stored: Record<string, string> = {};

    // A picture for a post, through upload/file.
    const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const picture = await uploadFile(
      A,
      member.token,
      { app: 'post_images' },
      { name: 'shot.png', type: 'image/png', data: png },
    );
    expect(picture.code, JSON.stringify(picture)).toBe(MainCode.Success);
    const pictureBytes = await download(B, picture.data.url);
    expect(pictureBytes.status).toBe(200);
    expect(pictureBytes.headers.get('content-type')).toBe('image/webp');
    expect(sha256(pictureBytes.bytes)).toBe(picture.data.sha256);
    await expectRange(B, picture.data.url, pictureBytes.bytes, 10, 99);
    stored.picture = picture.data.sha256;

    // A post attachment: a file through upload/big, attached to a post made on A.
    const manual = randomBytes(70_000);
    const attachment = await tus.whole(A, member.token, manual, 'manual.pdf');
    const topicId = await insertTopic(cluster.database);
    const created = await callAt<typeof posts.createPost, Post>(
      A,
      posts.createPost,
      { topic_id: topicId, text: 'The manual', files: [{ sha256: attachment.sha256, name: 'manual.pdf' }] },
      member.token,
    );
    expect(created.body.code, JSON.stringify(created.body)).toBe(MainCode.Success);
    const fileUrl = created.body.data.files[0]!.url;
    const whole = await download(B, fileUrl);
    expect(whole.status).toBe(200);
    expect(whole.bytes.equals(manual)).toBe(true);
    await expectRange(B, fileUrl, manual, 1000, 49_999);
    stored.attachment = attachment.sha256;

    // A ROM: the demo catalogue's carts, which server A generated and stored as it seeded.
    const game = await cluster.database.db
      .selectFrom('games')
      .select(['id', 'rom_sha256'])
      .orderBy('size', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const rom = await callAt<typeof games.downloadGame, { url: string; size: number; rom_md5: string }>(
      B,
      games.downloadGame,
      { id: game.id },
      member.token,
    );
    expect(rom.body.code).toBe(GameCode.Success);
    const first = await download(B, rom.body.data.url, 'bytes=0-9999');
    expect(first.status).toBe(206);
    const rest = await download(B, rom.body.data.url, 'bytes=10000-');
    expect(rest.status).toBe(206);
    const cart = Buffer.concat([first.bytes, rest.bytes]);
    expect(cart.length).toBe(rom.body.data.size);
    expect(md5(cart)).toBe(rom.body.data.rom_md5);
    stored.rom = game.rom_sha256;

    // A save archive: the state through upload/big, saved on A's game service.
    const state = randomBytes(24_000);
    const stateUpload = await tus.whole(A, member.token, state, 'slot1.state');
    const saved = await callAt<typeof archives.saveArchive, ArchiveVersion>(
      A,
      archives.saveArchive,
      {
        rom_md5: rom.body.data.rom_md5,
        slot: 1,
        game_name: 'Cluster Quest',
        state_sha256: stateUpload.sha256,
        archive_md5: md5(state),
        device_id: 'cluster-test',
      },
      member.token,
    );
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(GameCode.Success);
    const archive = await download(B, saved.body.data.archive_path_text);
    expect(archive.status).toBe(200);
    expect(archive.bytes.equals(state)).toBe(true);
    await expectRange(B, saved.body.data.archive_path_text, state, 4096, 8191);
    stored.archive = stateUpload.sha256;

    const keys = new Set(await cluster.objectKeys());
    for (const [what, sha] of Object.entries(stored)) {
      expect(keys.has(contentKey(sha)), `the ${what} in the bucket`).toBe(true);
    }
    expect(filesUnder(cluster.a.uploadDir), "files in A's UPLOAD_DIR").toEqual([]);
    expect(filesUnder(cluster.b.uploadDir), "files in B's UPLOAD_DIR").toEqual([]);
  });

  it('finish on B a tus upload begun on A', async () => {
    const member = await signUp();
    const data = randomBytes(TUS_FIRST_PART + 300_000);
    const created = await tus.create(A, member.token, data.length, 'Long Manual.pdf');
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;

    const onA = await tus.patch(A, member.token, location, 0, data.subarray(0, TUS_FIRST_PART));
    expect(onA.status, await onA.text()).toBe(204);
    const resumed = await tus.head(B, member.token, location);
    expect(resumed.status).toBe(200);
    expect(resumed.headers.get('upload-offset')).toBe(String(TUS_FIRST_PART));
    expect(resumed.headers.get('upload-length')).toBe(String(data.length));

    const onB = await tus.patch(B, member.token, location, TUS_FIRST_PART, data.subarray(TUS_FIRST_PART));
    const text = await onB.text();
    expect(onB.status, text).toBe(200);
    const expected: BigUpload = {
      sha256: sha256(data),
      name: 'Long Manual.pdf',
      mime: 'application/pdf',
      bytes: data.length,
    };
    expect(JSON.parse(text)).toEqual({ code: MainCode.Success, msg: 'OK', data: expected });
    expect((await cluster.objectKeys()).includes(contentKey(expected.sha256))).toBe(true);
    const row = await cluster.database.db
      .selectFrom('uploads')
      .select(['bytes', 'owner_id'])
      .where('sha256', '=', expected.sha256)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ bytes: data.length, owner_id: member.id });
    expect((await tus.head(A, member.token, location)).status).toBe(404);
  });

  it('count a rate limit over both: searches alternate between A and B until refused', async () => {
    const member = await signUp();
    const statuses: number[] = [];
    for (let i = 0; i <= GAME_SEARCHES_PER_MINUTE; i += 1) {
      const { status } = await callAt(i % 2 ? B : A, games.gameList, { keyword: 'drift' }, member.token);
      statuses.push(status);
      if (status === 429) break;
    }
    expect(statuses.indexOf(429), 'searches answered before the first refusal').toBe(
      GAME_SEARCHES_PER_MINUTE,
    );
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    // The other server refuses the next one too: the count is the cluster's.
    const next = statuses.length % 2 ? B : A;
    expect((await callAt(next, games.gameList, { keyword: 'drift' }, member.token)).status).toBe(429);
  });

  it("drop B's cached first page at once when a post is deleted through A", async () => {
    const member = await signUp();
    const topicId = await insertTopic(cluster.database);
    const newest = async (origin: string) => {
      const { body } = await callAt<typeof posts.homePosts, { list: Post[] }>(origin, posts.homePosts, {
        num: 10,
      });
      expect(body.code).toBe(MainCode.Success);
      return body.data.list.map((p) => p.id);
    };
    // B's read that first shows the post made the cached page then; the read after the delete
    // must come within that page's life to prove anything. On a machine too loaded for that,
    // the round is tried again.
    for (let attempt = 1; ; attempt += 1) {
      const made = await callAt<typeof posts.createPost, Post>(
        A,
        posts.createPost,
        { topic_id: topicId, text: `Gone in a moment (${attempt})` },
        member.token,
      );
      expect(made.body.code).toBe(MainCode.Success);
      const id = made.body.data.id;
      let cachedAt = 0;
      await until(
        async () => {
          cachedAt = Date.now();
          return (await newest(B)).includes(id);
        },
        () => `post ${id} in B's New feed`,
      );
      expect((await callAt(A, posts.deletePost, { id }, member.token)).body.code).toBe(MainCode.Success);
      const after = await newest(B);
      const age = Date.now() - cachedAt;
      if (age >= FIRST_PAGE_MS && attempt < 5) continue;
      expect(age, "B's cached page still live when read again").toBeLessThan(FIRST_PAGE_MS);
      expect(after).not.toContain(id);
      break;
    }
  });

  it('move gold once for an exchange sent to both servers at once with one request id', async () => {
    const member = await signUp();
    await grantCredit(
      cluster.database.db,
      member.id,
      { diamonds: 10 },
      { now: Date.now(), note: 'cluster test' },
    );
    type Balances = { gold: number; diamonds: number; gold_per_diamond: number };
    const before = await callAt<typeof wallet.userWallet, Balances>(B, wallet.userWallet, {}, member.token);
    expect(before.body.data.diamonds).toBe(10);
    const id = requestId();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        callAt<typeof wallet.exchangeDiamonds, Balances & { added_gold: number }>(
          i % 2 ? B : A,
          wallet.exchangeDiamonds,
          { diamonds: 3, request_id: id },
          member.token,
        ),
      ),
    );
    const first = answers[0]!.body;
    expect(first.code, JSON.stringify(first)).toBe(MainCode.Success);
    for (const { body } of answers) expect(body).toEqual(first);
    const added = 3 * before.body.data.gold_per_diamond;
    expect(first.data).toMatchObject({ diamonds: 7, gold: before.body.data.gold + added, added_gold: added });
    const after = await callAt<typeof wallet.userWallet, Balances>(A, wallet.userWallet, {}, member.token);
    expect(after.body.data).toMatchObject({ gold: before.body.data.gold + added, diamonds: 7 });
    const operations = await cluster.database.db
      .selectFrom('ledger_operations')
      .select('key')
      .where('user_id', '=', member.id)
      .where('kind', '=', 'exchange')
      .execute();
    expect(operations).toHaveLength(1);
  });

  it('delete a file nothing refers to any more, on whichever server sweeps: gone for both', async () => {
    const member = await signUp();
    const colour = `#${randomBytes(3).toString('hex')}`;
    const png = await sharp({ create: { width: 97, height: 61, channels: 3, background: colour } })
      .png()
      .toBuffer();
    const picture = await uploadFile(
      A,
      member.token,
      { app: 'images' },
      { name: 'me.png', type: 'image/png', data: png },
    );
    expect(picture.code, JSON.stringify(picture)).toBe(MainCode.Success);
    const { sha256: sha, url } = picture.data;
    expect((await download(B, url)).status).toBe(200);
    // Owned, it outlives its grace on both servers' sweeps.
    const sweeps = async () =>
      Number(
        (
          await cluster.database.db
            .selectFrom('scheduled_jobs')
            .select('runs')
            .where('name', '=', 'file-sweep')
            .executeTakeFirst()
        )?.runs ?? 0,
      );
    const before = await sweeps();
    await until(
      async () => (await sweeps()) >= before + 5,
      () => 'five sweeps',
      30 * FILE_SWEEP_INTERVAL_MS,
    );
    expect((await cluster.objectKeys()).includes(contentKey(sha))).toBe(true);

    // What erasing the member does: the picture is no longer anyone's.
    await cluster.database.db.deleteFrom('upload_owners').where('sha256', '=', sha).execute();
    await until(
      async () => !(await cluster.objectKeys()).includes(contentKey(sha)),
      () => 'the sweep to delete the picture from the bucket',
      30 * FILE_SWEEP_INTERVAL_MS,
    );
    for (const origin of [A, B]) expect((await download(origin, url)).status, origin).toBe(404);
    const row = await cluster.database.db
      .selectFrom('stored_files')
      .select('sha256')
      .where('sha256', '=', sha)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  // Last: it looks at the job's row over the whole run, while both servers were up.
  it('run the hot-score job once per period, though both servers were up and trying', async () => {
    const pids = [cluster.a.pid, cluster.b.pid];
    const ranBy = () => new Set(jobWatch.seen.map((run) => pidOf(run.runner)));
    // Each period is a fresh race between the two: both win some within a few periods.
    await until(
      async () => jobWatch.seen.length >= 4 && pids.every((pid) => ranBy().has(pid)),
      () => `runs by both servers (seen: ${JSON.stringify(jobWatch.seen)})`,
      30 * HOT_SCORE_INTERVAL_MS,
    );
    jobWatch.stop();
    for (const origin of [A, B]) expect((await fetch(`${origin}/healthz`)).status).toBe(200);
    const runs = jobWatch.seen;
    expect([...ranBy()].sort()).toEqual([...pids].sort());
    for (let i = 1; i < runs.length; i += 1) {
      const [before, after] = [runs[i - 1]!, runs[i]!];
      // A claim moves the next period a whole interval on: however many runs happened between
      // two looks, they took at least that many intervals.
      expect(
        after.lastRunAt - before.lastRunAt,
        `runs ${before.runs} → ${after.runs}: ${JSON.stringify(runs)}`,
      ).toBeGreaterThanOrEqual((after.runs - before.runs) * HOT_SCORE_INTERVAL_MS);
    }
  });
});

/**
 * upload/big's first PATCH, on A: @tus/s3-store's whole 8 MiB part and a remainder it keeps as an
 * incomplete part, so B resumes from what A left in both forms.
 */
const TUS_FIRST_PART = 8 * 1024 * 1024 + 200_000;

/** The process that signed a run: `last_runner` is `<host>:<pid>:<random>`. */
const pidOf = (runner: string) => Number(/:(\d+):[0-9a-f]+$/.exec(runner)?.[1]);

/** Polls `check` every 50 ms until it holds. */
async function until(check: () => Promise<boolean>, what: () => string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Reads a scheduled job's row every 100 ms (a tenth of its period) and keeps each run it saw:
 * the run count, when it ran and who ran it.
 */
function watchJob(c: Cluster, name: string) {
  const seen: { runs: number; lastRunAt: number; runner: string }[] = [];
  let stopped = false;
  const look = async () => {
    while (!stopped) {
      const row = await c.database.db
        .selectFrom('scheduled_jobs')
        .select(['runs', 'last_run_at', 'last_runner'])
        .where('name', '=', name)
        .executeTakeFirst()
        .catch(() => undefined);
      if (row?.last_run_at != null && Number(row.runs) !== seen.at(-1)?.runs) {
        seen.push({
          runs: Number(row.runs),
          lastRunAt: Number(row.last_run_at),
          runner: String(row.last_runner),
        });
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  void look();
  return {
    seen,
    stop() {
      stopped = true;
    },
  };
}
