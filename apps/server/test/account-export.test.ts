import { randomBytes } from 'node:crypto';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import {
  ACCOUNT_EXPORT_EVERY_MS,
  ACCOUNT_EXPORT_KEEP_MS,
  ACCOUNT_EXPORT_LINK_MS,
  type AccountExport,
  type AccountExportStatus,
  DOWNLOAD_EXPORT_PATH,
  endpoints,
  type MessageKey,
} from '@pixelhall/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { iso, jsonArray, jsonDocument, keysetPages } from '../src/features/account-export/json';
import { accountExportService, CLAIM_MS, MAX_ATTEMPTS } from '../src/features/account-export/service';
import { writeAccountExport } from '../src/features/account-export/zip';
import { createFileStore } from '../src/features/uploads/local-store';
import type { FileStore } from '../src/features/uploads/public';
import { translator } from '../src/i18n';
import { buildTestApp, call, type TestApp } from './helper';
import { insertTopic } from './support/community';
import { grantBalance } from './support/economy';
import { finishedUpload } from './support/uploads';

const { accountExportRequest, accountExportStatus, accountExportLink } = endpoints.accountExport;
const en = translator('en-US');

let t: TestApp;
let uploadDir: string;
let scratch: string;
let topicId: number;

beforeAll(async () => {
  uploadDir = mkdtempSync(path.join(tmpdir(), 'pixelhall-export-'));
  scratch = mkdtempSync(path.join(tmpdir(), 'pixelhall-export-src-'));
  t = await buildTestApp({ config: { uploadDir } });
  topicId = await insertTopic(t.database, { name: 'Speedruns' });
});
afterAll(async () => {
  await t.close();
  rmSync(uploadDir, { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
});

type Member = Awaited<ReturnType<TestApp['make']['member']>>;

async function ok<T>(def: Parameters<typeof call>[1], payload: Record<string, unknown>, who: Member) {
  const { body } = await call(t.app, def, payload, { token: who.token });
  expect(body, JSON.stringify(body)).toMatchObject({ code: 1 });
  return body.data as T;
}

async function refused(
  def: Parameters<typeof call>[1],
  payload: Record<string, unknown>,
  who: Member,
  key: MessageKey,
  params?: Record<string, unknown>,
) {
  const { body } = await call(t.app, def, payload, { token: who.token });
  expect(body).toEqual({ code: 0, msg: en(key, params), data: null, reason: key });
}

const exportsOf = (userId: number) =>
  t.database.db
    .selectFrom('account_exports')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();

/** A picture as upload/file stores it (a WebP the pipeline made), and its stored bytes. */
async function picture(ownerId: number) {
  const png = await sharp({
    create: { width: 96, height: 64, channels: 3, background: { r: 30, g: randomBytes(1)[0]!, b: 200 } },
  })
    .png()
    .toBuffer();
  const stored = await t.services.uploads.storeImage(ownerId, png, 'post_images');
  return { sha256: stored.sha256, bytes: await bytesOf(stored.sha256) };
}

/** A file as upload/big (tus) stores it once it has all of it. */
async function bigFile(ownerId: number, name: string, data: Buffer) {
  const file = path.join(scratch, randomBytes(8).toString('hex'));
  writeFileSync(file, data);
  const stored = await t.services.bigUploads.finish({ ownerId, upload: finishedUpload(file), name });
  return stored.sha256;
}

async function bytesOf(sha256: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await createFileStore(uploadDir).read(sha256)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Every entry of a zip, by name. The test holds the zip whole; the server never does. */
function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, file) => {
      if (err || !file) return reject(err);
      const entries = new Map<string, Buffer>();
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (openErr, stream) => {
          if (openErr || !stream) return reject(openErr);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            file.readEntry();
          });
          stream.on('error', reject);
        });
      });
      file.on('end', () => resolve(entries));
      file.on('error', reject);
      file.readEntry();
    });
  });
}

const json = (entries: Map<string, Buffer>, name: string) => {
  const entry = entries.get(name);
  expect(entry, `${name} in the zip`).toBeDefined();
  return JSON.parse(entry!.toString('utf8'));
};

