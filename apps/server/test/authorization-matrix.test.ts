import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ADULT_AGE,
  type ArchiveVersion,
  type EndpointDef,
  type Envelope,
  endpoints,
  endpointUrl,
  expiredCodeFor,
  type HttpMethod,
  LEVEL_BET,
  LEVEL_TOPIC_CREATE,
  LOCALE_VALUES,
  type MessageKey,
  UPLOAD_BIG_PATH,
} from '@pixelhall/contract';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database';
import { COLORS, STYLES } from '../src/features/posts/palette';
import { translator } from '../src/i18n';
import { installEconomyCatalog } from '../src/seed/economy-catalog';
import { buildTestApp, call, type TestApp } from './helper';
import { insertCategory, insertTopic, setLevel } from './support/community';
import { grantBalance, requestId } from './support/economy';
import type { Caller } from './support/social';
import { finishedUpload, insertUpload } from './support/uploads';

/**
 * Who may do what, in tables. The members-only endpoints come from the contract, so an endpoint
 * added tomorrow is swept by every bearer below without anyone listing it here.
 */
const { posts, comments, follows, archives, games, bets, topics, levels, tasks, props, users } = endpoints;
const en = translator('en-US');

type Call = { def: EndpointDef; method: HttpMethod; name: string };
const contract = Object.values(endpoints).flatMap((group) => Object.values(group) as EndpointDef[]);
const callsOf = (defs: EndpointDef[]): Call[] =>
  defs.flatMap((def) =>
    def.methods.map((method) => ({ def, method, name: `${method} ${endpointUrl(def)}` })),
  );

const membersOnly = callsOf(contract.filter((def) => def.auth === 'required'));
/**
 * A game token (`requestToken/token`) opens the game service and the upload host, for the
 * emulator and the archive sync; everything else takes a session, and so does minting one,
 * or a game token could renew itself past its session.
 */
const sessionOnly = membersOnly.filter(({ def }) => def.base === 'api' || def === games.requestToken);
const gameTokenOpens = membersOnly.filter((c) => !sessionOnly.includes(c));

let t: TestApp;
let uploadDir: string;
let scratch: string;

/** The member whose things everyone else tries to touch, and those things. */
type Member = Awaited<ReturnType<TestApp['make']['member']>>;
let owner: Member;
let intruder: Member;
const owned = {
  topic: 0,
  post: 0,
  comment: 0,
  picture: '',
  state: '',
  slot: 0,
  blocked: 0,
  muted: 0,
  mutedWord: 0,
  bigUpload: '',
  passkey: 0,
  export: 0,
};

const bearerTokens = { expired: '', signedOut: '', game: '' };

beforeAll(async () => {
  uploadDir = mkdtempSync(path.join(tmpdir(), 'pixelhall-authz-'));
  scratch = mkdtempSync(path.join(tmpdir(), 'pixelhall-authz-src-'));
  t = await buildTestApp({ config: { uploadDir } });
  await installEconomyCatalog(t.database.db, t.clock.now);

  owner = await t.make.member();
  intruder = await t.make.member();
  owned.topic = await insertTopic(t.database);
  owned.post = await ok(posts.createPost, { topic_id: owned.topic, text: 'The owner writes.' }, owner);
  owned.comment = await ok(comments.postComment, { post_id: owned.post, text: 'The owner replies.' }, owner);
  owned.picture = await insertUpload(t.database, {
    mime: 'image/png',
    bytes: 64,
    ownerId: owner.user.id,
    now: t.clock.now,
  });
  owned.state = await stateFileOf(owner.user.id);
  owned.slot = (await okData<ArchiveVersion>(archives.saveArchive, archivePayload(owned.state), owner)).id;
  owned.bigUpload = await startBigUpload(owner);
  owned.blocked = (await t.make.user()).id;
  await okData(follows.userBlack, { user_id: owned.blocked }, owner);
  owned.muted = (await t.make.user()).id;
  await okData(endpoints.mutes.muteUser, { user_id: owned.muted, duration: 'forever' }, owner);
  owned.mutedWord = await ok(endpoints.mutes.muteWord, { phrase: 'spoiler' }, owner);
  owned.passkey = await insertPasskey(owner.user.id);
  owned.export = await ok(endpoints.accountExport.accountExportRequest, {}, owner);
  await t.services.accountExports.run();

  const expired = await t.make.member();
  await t.database.db
    .updateTable('sessions')
    .set({ expires_at: t.clock.now })
    .where('id', '=', expired.sessionId)
    .execute();
  bearerTokens.expired = expired.token;
  const signedOut = await t.make.member();
  await okData(endpoints.auth.signOut, {}, signedOut);
  bearerTokens.signedOut = signedOut.token;
  bearerTokens.game = await gameTokenOf(await t.make.member());
});
afterAll(async () => {
  await t.close();
  rmSync(uploadDir, { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
});

async function ok(def: EndpointDef, payload: Record<string, unknown>, who?: Caller): Promise<number> {
  return (await okData<{ id: number }>(def, payload, who)).id;
}

async function okData<T>(def: EndpointDef, payload: Record<string, unknown>, who?: Caller): Promise<T> {
  const { body } = await call(t.app, def, payload, { token: who?.token });
  expect(body, `${def.path} ${JSON.stringify(body)}`).toMatchObject({ code: 1 });
  return body.data as T;
}

async function gameTokenOf(who: Caller): Promise<string> {
  return (await okData<{ token: string }>(games.requestToken, {}, who)).token;
}

/** A state file as upload/big stores it once tus has it all. */
async function stateFileOf(ownerId: number): Promise<string> {
  const file = path.join(scratch, randomBytes(8).toString('hex'));
  writeFileSync(file, randomBytes(512));
  return (await t.services.bigUploads.finish({ ownerId, upload: finishedUpload(file), name: 'slot1.state' }))
    .sha256;
}

const TUS = { 'tus-resumable': '1.0.0' };

/** An upload/big (tus) upload begun and not sent yet: its address. */
async function startBigUpload(who: Caller): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/upload/${UPLOAD_BIG_PATH}`,
    headers: {
      ...TUS,
      authorization: `Bearer ${who.token}`,
      'upload-length': '4',
      'upload-metadata': `filename ${Buffer.from('slot1.state').toString('base64')}`,
    },
  });
  expect(res.statusCode).toBe(201);
  return res.headers.location as string;
}

/** How far the owner's upload/big upload has got, as its owner asks tus. */
async function bigUploadOffset(): Promise<unknown> {
  const res = await t.app.inject({
    method: 'HEAD',
    url: owned.bigUpload,
    headers: { ...TUS, authorization: `Bearer ${owner.token}` },
  });
  return [res.statusCode, res.headers['upload-offset']];
}

const archivePayload = (stateSha256: string, imageSha256?: string) => ({
  rom_md5: 'c'.repeat(32),
  slot: 1,
  game_name: 'Pixel Quest',
  state_sha256: stateSha256,
  image_sha256: imageSha256,
  device_id: 'device-a',
});

/**
 * What a request that got past the door could do harm with: the owner's things under the names
 * the contract gives them. Keys an endpoint doesn't know are dropped by its schema.
 */
const aimedAtOwner = () => ({
  id: owned.post,
  post_id: owned.post,
  comment_id: owned.comment,
  user_id: owner.user.id,
  topic_id: owned.topic,
  text: 'Written by nobody.',
  nickname: 'Nobody',
  like: true,
  follow: true,
  collect: true,
  comments_open: false,
});

/**
 * Every row of every table but the migrator's, in a stable order: what "changed nothing" is
 * compared on.
 */
async function everything(database: Database): Promise<Record<string, string[]>> {
  const tables = (await database.db.introspection.getTables()).filter((x) => !x.name.startsWith('kysely_'));
  const rows = await Promise.all(
    tables.map(async (table) => {
      const all = await database.db
        .selectFrom(table.name as never)
        .selectAll()
        .execute();
      return [table.name, all.map((row) => JSON.stringify(row)).sort()] as const;
    }),
  );
  return Object.fromEntries(rows);
}

/** The six interface languages in turn, so each answer proves its message is translated there. */
const localeOf = (index: number) => LOCALE_VALUES[index % LOCALE_VALUES.length]!;

interface Bearer {
  name: string;
  authorization: () => string | undefined;
  refusedAt: Call[];
}

const bearers: Bearer[] = [
  { name: 'no token', authorization: () => undefined, refusedAt: membersOnly },
  { name: 'a garbage token', authorization: () => 'Bearer garbage', refusedAt: membersOnly },
  {
    name: 'an unknown token shaped like a real one',
    authorization: () => `Bearer ${randomBytes(32).toString('base64url')}`,
    refusedAt: membersOnly,
  },
  { name: 'a token without the Bearer scheme', authorization: () => owner.token, refusedAt: membersOnly },
  {
    name: 'an expired session',
    authorization: () => `Bearer ${bearerTokens.expired}`,
    refusedAt: membersOnly,
  },
  {
    name: 'a signed-out session',
    authorization: () => `Bearer ${bearerTokens.signedOut}`,
    refusedAt: membersOnly,
  },
  { name: 'a game token', authorization: () => `Bearer ${bearerTokens.game}`, refusedAt: sessionOnly },
];

async function send(
  c: Call,
  authorization: string | undefined,
  locale: string,
  payload: Record<string, unknown>,
) {
  const headers: Record<string, string> = { 'accept-language': locale };
  if (authorization) headers.authorization = authorization;
  return call(t.app, c.def, payload, { method: c.method, headers });
}

describe.each(bearers)('a members-only endpoint called with $name', (bearer) => {
  let before: Record<string, string[]>;
  beforeAll(async () => {
    before = await everything(t.database);
  });

  it.each(bearer.refusedAt.map((c, i) => ({ ...c, locale: localeOf(i) })))(
    '$name is told to sign in ($locale)',
    async (c) => {
      const { status, body } = await send(c, bearer.authorization(), c.locale, aimedAtOwner());
      const msg = translator(c.locale)('errors.not_logged_in');
      expect(status).toBe(200);
      expect(body).toEqual({
        code: expiredCodeFor(c.def.base),
        msg,
        data: null,
        reason: 'errors.not_logged_in',
      });
      if (c.locale !== 'en-US') expect(msg).not.toBe(en('errors.not_logged_in'));
    },
  );

  it('changes nothing', async () => {
    expect(await everything(t.database)).toEqual(before);
  });
});

describe('the upload host outside the contract (tus, upload/big)', () => {
  it.each(bearers.filter((b) => b.refusedAt === membersOnly))('refuses $name with 401', async (bearer) => {
    const authorization = bearer.authorization();
    const res = await t.app.inject({
      method: 'POST',
      url: `/upload/${UPLOAD_BIG_PATH}`,
      headers: {
        ...(authorization ? { authorization } : {}),
        'accept-language': 'ko-KR',
        'tus-resumable': '1.0.0',
        'upload-length': '4',
        'upload-metadata': `filename ${Buffer.from('slot1.state').toString('base64')}`,
      },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      code: expiredCodeFor('upload'),
      msg: translator('ko-KR')('errors.not_logged_in'),
      data: null,
      reason: 'errors.not_logged_in',
    });
  });
});

/**
 * The sweeps above would pass against a server that refused everyone: these show the same
 * doors open to the right bearer (whatever the empty payload then earns, it isn't "sign in").
 */
describe('the same endpoints let the right bearer in', () => {
  it.each(membersOnly)('$name takes a live session', async (c) => {
    const who = await t.make.member();
    const { status, body } = await send(c, `Bearer ${who.token}`, 'en-US', {});
    expect(status).toBeLessThan(500);
    expect(body.code, JSON.stringify(body)).not.toBe(expiredCodeFor(c.def.base));
  });

  it.each(gameTokenOpens)('$name takes a game token', async (c) => {
    const token = await gameTokenOf(await t.make.member());
    const { status, body } = await send(c, `Bearer ${token}`, 'en-US', {});
    expect(status).toBeLessThan(500);
    expect(body.code, JSON.stringify(body)).not.toBe(expiredCodeFor(c.def.base));
  });
});

// ---------------------------------------------------------------------------------------------

const rowOf = (table: 'posts' | 'comments' | 'archive_slots' | 'passkeys', id: number) =>
  t.database.db
    .selectFrom(table as 'posts')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();

const blacklistOf = (userId: number) =>
  t.database.db.selectFrom('blacklist').selectAll().where('user_id', '=', userId).execute();

interface Trespass {
  /** What the intruder tries on the owner's things. */
  name: string;
  attempt: (intruder: Caller) => Promise<Envelope<unknown>>;
  /** The message of the code-0 answer. */
  refused: MessageKey;
  /** The owner's side as stored: the same after the attempt as before. */
  state: () => Promise<unknown>;
}

const mutesOf = (userId: number) =>
  Promise.all([
    t.database.db.selectFrom('member_mutes').selectAll().where('user_id', '=', userId).execute(),
    t.database.db.selectFrom('muted_words').selectAll().where('user_id', '=', userId).execute(),
  ]);

const trespasses: Trespass[] = [
  {
    name: "unmute/word on the owner's muted word",
    attempt: async (who) =>
      (await call(t.app, endpoints.mutes.unmuteWord, { id: owned.mutedWord }, { token: who.token })).body,
    refused: 'errors.mute_word_not_found',
    state: () => mutesOf(owner.user.id),
  },
  {
    name: "del/posts on the owner's post",
    attempt: async (who) =>
      (await call(t.app, posts.deletePost, { id: owned.post }, { token: who.token })).body,
    refused: 'errors.not_author',
    state: () => rowOf('posts', owned.post),
  },
  {
    name: "set/posts on the owner's post",
    attempt: async (who) =>
      (await call(t.app, posts.setPost, { id: owned.post, comments_open: false }, { token: who.token })).body,
    refused: 'errors.not_author',
    state: () => rowOf('posts', owned.post),
  },
  {
    name: "posts/prop on the owner's post",
    attempt: async (who) =>
      (
        await call(
          t.app,
          props.postsProp,
          { post_id: owned.post, prop_id: await propId('color_gold'), request_id: requestId() },
          { token: who.token },
        )
      ).body,
    refused: 'errors.not_author',
    state: () => rowOf('posts', owned.post),
  },
  {
    name: "edit/posts on the owner's post",
    attempt: async (who) =>
      (
        await call(
          t.app,
          endpoints.edits.editPost,
          { id: owned.post, text: 'Rewritten.' },
          { token: who.token },
        )
      ).body,
    refused: 'errors.not_author',
    state: () =>
      Promise.all([
        rowOf('posts', owned.post),
        t.database.db.selectFrom('post_versions').selectAll().where('post_id', '=', owned.post).execute(),
      ]),
  },
  {
    name: "edit/comments on the owner's comment",
    attempt: async (who) =>
      (
        await call(
          t.app,
          endpoints.edits.editComment,
          { id: owned.comment, text: 'Rewritten.' },
          { token: who.token },
        )
      ).body,
    refused: 'errors.not_author',
    state: () =>
      Promise.all([
        rowOf('comments', owned.comment),
        t.database.db
          .selectFrom('comment_versions')
          .selectAll()
          .where('comment_id', '=', owned.comment)
          .execute(),
      ]),
  },
  {
    name: "del/comments on the owner's comment under the owner's post",
    attempt: async (who) =>
      (await call(t.app, comments.deleteComment, { id: owned.comment }, { token: who.token })).body,
    refused: 'errors.not_author',
    state: () => rowOf('comments', owned.comment),
  },
  {
    name: "create/posts attaching the owner's upload",
    attempt: async (who) =>
      (
        await call(
          t.app,
          posts.createPost,
          { topic_id: owned.topic, text: 'Look', files: [{ sha256: owned.picture, name: 'theirs.png' }] },
          { token: who.token },
        )
      ).body,
    refused: 'errors.file_unknown',
    state: () =>
      t.database.db.selectFrom('post_files').selectAll().where('sha256', '=', owned.picture).execute(),
  },
  {
    name: "archive/saveArchive naming the owner's state file",
    attempt: async (who) =>
      (await call(t.app, archives.saveArchive, archivePayload(owned.state), { token: who.token })).body,
    refused: 'game.archive_file_unknown',
    state: () => t.database.db.selectFrom('archive_versions').selectAll().orderBy('id').execute(),
  },
  {
    name: "archive/saveArchive naming the owner's screenshot",
    attempt: async (who) =>
      (
        await call(
          t.app,
          archives.saveArchive,
          archivePayload(await stateFileOf(who.user.id), owned.picture),
          { token: who.token },
        )
      ).body,
    refused: 'game.archive_image_invalid',
    state: () => t.database.db.selectFrom('archive_versions').selectAll().orderBy('id').execute(),
  },
  {
    name: "archive/history of the owner's slot",
    attempt: async (who) =>
      (await call(t.app, archives.archiveHistory, { id: owned.slot }, { token: who.token })).body,
    refused: 'game.archive_not_found',
    state: () => rowOf('archive_slots', owned.slot),
  },
  {
    name: "archive/deleteArchive of the owner's slot",
    attempt: async (who) =>
      (await call(t.app, archives.deleteArchive, { id: owned.slot }, { token: who.token })).body,
    refused: 'game.archive_not_found',
    state: () => rowOf('archive_slots', owned.slot),
  },
  {
    name: "sessions/revoke of the owner's session",
    attempt: async (who) =>
      (await call(t.app, endpoints.sessions.sessionsRevoke, { id: owner.sessionId }, { token: who.token }))
        .body,
    refused: 'errors.session_not_found',
    state: () => t.database.db.selectFrom('sessions').selectAll().where('id', '=', owner.sessionId).execute(),
  },
  {
    name: "passkey/rename of the owner's passkey",
    attempt: async (who) =>
      (
        await call(
          t.app,
          endpoints.passkeys.passkeyRename,
          { id: owned.passkey, name: 'Mine' },
          { token: who.token },
        )
      ).body,
    refused: 'errors.passkey_not_found',
    state: () => rowOf('passkeys', owned.passkey),
  },
  {
    name: "passkey/remove of the owner's passkey",
    attempt: async (who) =>
      (await call(t.app, endpoints.passkeys.passkeyRemove, { id: owned.passkey }, { token: who.token })).body,
    refused: 'errors.passkey_not_found',
    state: () => rowOf('passkeys', owned.passkey),
  },
  {
    name: "account/export/link of the owner's export",
    attempt: async (who) =>
      (
        await call(
          t.app,
          endpoints.accountExport.accountExportLink,
          { id: owned.export },
          { token: who.token },
        )
      ).body,
    refused: 'errors.export_not_found',
    state: () =>
      t.database.db
        .selectFrom('account_exports')
        .leftJoin('account_export_links', 'account_export_links.export_id', 'account_exports.id')
        .selectAll()
        .where('account_exports.id', '=', owned.export)
        .execute(),
  },
  {
    name: "a PATCH of the owner's upload/big upload",
    attempt: async (who) =>
      (
        await t.app.inject({
          method: 'PATCH',
          url: owned.bigUpload,
          headers: {
            ...TUS,
            authorization: `Bearer ${who.token}`,
            'upload-offset': '0',
            'content-type': 'application/offset+octet-stream',
          },
          payload: Buffer.from('evil'),
        })
      ).json(),
    refused: 'errors.not_found',
    state: bigUploadOffset,
  },
];

/** A passkey row as passkey/register stores one (the ceremony itself is passkeys.test.ts's). */
async function insertPasskey(userId: number): Promise<number> {
  const row = await t.database.db
    .insertInto('passkeys')
    .values({
      user_id: userId,
      credential_id: randomBytes(16).toString('base64url'),
      public_key: randomBytes(77).toString('base64url'),
      user_handle: randomBytes(32).toString('base64url'),
      counter: 0,
      transports: 'internal',
      device_type: 'multiDevice',
      backed_up: 1,
      name: 'Owner phone',
      created_at: t.clock.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

async function propId(code: string): Promise<number> {
  const row = await t.database.db
    .selectFrom('props')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

describe("another member's things", () => {
  it.each(trespasses)('$name is refused and changes nothing', async (row) => {
    const before = await row.state();
    expect(before).toBeTruthy();
    const body = await row.attempt(intruder);
    expect(body).toEqual({ code: 0, msg: en(row.refused), data: null, reason: row.refused });
    expect(await row.state()).toEqual(before);
  });

  /** Lists of "the caller's" things can't be pointed at someone else's by an extra key. */
  it.each([
    { name: 'archive/archiveList', def: archives.archiveList },
    { name: 'black/list', def: follows.blackList },
    { name: 'passkey/list', def: endpoints.passkeys.passkeyList },
    { name: 'mute/list', def: endpoints.mutes.muteList },
    { name: 'mute/words', def: endpoints.mutes.muteWords },
  ])("$name shows the intruder none of the owner's", async ({ def }) => {
    expect((await okData<{ list: unknown[] }>(def, {}, owner)).list).toHaveLength(1);
    const theirs = await okData<{ list: unknown[] }>(def, { user_id: owner.user.id }, intruder);
    expect(theirs.list).toEqual([]);
  });

  it("account/export/status shows the caller's own export only", async () => {
    const status = endpoints.accountExport.accountExportStatus;
    expect(await okData(status, {}, owner)).toMatchObject({ export: { id: owned.export, state: 'ready' } });
    expect(await okData(status, { user_id: owner.user.id }, intruder)).toMatchObject({ export: null });
  });

  it("sessions/list shows the caller's own sessions only, and revoke/others ends only theirs", async () => {
    const own = await okData<{ list: { id: number }[] }>(endpoints.sessions.sessionsList, {}, intruder);
    expect(own.list.map((s) => s.id)).toEqual([intruder.sessionId]);
    const before = await t.database.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', owner.user.id)
      .execute();
    expect(before.length).toBeGreaterThan(0);
    await okData(endpoints.sessions.sessionsRevokeOthers, { user_id: owner.user.id }, intruder);
    expect(
      await t.database.db.selectFrom('sessions').selectAll().where('user_id', '=', owner.user.id).execute(),
    ).toEqual(before);
  });

  it("two/step/* read and change the caller's second steps only, whoever user_id names", async () => {
    const { twoStep } = endpoints;
    await t.services.freshProof.mark(owner.sessionId);
    const { secret } = await okData<{ secret: string }>(twoStep.totpSetup, {}, owner);
    const code = TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: t.clock.now });
    await okData(twoStep.totpEnable, { code }, owner);
    const ownerState = () =>
      Promise.all([
        t.database.db.selectFrom('totp_secrets').selectAll().where('user_id', '=', owner.user.id).execute(),
        t.database.db.selectFrom('recovery_codes').selectAll().where('user_id', '=', owner.user.id).execute(),
      ]);
    const before = await ownerState();
    expect(before[1]).toHaveLength(10);

    const target = { user_id: owner.user.id };
    expect(await okData(twoStep.twoStepStatus, target, intruder)).toMatchObject({ totp: false });
    await t.services.freshProof.mark(intruder.sessionId);
    const off = await call(t.app, twoStep.totpDisable, target, { token: intruder.token });
    expect(off.body).toMatchObject({ code: 0, reason: 'errors.totp_off' });
    const renew = await call(t.app, twoStep.recoveryRegenerate, target, { token: intruder.token });
    expect(renew.body).toMatchObject({ code: 0, reason: 'errors.second_step_off' });
    expect(await ownerState()).toEqual(before);
  });

  it('account/delete and its cancel act on the caller only, whatever the payload names', async () => {
    const { deleteAccount, cancelAccountDeletion } = endpoints.accountDeletion;
    const pending = { deletion_requested_at: t.clock.now, deletion_due_at: t.clock.now + 86_400_000 };
    await t.database.db.updateTable('users').set(pending).where('id', '=', owner.user.id).execute();
    const deletionOf = (id: number) =>
      t.database.db
        .selectFrom('users')
        .select(['status', 'deletion_requested_at', 'deletion_due_at'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    try {
      const asked = await call(
        t.app,
        deleteAccount,
        { confirm: owner.user.username, user_id: owner.user.id },
        { token: intruder.token },
      );
      expect(asked.body).toMatchObject({ code: 0, reason: 'errors.deletion_confirm_mismatch' });
      await okData(cancelAccountDeletion, { user_id: owner.user.id }, intruder);
      expect(await deletionOf(owner.user.id)).toEqual({ status: 'active', ...pending });
      expect(await deletionOf(intruder.user.id)).toEqual({
        status: 'active',
        deletion_requested_at: null,
        deletion_due_at: null,
      });
    } finally {
      await t.database.db
        .updateTable('users')
        .set({ deletion_requested_at: null, deletion_due_at: null })
        .where('id', '=', owner.user.id)
        .execute();
    }
  });

  it("unmute/user and mute/user change the caller's mutes only, and get/user tells nobody else of them", async () => {
    const before = await mutesOf(owner.user.id);
    expect(before[0]).toHaveLength(1);
    await okData(endpoints.mutes.unmuteUser, { user_id: owned.muted }, intruder);
    await okData(endpoints.mutes.muteUser, { user_id: owned.muted, duration: 'day' }, intruder);
    expect(await mutesOf(owner.user.id)).toEqual(before);
    const seenByOwner = await okData(users.getUser, { user_id: owned.muted }, owner);
    expect(seenByOwner).toMatchObject({ muted: true, muted_until: null });
    const seenByOther = await okData(users.getUser, { user_id: owned.muted }, await t.make.member());
    expect(seenByOther).toMatchObject({ muted: false, muted_until: null });
    await okData(endpoints.mutes.unmuteUser, { user_id: owned.muted }, intruder);
  });

  it("remove/black removes from the caller's blacklist only", async () => {
    const before = await blacklistOf(owner.user.id);
    expect(before).toHaveLength(1);
    await call(t.app, follows.removeBlack, { user_id: owned.blocked }, { token: intruder.token });
    expect(await blacklistOf(owner.user.id)).toEqual(before);
  });

  it('edit/user edits the caller, whoever user_id names', async () => {
    await okData(users.editUser, { user_id: owner.user.id, nickname: 'Renamed' }, intruder);
    const names = await t.database.db
      .selectFrom('users')
      .select(['id', 'nickname'])
      .where('id', 'in', [owner.user.id, intruder.user.id])
      .execute();
    expect(Object.fromEntries(names.map((n) => [Number(n.id), n.nickname]))).toEqual({
      [owner.user.id]: owner.user.nickname,
      [intruder.user.id]: 'Renamed',
    });
  });

  it("edit/user refuses the owner's upload as the intruder's avatar", async () => {
    const { body } = await call(
      t.app,
      users.editUser,
      { avatar: `/upload/files/${owned.picture}.png` },
      { token: intruder.token },
    );
    expect(body).toEqual({
      code: 0,
      msg: en('errors.file_unknown'),
      data: null,
      reason: 'errors.file_unknown',
    });
  });

  it("get/user shows the owner's profile without the private fields", async () => {
    const profile = await okData<Record<string, unknown>>(
      users.getUser,
      { user_id: owner.user.id },
      intruder,
    );
    expect(profile.id).toBe(owner.user.id);
    for (const field of ['email', 'gold', 'diamonds', 'has_password', 'providers', 'deletion_due_at']) {
      expect(profile).not.toHaveProperty(field);
    }
  });
});

// ---------------------------------------------------------------------------------------------

interface LevelGate {
  name: string;
  level: number;
  /** Tries the gated thing as `who`. */
  attempt: (who: Caller) => Promise<Envelope<unknown>>;
  /** The answer one level below. */
  refused: MessageKey;
}

const TOPIC_LEVEL = 12;
const REWARD_LEVEL = 7;
const gated = { topic: 0, betEvent: { id: 0, options: [{ id: 0 }] } };

async function placeBet(who: Caller) {
  await grantBalance(t.database, who.user.id, { gold: 100 });
  const { id: event_id, options } = gated.betEvent;
  const payload = { event_id, option: options[0]!.id, amount: 10, request_id: requestId() };
  return (await call(t.app, bets.newBet, payload, { token: who.token })).body;
}

const postAs = async (who: Caller, payload: Record<string, unknown>) =>
  (
    await call(
      t.app,
      posts.createPost,
      { topic_id: owned.topic, text: 'Hello', ...payload },
      { token: who.token },
    )
  ).body;

/** Colours and upgrade styles that levels unlock (those bought as props are worn through posts/prop). */
const paletteGates: LevelGate[] = (
  [
    ['color', COLORS],
    ['style', STYLES],
  ] as const
).flatMap(([kind, palette]) =>
  palette
    .filter((entry) => entry.min_level > 1 && !entry.prop_only)
    .map((entry) => ({
      name: `create/posts with the ${kind} ${entry.id}`,
      level: entry.min_level,
      attempt: (who: Caller) => postAs(who, { [kind]: entry.id }),
      refused: 'errors.style_level' as const,
    })),
);

/** Game creation (level 21, docs/product/profiles-and-levels.md#level-gates) has no endpoint: the app only shows its notice. */
const levelGates: LevelGate[] = [
  { name: 'new/bet', level: LEVEL_BET, attempt: placeBet, refused: 'errors.level_required' },
  {
    name: 'add/topic',
    level: LEVEL_TOPIC_CREATE,
    attempt: async (who) => {
      const payload = {
        category_id: await insertCategory(t.database),
        name: `Topic ${randomBytes(3).toString('hex')}`,
      };
      return (await call(t.app, topics.addTopic, payload, { token: who.token })).body;
    },
    refused: 'errors.level_required',
  },
  {
    name: `create/posts in a topic of minimum level ${TOPIC_LEVEL}`,
    level: TOPIC_LEVEL,
    attempt: (who) => postAs(who, { topic_id: gated.topic }),
    refused: 'errors.topic_level',
  },
  {
    name: `task/reward of the level-${LEVEL_BET} daily bet task, after a bet`,
    level: LEVEL_BET,
    attempt: async (who) => {
      await placeBet(who);
      const task = await t.database.db
        .selectFrom('tasks')
        .select('id')
        .where('code', '=', 'daily_bet')
        .executeTakeFirstOrThrow();
      return (await call(t.app, tasks.taskReward, { task_id: Number(task.id) }, { token: who.token })).body;
    },
    refused: 'errors.level_required',
  },
  {
    name: `level/reward of level ${REWARD_LEVEL}`,
    level: REWARD_LEVEL,
    attempt: async (who) =>
      (await call(t.app, levels.levelReward, { level: REWARD_LEVEL }, { token: who.token })).body,
    refused: 'errors.level_not_reached',
  },
  ...paletteGates,
];

describe('level gates: refused one level below, allowed at the level', () => {
  beforeAll(async () => {
    gated.topic = await insertTopic(t.database, { minLevel: TOPIC_LEVEL });
    gated.betEvent = await t.services.bets.createEvent({
      title: 'Finals: Red vs Blue',
      description: 'Best of five',
      options: [
        { label: 'Red Team', odds: 1.85 },
        { label: 'Blue Team', odds: 2.1 },
      ],
      closeAt: t.clock.now + 3_600_000,
      startAt: t.clock.now + 7_200_000,
    });
  });

  it('covers the colours and styles that need a level', () => {
    expect(paletteGates.length).toBeGreaterThan(0);
  });

  it.each(levelGates)('$name (level $level)', async (gate) => {
    const below = await t.make.member();
    await setLevel(t.database, below.user.id, gate.level - 1);
    expect(await gate.attempt(below)).toEqual({
      code: 0,
      msg: en(gate.refused, { level: gate.level }),
      data: null,
      reason: gate.refused,
    });
    const at = await t.make.member();
    await setLevel(t.database, at.user.id, gate.level);
    const allowed = await gate.attempt(at);
    expect(allowed.code, JSON.stringify(allowed)).toBe(1);
  });
});

// ---------------------------------------------------------------------------------------------

/** Text only the adult topic's post and comment carry, to tell whether an answer shows them. */
const ADULT_TEXT = 'Grown-up strategy talk';
const ADULT_COMMENT = 'A grown-up reply';
const adult = { topic: 0, post: 0, paidPost: 0 };
const shows = (body: Envelope<unknown>, text: string) =>
  body.code === 1 && JSON.stringify(body.data).includes(text);

interface AgeGate {
  name: string;
  def: EndpointDef;
  payload: () => Record<string, unknown>;
  /** What the reader sees once they answered "I am 18+"; none where the answer only opens. */
  text?: string;
}

/** Reading an adult topic's content takes the reader's 18+ answer, sent with each request. */
const ageGates: AgeGate[] = [
  { name: 'posts/detail', def: posts.postDetail, payload: () => ({ id: adult.post }), text: ADULT_TEXT },
  {
    name: 'posts/list of the topic',
    def: posts.postsList,
    payload: () => ({ topic_id: adult.topic }),
    text: ADULT_TEXT,
  },
  { name: 'share/posts', def: posts.sharePost, payload: () => ({ id: adult.post }), text: ADULT_TEXT },
  {
    name: 'comment/lists',
    def: comments.commentLists,
    payload: () => ({ post_id: adult.post }),
    text: ADULT_COMMENT,
  },
  { name: 'pay/link', def: posts.payLink, payload: () => ({ id: adult.paidPost }), text: ADULT_TEXT },
  { name: 'recommend/games', def: games.recommendGames, payload: () => ({ post_id: adult.post }) },
];

/** Lists across topics never carry adult content, whatever the reader answered. */
const adultFree: (AgeGate & { text: string })[] = [
  { name: 'home/posts', def: posts.homePosts, payload: () => ({}), text: ADULT_TEXT },
  { name: 'home/feeds', def: posts.homeFeeds, payload: () => ({}), text: ADULT_TEXT },
  { name: 'recommend/posts', def: posts.recommendPosts, payload: () => ({}), text: ADULT_TEXT },
  {
    name: 'search/lists',
    def: endpoints.search.searchLists,
    payload: () => ({ keyword: 'grown-up' }),
    text: 'rown-up',
  },
  {
    name: 'user/posts of the author',
    def: posts.userPosts,
    payload: () => ({ user_id: owner.user.id }),
    text: ADULT_TEXT,
  },
  {
    name: 'other/comments of the author',
    def: comments.otherComments,
    payload: () => ({ user_id: owner.user.id }),
    text: ADULT_COMMENT,
  },
];

describe(`the age gate of adult topics (${ADULT_AGE}+)`, () => {
  let reader: Caller;
  beforeAll(async () => {
    adult.topic = await insertTopic(t.database, { minAge: ADULT_AGE });
    adult.post = await ok(posts.createPost, { topic_id: adult.topic, text: ADULT_TEXT }, owner);
    adult.paidPost = await ok(
      posts.createPost,
      { topic_id: adult.topic, text: ADULT_TEXT, price: 10 },
      owner,
    );
    await ok(comments.postComment, { post_id: adult.post, text: ADULT_COMMENT }, owner);
    reader = await t.make.member();
    await grantBalance(t.database, reader.user.id, { gold: 100 });
  });

  it.each(ageGates)('$name asks for the 18+ answer, changes nothing, and opens with it', async (gate) => {
    const before = await everything(t.database);
    for (const answer of [{}, { adult_confirmed: false }]) {
      const { body } = await call(t.app, gate.def, { ...gate.payload(), ...answer }, { token: reader.token });
      expect(body, JSON.stringify(answer)).toEqual({
        code: 0,
        msg: en('errors.adult_confirm'),
        data: null,
        reason: 'errors.adult_confirm',
      });
    }
    expect(await everything(t.database)).toEqual(before);
    const { body } = await call(
      t.app,
      gate.def,
      { ...gate.payload(), adult_confirmed: true },
      { token: reader.token },
    );
    expect(body.code, JSON.stringify(body)).toBe(1);
    if (gate.text) expect(shows(body, gate.text), JSON.stringify(body)).toBe(true);
  });

  it.each(adultFree)('$name leaves adult content out, answered or not', async (gate) => {
    for (const answer of [{}, { adult_confirmed: true }]) {
      const { body } = await call(t.app, gate.def, { ...gate.payload(), ...answer }, { token: reader.token });
      expect(body.code, JSON.stringify(body)).toBe(1);
      expect(shows(body, gate.text), JSON.stringify(body)).toBe(false);
    }
  });
});

/**
 * The desk's core (features/moderation) by role: a member finds no desk at all, a moderator of
 * another topic sees none of this topic's queues and acts on nothing in it, a moderator acts on
 * no administrator's content, and moderators of the topic and administrators get in.
 */
describe("the desk's core by role", () => {
  const desk = endpoints.moderation;
  const scene = { topic: 0, post: 0, comment: 0, held: 0, adminPost: 0 };
  let member: Caller;
  let elsewhere: Caller;
  let moderator: Caller;
  let admin: Caller;

  async function staffMember(role: 'moderator' | 'admin', topicIds: number[] = []): Promise<Caller> {
    const who = await t.make.member();
    await t.database.db.updateTable('users').set({ role }).where('id', '=', who.user.id).execute();
    for (const topicId of topicIds) {
      await t.database.db
        .insertInto('moderator_topics')
        .values({ user_id: who.user.id, topic_id: topicId, created_at: t.clock.now })
        .execute();
    }
    return who;
  }

  /** Every desk call of this section, aimed at the scene. */
  const deskCalls = (): [EndpointDef, Record<string, unknown>][] => [
    [desk.modOverview, {}],
    [desk.modReports, {}],
    [desk.modDismissReports, { target: 'post', target_id: scene.post }],
    [desk.modRemove, { target: 'post', id: scene.post, reason: 'Spam' }],
    [desk.modRemove, { target: 'comment', id: scene.comment, reason: 'Spam' }],
    [desk.modRestore, { target: 'post', id: scene.post }],
    [desk.modLock, { post_id: scene.post, locked: true }],
    [desk.modHeld, {}],
    [desk.modRelease, { post_id: scene.held }],
    [desk.modMember, { user_id: owner.user.id }],
  ];

  beforeAll(async () => {
    scene.topic = await insertTopic(t.database);
    member = await t.make.member();
    elsewhere = await staffMember('moderator', [await insertTopic(t.database)]);
    moderator = await staffMember('moderator', [scene.topic]);
    admin = await staffMember('admin');
    scene.post = await ok(posts.createPost, { topic_id: scene.topic, text: 'Reported post.' }, owner);
    scene.comment = await ok(comments.postComment, { post_id: scene.post, text: 'Reported comment.' }, owner);
    scene.held = await ok(posts.createPost, { topic_id: scene.topic, text: 'Held post.' }, owner);
    await t.database.db
      .updateTable('posts')
      .set({ held_at: t.clock.now, held_reason: 'Test hold' })
      .where('id', '=', scene.held)
      .execute();
    scene.adminPost = await ok(posts.createPost, { topic_id: scene.topic, text: "An admin's post." }, admin);
    await okData(posts.report, { target: 'post', id: scene.post, reason: 'spam', text: 'Spam' }, intruder);
  });

  it('is not there for a member: every call answers not found, in every language, and changes nothing', async () => {
    const before = await everything(t.database);
    for (const [i, [def, payload]] of deskCalls().entries()) {
      const locale = localeOf(i);
      const { status, body } = await call(t.app, def, payload, { token: member.token, locale });
      expect(status).toBe(200);
      expect(body, def.path).toEqual({
        code: 0,
        msg: translator(locale)('errors.not_found'),
        data: null,
        reason: 'errors.not_found',
      });
    }
    expect(await everything(t.database)).toEqual(before);
  });

  it("shows a moderator of another topic none of this topic's queues and lets them act on nothing in it", async () => {
    const before = await everything(t.database);
    const reports = await okData<{ list: { target_id: number }[] }>(desk.modReports, {}, elsewhere);
    expect(reports.list.map((g) => g.target_id)).not.toContain(scene.post);
    const held = await okData<{ list: { post: { id: number } }[] }>(desk.modHeld, {}, elsewhere);
    expect(held.list.map((h) => h.post.id)).not.toContain(scene.held);
    for (const [def, payload] of deskCalls()) {
      if (new Set<EndpointDef>([desk.modOverview, desk.modReports, desk.modHeld, desk.modMember]).has(def)) {
        continue;
      }
      const { body } = await call(t.app, def, payload, { token: elsewhere.token });
      expect(body, def.path).toMatchObject({ code: 0, reason: 'errors.mod_not_your_topic' });
    }
    expect(await everything(t.database)).toEqual(before);
  });

  it("refuses a moderator acting on an administrator's post, and changes nothing", async () => {
    const before = await everything(t.database);
    for (const [def, payload] of [
      [desk.modRemove, { target: 'post', id: scene.adminPost, reason: 'Spam' }],
      [desk.modLock, { post_id: scene.adminPost, locked: true }],
    ] as const) {
      const { body } = await call(t.app, def, payload, { token: moderator.token });
      expect(body, def.path).toMatchObject({ code: 0, reason: 'errors.mod_outranked' });
    }
    expect(await everything(t.database)).toEqual(before);
  });

  it('lets the moderator of the topic and an administrator in', async () => {
    for (const who of [moderator, admin]) {
      for (const def of [desk.modOverview, desk.modReports, desk.modHeld]) await okData(def, {}, who);
      await okData(desk.modMember, { user_id: owner.user.id }, who);
    }
    await okData(desk.modLock, { post_id: scene.post, locked: true }, moderator);
    await okData(desk.modRemove, { target: 'comment', id: scene.comment, reason: 'Spam' }, moderator);
    await okData(desk.modRemove, { target: 'post', id: scene.post, reason: 'Spam' }, admin);
    await okData(desk.modRelease, { post_id: scene.held }, moderator);
  });
});

/**
 * The content filters (features/content-filters) are the administrators' alone: a member and a
 * moderator, scoped or of every topic, find no such list, and an administrator gets in.
 */
describe('the content filters by role', () => {
  const filters = endpoints.contentFilters;
  const filterCalls = (id: number): [EndpointDef, Record<string, unknown>][] => [
    [filters.filtersList, {}],
    [filters.filtersAdd, { kind: 'word', value: 'matrix-word', action: 'block' }],
    [filters.filtersRemove, { id }],
    [filters.filtersTry, { text: 'a matrix-word here' }],
  ];

  it('is not there for members and moderators, in every language, and changes nothing', async () => {
    const admin = await t.make.member();
    await t.database.db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.user.id).execute();
    const kept = await okData<{ id: number }>(
      filters.filtersAdd,
      { kind: 'link', value: 'matrix.example', action: 'hold' },
      admin,
    );
    const member = await t.make.member();
    const moderators: Caller[] = [];
    for (const scoped of [false, true]) {
      const who = await t.make.member();
      await t.database.db
        .updateTable('users')
        .set({ role: 'moderator' })
        .where('id', '=', who.user.id)
        .execute();
      if (scoped) {
        await t.database.db
          .insertInto('moderator_topics')
          .values({ user_id: who.user.id, topic_id: await insertTopic(t.database), created_at: t.clock.now })
          .execute();
      }
      moderators.push(who);
    }
    const before = await everything(t.database);
    for (const who of [member, ...moderators]) {
      for (const [i, [def, payload]] of filterCalls(kept.id).entries()) {
        const locale = localeOf(i);
        const { status, body } = await call(t.app, def, payload, { token: who.token, locale });
        expect(status).toBe(200);
        expect(body, def.path).toEqual({
          code: 0,
          msg: translator(locale)('errors.not_found'),
          data: null,
          reason: 'errors.not_found',
        });
      }
    }
    expect(await everything(t.database)).toEqual(before);
    for (const [def, payload] of filterCalls(kept.id)) await okData(def, payload, admin);
  });
});