async function requestExport(member: Member, locale = 'en-US') {
  const { body } = await call(t.app, accountExportRequest, {}, { token: member.token, locale });
  expect(body, JSON.stringify(body)).toMatchObject({ code: 1 });
  return body.data as AccountExport;
}

const status = (member: Member) => ok<AccountExportStatus>(accountExportStatus, {}, member);

function download(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers });
}

/** Runs the job until nothing is left to build (other tests leave exports waiting). */
async function drain() {
  for (let runs = 0; runs < 20; runs++) {
    const { built, failed } = await t.services.accountExports.run();
    if (built === 0 && failed === 0) return;
  }
  throw new Error('the export queue never emptied');
}

/** Asks, builds and links: the member's zip, as its download answers it. */
async function exportOf(member: Member, locale = 'en-US') {
  const asked = await requestExport(member, locale);
  await drain();
  expect(await exportsOf(member.user.id)).toContainEqual(
    expect.objectContaining({ id: asked.id, state: 'ready' }),
  );
  const link = await ok<{ url: string; expires_at: number }>(accountExportLink, { id: asked.id }, member);
  const res = await download(link.url);
  expect(res.statusCode).toBe(200);
  return { id: asked.id, link, res, entries: await unzip(res.rawPayload) };
}

describe('account/export: asking', () => {
  it('starts an export that waits to be built, and the status says so', async () => {
    const member = await t.make.member();
    expect(await status(member)).toEqual({ export: null, next_allowed_at: t.clock.now });
    const { body } = await call(t.app, accountExportRequest, {}, { token: member.token });
    expect(body).toMatchObject({
      code: 1,
      msg: en('users.export_requested'),
      data: { state: 'pending', requested_at: t.clock.now, ready_at: null, expires_at: null, size: null },
    });
    expect(await status(member)).toEqual({
      export: body.data as AccountExport,
      next_allowed_at: t.clock.now + ACCOUNT_EXPORT_EVERY_MS,
    });
  });

  it('allows one a day, saying when the next is possible, and a failed one does not count', async () => {
    const member = await t.make.member();
    const first = await requestExport(member);
    t.clock.advance(ACCOUNT_EXPORT_EVERY_MS - 90 * 60 * 1000);
    await refused(accountExportRequest, {}, member, 'errors.export_once_a_day', { hours: 2 });
    expect(await exportsOf(member.user.id)).toHaveLength(1);

    await t.database.db
      .updateTable('account_exports')
      .set({ state: 'failed' })
      .where('id', '=', first.id)
      .execute();
    expect((await status(member)).next_allowed_at).toBe(t.clock.now);
    const again = await requestExport(member);
    expect(again.id).not.toBe(first.id);
    t.clock.advance(ACCOUNT_EXPORT_EVERY_MS);
    expect((await requestExport(member)).state).toBe('pending');
  });

  it('makes one export of requests sent at once', async () => {
    const member = await t.make.member();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => call(t.app, accountExportRequest, {}, { token: member.token })),
    );
    expect(answers.filter((a) => a.body.code === 1)).toHaveLength(1);
    expect(answers.filter((a) => a.body.reason === 'errors.export_once_a_day')).toHaveLength(3);
    expect(await exportsOf(member.user.id)).toHaveLength(1);

    // Straight at the service, so the requests' transactions overlap (HTTP staggers them).
    const other = await t.make.member();
    const asMember = {
      id: other.user.id,
      username: other.user.username,
      nickname: '',
      sessionId: other.sessionId,
      isTourist: false,
      role: 'member' as const,
      suspendedUntil: null,
    };
    const settled = await Promise.allSettled(
      Array.from({ length: 6 }, () => t.services.accountExports.request(asMember, 'en-US')),
    );
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
    expect(await exportsOf(other.user.id)).toHaveLength(1);
  });

  it('is for signed-in callers only', async () => {
    const { body } = await call(t.app, accountExportRequest, {});
    expect(body).toMatchObject({ code: 10001, reason: 'errors.not_logged_in' });
  });
});

describe('account-exports job: building', () => {
  it("zips the member's own data and files, and nothing of another member's", async () => {
    const alice = await t.make.member({ username: 'alice_export', newcomer: true });
    const bob = await t.make.member({ username: 'bob_export' });
    const carol = await t.make.member({ username: 'carol_export' });
    await t.database.db
      .updateTable('users')
      .set({ email: 'alice@example.org', level: 6 })
      .where('id', '=', alice.user.id)
      .execute();

    const pic = await picture(alice.user.id);
    const manualBytes = randomBytes(40_000);
    const manual = await bigFile(alice.user.id, 'manual.pdf', manualBytes);
    const post = await ok<{ id: number }>(
      endpoints.posts.createPost,
      {
        topic_id: topicId,
        text: 'ALICE-POST castle run',
        files: [
          { sha256: pic.sha256, name: 'castle.webp' },
          { sha256: manual, name: 'manual.pdf' },
        ],
      },
      alice,
    );
    const bobPost = await ok<{ id: number }>(
      endpoints.posts.createPost,
      { topic_id: topicId, text: 'BOB-POST secret route' },
      bob,
    );
    // Another member's picture, on their own post: never in alice's zip.
    const bobPicture = await picture(bob.user.id);
    await ok(
      endpoints.posts.createPost,
      { topic_id: topicId, text: 'BOB-PICTURE', files: [{ sha256: bobPicture.sha256, name: 'bob.webp' }] },
      bob,
    );
    await ok(endpoints.comments.postComment, { post_id: bobPost.id, text: 'ALICE-COMMENT nice' }, alice);
    await ok(endpoints.comments.postComment, { post_id: post.id, text: 'BOB-COMMENT thanks' }, bob);
    await ok(endpoints.posts.likePost, { id: bobPost.id, like: true }, alice);
    await ok(endpoints.posts.likePost, { id: post.id, like: true }, bob);
    await ok(endpoints.follows.userFollow, { user_id: bob.user.id, follow: true }, alice);
    await ok(endpoints.follows.userFollow, { user_id: alice.user.id, follow: true }, bob);
    await ok(endpoints.follows.userFollow, { user_id: carol.user.id, follow: true }, bob);
    await ok(endpoints.follows.userBlack, { user_id: carol.user.id }, bob);
    await t.database.db
      .insertInto('member_mutes')
      .values([
        { user_id: alice.user.id, muted_user_id: bob.user.id, until_at: null, created_at: t.clock.now },
        { user_id: bob.user.id, muted_user_id: carol.user.id, until_at: null, created_at: t.clock.now },
      ])
      .execute();
    await t.database.db
      .insertInto('muted_words')
      .values([
        { user_id: alice.user.id, phrase: 'ALICE-WORD', normalized: 'alice-word', created_at: t.clock.now },
        { user_id: bob.user.id, phrase: 'BOB-WORD', normalized: 'bob-word', created_at: t.clock.now },
      ])
      .execute();
    await grantBalance(t.database, alice.user.id, { gold: 424_242 });
    await grantBalance(t.database, bob.user.id, { gold: 737_373 });

    // A cloud save with its screenshot.
    const stateBytes = randomBytes(3000);
    const state = await bigFile(alice.user.id, 'slot.state', stateBytes);
    const shot = await picture(alice.user.id);
    const { body: saved } = await call(
      t.app,
      endpoints.archives.saveArchive,
      {
        rom_md5: 'ab'.repeat(16),
        slot: 1,
        game_name: 'Pixel Quest: Part 2',
        state_sha256: state,
        image_sha256: shot.sha256,
        device_id: 'phone',
        base_version: null,
      },
      { token: alice.token },
    );
    expect(saved).toMatchObject({ code: 1 });

    const { res, entries } = await exportOf(alice);
    const day = new Date(t.clock.now).toISOString().slice(0, 10);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain(`filename="pixelhall-alice_export-${day}.zip"`);

    const names = [...entries.keys()];
    for (const name of [
      'README.txt',
      'profile.json',
      'posts.json',
      'comments.json',
      'likes.json',
      'follows.json',
      'blacklist.json',
      'mutes.json',
      'wallet.json',
      'props.json',
      'achievements.json',
      'bets.json',
      'archives.json',
      'favourites.json',
      'reports.json',
    ]) {
      expect(names).toContain(name);
    }

    expect(json(entries, 'profile.json')).toMatchObject({
      id: alice.user.id,
      username: 'alice_export',
      email: 'alice@example.org',
      level: 6,
      grade: 'player',
      created_at: iso(t.clock.now),
    });
    expect(JSON.stringify(json(entries, 'profile.json'))).not.toContain('password_hash');

    const posts = json(entries, 'posts.json');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({
      id: post.id,
      text: 'ALICE-POST castle run',
      topic: { name: 'Speedruns' },
    });
    const files = posts[0].files as Array<{ name: string; path: string }>;
    expect(files.map((f) => f.name)).toEqual(['castle.webp', 'manual.pdf']);
    // The picture and the attachment, byte for byte, where posts.json says they are.
    expect(entries.get(files[0]!.path)).toEqual(pic.bytes);
    expect(entries.get(files[1]!.path)).toEqual(manualBytes);
    expect(files[0]!.path).toMatch(
      new RegExp(`^files/posts/${post.id}-${pic.sha256.slice(0, 12)}-castle\\.webp$`),
    );

    expect(json(entries, 'comments.json')).toEqual([
      expect.objectContaining({ post_id: bobPost.id, text: 'ALICE-COMMENT nice' }),
    ]);
    expect(json(entries, 'likes.json')).toEqual({
      posts: [{ post_id: bobPost.id, liked_at: iso(t.clock.now) }],
      comments: [],
    });
    const follows = json(entries, 'follows.json');
    expect(follows.following).toEqual([expect.objectContaining({ id: bob.user.id, username: 'bob_export' })]);
    expect(follows.followers).toEqual([expect.objectContaining({ id: bob.user.id, username: 'bob_export' })]);
    expect(json(entries, 'blacklist.json')).toEqual([]);
    expect(json(entries, 'mutes.json')).toEqual({
      members: [expect.objectContaining({ id: bob.user.id, until: null })],
      words: [{ phrase: 'ALICE-WORD', muted_at: iso(t.clock.now) }],
    });
    const wallet = json(entries, 'wallet.json') as Array<{ amount: number; balance_after: number }>;
    expect(wallet).toContainEqual(expect.objectContaining({ currency: 'gold', amount: 424_242 }));

    const archives = json(entries, 'archives.json');
    expect(archives).toEqual([
      expect.objectContaining({ game: expect.objectContaining({ name: 'Pixel Quest: Part 2' }), slot: 1 }),
    ]);
    expect(archives[0].state_file).toMatch(
      /^files\/saves\/Pixel Quest_ Part 2-slot1-v\d+-[0-9a-f]{12}\.state$/,
    );
    expect(entries.get(archives[0].state_file)).toEqual(stateBytes);
    expect(entries.get(archives[0].screenshot_file)).toEqual(shot.bytes);

    // Nothing of bob's own or carol's anywhere, in any file.
    const everything = [...entries.entries()]
      .filter(([name]) => name.endsWith('.json'))
      .map(([, data]) => data.toString('utf8'))
      .join('\n');
    for (const foreign of ['BOB-POST', 'BOB-COMMENT', 'BOB-WORD', 'BOB-PICTURE', '737373', 'carol_export']) {
      expect(everything).not.toContain(foreign);
    }
    expect(names.filter((n) => n.includes(bobPicture.sha256.slice(0, 12)))).toEqual([]);
    const stored = names.filter((n) => n.startsWith('files/'));
    expect(stored).toHaveLength(4);

    const readme = entries.get('README.txt')!.toString('utf8');
    expect(readme).toContain(en('export.readme_title'));
    expect(readme).toContain(`posts.json: ${en('export.file_posts')}`);

    // The inbox says it is ready.
    const news = await t.database.db
      .selectFrom('news')
      .select(['kind', 'actor_id'])
      .where('user_id', '=', alice.user.id)
      .where('kind', '=', 'export_ready')
      .execute();
    expect(news).toEqual([{ kind: 'export_ready', actor_id: null }]);
    const [row] = await exportsOf(alice.user.id);
    expect(row).toMatchObject({ state: 'ready', claimed_by: null });
    expect(Number(row!.expires_at)).toBe(Number(row!.ready_at) + ACCOUNT_EXPORT_KEEP_MS);
    expect(Number(row!.size)).toBe(res.rawPayload.length);
  });

  it('writes the README in the language the export was asked in', async () => {
    const member = await t.make.member();
    const { entries } = await exportOf(member, 'ja-JP');
    const readme = entries.get('README.txt')!.toString('utf8');
    expect(readme).toContain(translator('ja-JP')('export.readme_title'));
    expect(readme).toContain(translator('ja-JP')('export.file_posts'));
  });

  it('builds each export once when two servers run the job at the same time', async () => {
    await drain();
    const members = await Promise.all([t.make.member(), t.make.member(), t.make.member()]);
    for (const member of members) await requestExport(member);
    const [a, b] = await Promise.all([
      t.services.accountExports.run('server-a'),
      t.services.accountExports.run('server-b'),
    ]);
    expect(a.built + b.built).toBe(3);
    for (const member of members) {
      expect(await exportsOf(member.user.id)).toEqual([expect.objectContaining({ state: 'ready' })]);
      const told = await t.database.db
        .selectFrom('news')
        .select('id')
        .where('user_id', '=', member.user.id)
        .where('kind', '=', 'export_ready')
        .execute();
      expect(told).toHaveLength(1);
    }
  });

  it('lets one claim win of two at once', async () => {
    await drain();
    const member = await t.make.member();
    await requestExport(member);
    const claims = await Promise.all([
      t.services.accountExports.claimNext('server-a'),
      t.services.accountExports.claimNext('server-b'),
    ]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    // A server whose claim is held builds nothing; the holder finishes it.
    expect((await t.services.accountExports.run('server-c')).built).toBe(0);
    const holder = claims.find(Boolean)!.claimed_by!;
    t.clock.advance(CLAIM_MS + 1);
    expect((await t.services.accountExports.run(holder === 'server-a' ? 'server-b' : 'server-a')).built).toBe(
      1,
    );
  });

  it('takes an export over from a server that died mid-build once its claim runs out', async () => {
    await drain();
    const member = await t.make.member();
    await requestExport(member);
    expect(await t.services.accountExports.claimNext('dead-server')).not.toBeNull();
    expect((await t.services.accountExports.run('live-server')).built).toBe(0);
    t.clock.advance(CLAIM_MS - 1);
    expect((await t.services.accountExports.run('live-server')).built).toBe(0);
    t.clock.advance(2);
    expect((await t.services.accountExports.run('live-server')).built).toBe(1);
    expect(await exportsOf(member.user.id)).toEqual([
      expect.objectContaining({ state: 'ready', attempts: 2, claimed_by: null }),
    ]);
  });

  it('tries a failed build again, then fails it for good, and the member may ask again at once', async () => {
    await drain();
    const member = await t.make.member();
    await bigFile(member.user.id, 'notes.txt', randomBytes(5000));
    await requestExport(member);
    // A store whose file breaks off midway: the build must fail, not hang.
    const store = createFileStore(uploadDir);
    const broken: FileStore = {
      ...store,
      async read() {
        const stream = new PassThrough();
        stream.write(randomBytes(100));
        setImmediate(() => stream.destroy(new Error('the bucket went away')));
        return stream;
      },
    };
    const failing = accountExportService({
      db: t.database.db,
      engine: t.database.engine,
      store: broken,
      clock: () => t.clock.now,
      tempDir: path.join(scratch, 'tmp'),
    });
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await failing.run()).toMatchObject({ built: 0, failed: 1 });
      expect(await exportsOf(member.user.id)).toEqual([
        expect.objectContaining({
          state: attempt < MAX_ATTEMPTS ? 'pending' : 'failed',
          attempts: attempt,
          claimed_by: null,
        }),
      ]);
    }
    const now = await status(member);
    expect(now.export).toMatchObject({ state: 'failed' });
    expect(now.next_allowed_at).toBe(t.clock.now);
  });

  it('removes a temporary zip a process left when it died mid-build, and no other', async () => {
    const temp = path.join(uploadDir, 'exports-tmp');
    const made = (name: string, ageMs: number) => {
      mkdirSync(path.join(temp, name), { recursive: true });
      const zip = path.join(temp, name, 'export.zip');
      writeFileSync(zip, 'PK');
      const at = new Date(Date.now() - ageMs);
      utimesSync(zip, at, at);
      return path.join(temp, name);
    };
    const abandoned = made('export-dead', 25 * 60 * 60 * 1000);
    const building = made('export-live', 60 * 1000);
    await t.services.accountExports.run();
    expect(existsSync(abandoned)).toBe(false);
    expect(existsSync(building)).toBe(true);
    rmSync(building, { recursive: true, force: true });
  });

  it('drops an export 7 days after it was ready, with its links', async () => {
    const member = await t.make.member();
    const { id } = await exportOf(member);
    t.clock.advance(ACCOUNT_EXPORT_KEEP_MS - 1);
    await t.services.accountExports.run();
    expect(await exportsOf(member.user.id)).toHaveLength(1);
    t.clock.advance(1);
    expect((await t.services.accountExports.run()).expired).toBeGreaterThanOrEqual(1);
    expect(await exportsOf(member.user.id)).toEqual([]);
    const links = await t.database.db
      .selectFrom('account_export_links')
      .select('export_id')
      .where('export_id', '=', id)
      .execute();
    expect(links).toEqual([]);
    expect((await status(member)).export).toBeNull();
  });
});

describe('streaming', () => {
  it('pipes every stored file through: never more than a bounded amount read ahead of what was written', async () => {
    const member = await t.make.member();
    for (let i = 0; i < 200; i++) {
      await t.database.db
        .insertInto('posts')
        .values({
          user_id: member.user.id,
          topic_id: topicId,
          text: `Post ${i}: ${'a long walkthrough '.repeat(20)}`,
          created_at: t.clock.now + i,
          updated_at: t.clock.now + i,
        })
        .execute();
    }
    const sizes = [3, 2, 3, 2].map((mb) => mb * 1024 * 1024);
    const expected = new Map<string, Buffer>();
    for (const [i, size] of sizes.entries()) {
      const data = randomBytes(size);
      const sha = await bigFile(member.user.id, i % 2 ? `track${i}.mp3` : `dump${i}.bin`, data);
      expected.set(sha, data);
    }

    // The store and the output, counted: bytes handed out by the store's streams, and bytes
    // the zip has written. A builder holding a file whole would read a whole file ahead.
    let read = 0;
    let written = 0;
    let ahead = 0;
    const store = createFileStore(uploadDir);
    const counted: FileStore = {
      ...store,
      async read(sha256, range) {
        const source = await store.read(sha256, range);
        const tap = new PassThrough();
        tap.on('data', (chunk: Buffer) => {
          read += chunk.length;
          ahead = Math.max(ahead, read - written);
        });
        return source.pipe(tap);
      },
    };
    const file = path.join(scratch, 'streamed.zip');
    const disk = createWriteStream(file);
    const output = new Writable({
      write(chunk: Buffer, _encoding, done) {
        written += chunk.length;
        disk.write(chunk, done);
      },
      final(done) {
        disk.end(done);
      },
    });
    const result = await writeAccountExport(
      { db: t.database.db, store: counted },
      { userId: member.user.id, username: member.user.username, locale: 'en-US', now: t.clock.now },
      output,
    );
    expect(result).toEqual({ files: 4, missing: 0 });
    const total = sizes.reduce((a, b) => a + b, 0);
    expect(read).toBe(total);
    expect(ahead).toBeLessThan(1024 * 1024);
    expect(ahead).toBeLessThan(Math.min(...sizes) / 2);

    const entries = await unzip(readFileSync(file));
    expect(json(entries, 'posts.json')).toHaveLength(200);
    for (const [sha, data] of expected) {
      const name = [...entries.keys()].find((n) => n.includes(sha.slice(0, 12)));
      // Buffer.equals: a deep toEqual of megabytes takes minutes.
      expect(entries.get(name!)?.equals(data)).toBe(true);
    }
  });

  it('writes JSON a page at a time: the next page is read only once the one before is written', async () => {
    const fetched: number[] = [];
    const pages = keysetPages(
      async (after: number | null, limit: number) => {
        const start = after ?? 0;
        fetched.push(start);
        return start >= 3 * limit ? [] : Array.from({ length: limit }, (_, i) => ({ id: start + i + 1 }));
      },
      (row) => row.id,
      10,
    );
    const text = jsonDocument([
      ['total', { value: 30 }],
      ['rows', { rows: pages }],
    ]);
    const chunks: string[] = [];
    for await (const chunk of text) {
      chunks.push(chunk);
      // Every page's rows leave before the next page is asked for.
      const rowsOut = (chunks.join('').match(/"id"/g) ?? []).length;
      expect(fetched.length).toBeLessThanOrEqual(rowsOut / 10 + 1);
    }
    expect(fetched).toEqual([0, 10, 20, 30]);
    const parsed = JSON.parse(chunks.join(''));
    expect(parsed.total).toBe(30);
    expect(parsed.rows.map((r: { id: number }) => r.id)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));

    let empty = '';
    for await (const chunk of jsonArray(
      keysetPages(
        async () => [],
        (r: { id: number }) => r.id,
      ),
    ))
      empty += chunk;
    expect(JSON.parse(empty)).toEqual([]);
  });
});

describe('downloading', () => {
  it('serves the owner through a short-lived link, resumable with Range', async () => {
    const member = await t.make.member();
    const { link, res } = await exportOf(member);
    expect(link.expires_at).toBe(t.clock.now + ACCOUNT_EXPORT_LINK_MS);
    expect(link.url).toMatch(new RegExp(`^/upload/${DOWNLOAD_EXPORT_PATH}\\?id=\\d+&key=[A-Za-z0-9_-]{43}$`));
    expect(res.headers['content-disposition']).toMatch(/^attachment; /);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const part = await download(link.url, { range: 'bytes=10-19' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload).toEqual(res.rawPayload.subarray(10, 20));
  });

  it("refuses another member's export as if it did not exist, and another's link", async () => {
    const owner = await t.make.member();
    const other = await t.make.member();
    const { id, link } = await exportOf(owner);
    await refused(accountExportLink, { id }, other, 'errors.export_not_found');
    await refused(accountExportLink, { id: 999_999_999 }, other, 'errors.export_not_found');

    // The other member's own link, for their own export, does not open the owner's.
    const theirs = await exportOf(other);
    const theirKey = new URL(theirs.link.url, 'http://x').searchParams.get('key')!;
    const borrowed = await download(`/upload/${DOWNLOAD_EXPORT_PATH}?id=${id}&key=${theirKey}`);
    expect(borrowed.statusCode).toBe(404);
    expect(borrowed.json()).toEqual({
      code: 0,
      msg: en('errors.export_link_invalid'),
      data: null,
      reason: 'errors.export_link_invalid',
    });
    // A made-up key, a malformed one, or none: the same answer.
    for (const query of [`id=${id}&key=${'A'.repeat(43)}`, `id=${id}&key=short`, `id=${id}`, 'id=x&key=y']) {
      const res = await download(`/upload/${DOWNLOAD_EXPORT_PATH}?${query}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().reason).toBe('errors.export_link_invalid');
    }
    // The owner's link still works.
    expect((await download(link.url)).statusCode).toBe(200);
  });

  it('says plainly when a link or the export has expired', async () => {
    const member = await t.make.member();
    const { id, link } = await exportOf(member);
    t.clock.advance(ACCOUNT_EXPORT_LINK_MS);
    const late = await download(link.url);
    expect(late.statusCode).toBe(410);
    expect(late.json()).toEqual({
      code: 0,
      msg: en('errors.export_link_expired'),
      data: null,
      reason: 'errors.export_link_expired',
    });
    expect(
      (await download((await ok<{ url: string }>(accountExportLink, { id }, member)).url)).statusCode,
    ).toBe(200);

    // A link minted just before the export runs out stops with it.
    t.clock.advance(ACCOUNT_EXPORT_KEEP_MS - ACCOUNT_EXPORT_LINK_MS - 60_000);
    const lastLink = await ok<{ url: string }>(accountExportLink, { id }, member);
    t.clock.advance(60_000);
    const gone = await download(lastLink.url);
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toMatchObject({ msg: en('errors.export_expired'), reason: 'errors.export_expired' });
    await refused(accountExportLink, { id }, member, 'errors.export_expired');
  });

  it('has no link for an export not built yet', async () => {
    const member = await t.make.member();
    const { id } = await requestExport(member);
    await refused(accountExportLink, { id }, member, 'errors.export_not_ready');
  });
});
