import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ACCOUNT_DELETION_GRACE_MS,
  type AccountDeletion,
  endpoints,
  endpointUrl,
  type LedgerEntry,
  MainCode,
  type MessageKey,
  type User,
} from '@pixelhall/contract';
import { type Kysely, sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { openDatabase } from '../src/db/database';
import type { DB } from '../src/db/schema';
import { eraseAccount, tombstoneUsername } from '../src/features/account-deletion/erasure';
import { accountDeletionService } from '../src/features/account-deletion/service';
import { addGame, upsertEmulator } from '../src/features/games/catalogue';
import { createFileStore } from '../src/features/uploads/storage';
import { translator } from '../src/i18n';
import {
  buildTestApp,
  type CallOptions,
  call,
  createTestDatabase,
  ENGINE,
  TEST_ORIGIN,
  type TestApp,
} from './helper';
import { insertTopic } from './support/community';
import { assertLedgerBalanced, grantBalance } from './support/economy';
import { type Mailbox, startMailbox } from './support/mail';
import { type SigningKey, signIdToken, signingKey, startKeyServer } from './support/oidc';
import { insertPost } from './support/social';

const { deleteAccount, cancelAccountDeletion } = endpoints.accountDeletion;
const { register, login, verifyEmail, thirdAuth } = endpoints.auth;
const { getUser, newsList } = endpoints.users;
const en = translator('en-US');
const DAY = 86_400_000;

type Session = { token: string; user: User };
type Caller = { token: string; user: { id: number } };

let t: TestApp;
let mailbox: Mailbox;
let keys: Awaited<ReturnType<typeof startKeyServer>>;
let providerKey: SigningKey;
let uploadDir: string;

beforeAll(async () => {
  const pixelid = await signingKey('pixelid-1');
  providerKey = pixelid;
  keys = await startKeyServer({ '/jwks': [pixelid] });
  mailbox = await startMailbox();
  uploadDir = mkdtempSync(path.join(tmpdir(), 'pixelhall-deletion-'));
  t = await buildTestApp({
    config: {
      smtpUrl: mailbox.url,
      trustProxy: true,
      uploadDir,
      oidcProviders: [
        {
          id: 'pixelid',
          name: 'PixelID',
          issuer: keys.issuer,
          client_id: 'pixelhall-web',
          audiences: [],
          scopes: 'openid email profile',
        },
      ],
    },
  });
});
afterAll(async () => {
  await t.close();
  await keys.close();
  await mailbox.close();
  rmSync(uploadDir, { recursive: true, force: true });
});

let sequence = 0;
/** Each call from its own client address, so the per-address sign-in limits never join in. */
const from = (extra: CallOptions = {}): CallOptions => {
  sequence += 1;
  return { ...extra, headers: { 'x-forwarded-for': `10.27.${sequence >> 8}.${sequence & 255}` } };
};

const unique = () => randomBytes(4).toString('hex');

async function ok<T>(
  def: Parameters<typeof call>[1],
  payload: Record<string, unknown>,
  who?: { token: string },
) {
  const { body } = await call(t.app, def, payload, from({ token: who?.token }));
  expect(body, JSON.stringify(body)).toMatchObject({ code: MainCode.Success });
  return body as { code: number; msg: string; data: T };
}

async function refused(
  def: Parameters<typeof call>[1],
  payload: Record<string, unknown>,
  who: { token: string } | undefined,
  key: MessageKey,
) {
  const { body } = await call(t.app, def, payload, from({ token: who?.token }));
  expect(body).toEqual({ code: MainCode.Fail, msg: en(key), data: null, reason: key });
}

/** A member who signed up with a password and proved the address with the code mailed to it. */
async function provenMember(username: string, email: string, password = `${username}-password`) {
  const since = mailbox.received.length;
  const session = (await ok<Session>(register, { username, email, password })).data;
  const mail = await mailbox.find((m) => m.to.includes(email.toLowerCase()), since);
  const code = /\?code=([A-Z2-9]{8})\b/.exec(mail.text)![1]!;
  await ok(verifyEmail, { code }, session);
  return { ...session, password };
}

const logIn = async (username: string, password: string) =>
  (await call(t.app, login, { username, password }, from())).body as {
    code: number;
    msg: string;
    data: Session | null;
  };

const me = async (who: { token: string }) => (await call(t.app, getUser, {}, { token: who.token })).body;

const userRow = (id: number) =>
  t.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const pixelidToken = (claims: Record<string, unknown>) =>
  signIdToken(providerKey, claims, { issuer: keys.issuer, audience: 'pixelhall-web' });

async function thirdPartySignIn(sub: string, options: CallOptions = {}) {
  const idToken = await pixelidToken({ sub, name: 'Leaver elsewhere' });
  return (await call(t.app, thirdAuth, { idToken, fromApp: 'pixelid' }, from(options))).body as {
    code: number;
    data: Session | null;
  };
}

const eraseDue = () => t.services.accountDeletion.eraseDue();

describe('account/delete', () => {
  it('asks for the user name typed, then for a fresh proof, and changes nothing until both are given', async () => {
    const name = `typer${unique()}`;
    const member = await provenMember(name, `${name}@example.org`);

    await refused(deleteAccount, { confirm: 'somebody-else' }, member, 'errors.deletion_confirm_mismatch');
    await refused(deleteAccount, {}, member, 'errors.deletion_confirm_mismatch');
    expect((await userRow(member.user.id)).deletion_due_at).toBeNull();

    // The session began eleven minutes ago: old enough that a picked-up phone proves nothing.
    t.clock.advance(11 * 60_000);
    await refused(deleteAccount, { confirm: name }, member, 'errors.fresh_proof_needed');
    expect((await userRow(member.user.id)).deletion_due_at).toBeNull();

    // Signing in again is a proof.
    const again = (await logIn(name, member.password)).data!;
    const { data, msg } = await ok<AccountDeletion>(
      deleteAccount,
      { confirm: ` ${name.toUpperCase()} ` },
      again,
    );
    expect(msg).toBe(en('accountDeletion.scheduled'));
    expect(data).toEqual({
      deletion_requested_at: t.clock.now,
      deletion_due_at: t.clock.now + ACCOUNT_DELETION_GRACE_MS,
    });
  });

  it('is refused to a visitor account, which holds nothing of anyone', async () => {
    const visitor = (await ok<Session>(endpoints.auth.tourist, {})).data;
    await refused(deleteAccount, { confirm: visitor.user.username }, visitor, 'errors.tourist_forbidden');
    expect((await userRow(visitor.user.id)).deletion_due_at).toBeNull();
  });

  it('schedules erasure 30 days ahead, signs out every other session, and keeps the first date when asked again', async () => {
    const name = `twice${unique()}`;
    const member = await provenMember(name, `${name}@example.org`);
    const elsewhere = (await logIn(name, member.password)).data!;
    const gameToken = await t.database.db
      .insertInto('game_tokens')
      .values({
        token_hash: randomBytes(16).toString('hex'),
        user_id: member.user.id,
        session_id: (
          await t.database.db
            .selectFrom('sessions')
            .select('id')
            .where('user_id', '=', member.user.id)
            .orderBy('id', 'desc')
            .executeTakeFirstOrThrow()
        ).id,
        expires_at: t.clock.now + DAY,
        created_at: t.clock.now,
      })
      .returning('token_hash')
      .executeTakeFirstOrThrow();

    const asked = t.clock.now;
    await ok(deleteAccount, { confirm: name }, member);
    expect(await me(elsewhere)).toMatchObject({ code: 10001 });
    expect(
      await t.database.db
        .selectFrom('game_tokens')
        .select('token_hash')
        .where('token_hash', '=', gameToken.token_hash)
        .execute(),
    ).toEqual([]);
    expect(await me(member)).toMatchObject({
      code: 1,
      data: { deletion_due_at: asked + ACCOUNT_DELETION_GRACE_MS },
    });

    t.clock.advance(DAY);
    const again = (await logIn(name, member.password)).data!;
    const { data } = await ok<AccountDeletion>(deleteAccount, { confirm: name }, again);
    expect(data).toEqual({
      deletion_requested_at: asked,
      deletion_due_at: asked + ACCOUNT_DELETION_GRACE_MS,
    });
  });

  it('shows the date to the member alone, at sign-in during the grace period, and keeping the account cancels it', async () => {
    const name = `keeper${unique()}`;
    const member = await provenMember(name, `${name}@example.org`);
    const due = t.clock.now + ACCOUNT_DELETION_GRACE_MS;
    await ok(deleteAccount, { confirm: name }, member);

    // Others see the profile as before, and never the date.
    const other = await t.make.member();
    const seen = (await call(t.app, getUser, { user_id: member.user.id }, { token: other.token })).body;
    expect(seen).toMatchObject({ code: 1, data: { id: member.user.id, username: name } });
    expect(seen.data).not.toHaveProperty('deletion_due_at');

    t.clock.advance(20 * DAY);
    const signedIn = await logIn(name, member.password);
    expect(signedIn).toMatchObject({ code: 1, data: { user: { id: member.user.id, deletion_due_at: due } } });

    const kept = await ok<AccountDeletion>(cancelAccountDeletion, {}, signedIn.data!);
    expect(kept.msg).toBe(en('accountDeletion.cancelled'));
    expect(kept.data).toEqual({ deletion_requested_at: null, deletion_due_at: null });
    expect(await me(signedIn.data!)).toMatchObject({ data: { deletion_due_at: null } });
    // Keeping it twice answers the same.
    expect(
      (await ok<AccountDeletion>(cancelAccountDeletion, {}, signedIn.data!)).data.deletion_due_at,
    ).toBeNull();

    t.clock.advance(11 * DAY);
    await eraseDue();
    expect(await userRow(member.user.id)).toMatchObject({ status: 'active', username: name });
    expect((await logIn(name, member.password)).code).toBe(1);
  });
});

type Row = Record<string, unknown>;

/** Every table's columns, and which of them are foreign keys to users. */
async function schemaColumns(
  db: Kysely<DB>,
): Promise<{ table: string; column: string; refersToUsers: boolean }[]> {
  if (ENGINE === 'sqlite') {
    const tables = await sql<{ name: string }>`select name from sqlite_master
      where type = 'table' and name not like 'sqlite_%' and sql not like '%virtual table%'`.execute(db);
    const out: { table: string; column: string; refersToUsers: boolean }[] = [];
    for (const { name } of tables.rows) {
      const fks = await sql<{
        from: string;
        table: string;
      }>`select "from", "table" from pragma_foreign_key_list(${name})`.execute(db);
      const toUsers = new Set(fks.rows.filter((f) => f.table === 'users').map((f) => f.from));
      const columns = await sql<{ name: string }>`select name from pragma_table_info(${name})`.execute(db);
      for (const c of columns.rows)
        out.push({ table: name, column: c.name, refersToUsers: toUsers.has(c.name) });
    }
    return out;
  }
  const columns = await sql<{ table_name: string; column_name: string }>`select table_name, column_name
    from information_schema.columns where table_schema = 'public'`.execute(db);
  const fks = await sql<{ table_name: string; column_name: string }>`select kcu.table_name, kcu.column_name
    from information_schema.referential_constraints rc
    join information_schema.key_column_usage kcu
      on kcu.constraint_name = rc.constraint_name and kcu.constraint_schema = rc.constraint_schema
    join information_schema.key_column_usage ref
      on ref.constraint_name = rc.unique_constraint_name and ref.constraint_schema = rc.unique_constraint_schema
    where ref.table_name = 'users' and kcu.table_schema = 'public'`.execute(db);
  const toUsers = new Set(fks.rows.map((f) => `${f.table_name}.${f.column_name}`));
  return columns.rows.map((c) => ({
    table: c.table_name,
    column: c.column_name,
    refersToUsers: toUsers.has(`${c.table_name}.${c.column_name}`),
  }));
}

/**
 * Columns that name a member by their id though no foreign key says so. `…_by` also matches the
 * servers' own claim columns (text); comparing those with an id finds nothing.
 */
const MEMBER_COLUMN =
  /^(user_id|owner_id|actor_id|follower_id|followee_id|blocked_id|reporter_id|moderator_id|[a-z_]+_by|[a-z_]+_user_id)$/;

/**
 * What erasure keeps of a member, each for its reason (docs/internals/account-deletion.md#what-stays).
 * Every other column that names a member must hold no row of the erased one; rows kept here are
 * checked below to hold none of their words or content.
 */
const KEPT = new Map([
  ['ledger.user_id', 'ledger rows are never deleted; balances must keep agreeing'],
  ['ledger_operations.user_id', "the ledger's operations, by the same rule"],
  ['bets.user_id', "part of an event's settlement"],
  ['big_uploads.owner_id', 'left marked for the abandoned-uploads sweep, which knows where the bytes are'],
  ['mod_actions.moderator_id', "the moderation log: a moderator's actions stay accountable"],
  ['mod_actions.subject_user_id', 'the moderation log: what was done about whom; its snapshot goes'],
  ['appeals.user_id', 'an answered appeal records the decision; its message goes'],
  ['appeals.actor_id', 'who took the action appealed, copied from the log'],
  ['appeals.answered_by', 'who answered an appeal'],
  ['reports.reporter_id', "a report of others' content stays in the queue and its history; its words go"],
  ['reports.resolved_by', 'who resolved a report'],
  ['content_filters.created_by', 'the filter stays; null would say the operators added it'],
]);

describe('erasure after the 30 days', () => {
  const password = 'leaver-password';
  let leaver: Session & { password: string };
  let name: string;
  let email: string;
  let author: Caller;
  let buyer: Caller;
  let blocker: Caller;
  let authorsPost: number;
  let authorsComment: number;
  let paidPost: number;
  let freePost: number;
  let leaversTopic: number;
  let leaversComment: number;
  let editedPost: number;
  let deskPost: number;
  let answeredAppeal: number;
  let filterId: number;
  let gameId: number;
  let shared: string;
  let ownPicture: string;
  let bigUploadId: string;
  let erasedAt: number;
  let firstRun: { erased: number; failed: number };

  /** A picture through upload/file, as the app sends one; answers its SHA-256. */
  async function uploadPicture(who: Caller, background: string): Promise<string> {
    const png = await sharp({ create: { width: 48, height: 32, channels: 3, background } })
      .png()
      .toBuffer();
    const boundary = `----pixelhall${unique()}`;
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="app"\r\n\r\npost_images\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: endpointUrl(endpoints.uploads.uploadFile),
      headers: {
        authorization: `Bearer ${who.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
    const body = res.json() as { code: number; data: { sha256: string } };
    expect(body.code, JSON.stringify(body)).toBe(1);
    return body.data.sha256;
  }

  beforeAll(async () => {
    name = `leaver${unique()}`;
    email = `${name}@example.org`;
    leaver = await provenMember(name, email, password);
    const L = leaver.user.id;
    const { db } = t.database;
    author = await t.make.member();
    buyer = await t.make.member();
    blocker = await t.make.member();
    const now = t.clock.now;

    // Sign-in of every kind: a provider linked while signed in, and the two-step and passkey rows.
    expect((await thirdPartySignIn(`sub-${name}`, { token: leaver.token })).code).toBe(1);
    await db
      .insertInto('totp_secrets')
      .values({ user_id: L, secret_enc: 'sealed', created_at: now, enabled_at: now })
      .execute();
    await db
      .insertInto('recovery_codes')
      .values({ user_id: L, code_hash: `h${unique()}`, created_at: now })
      .execute();
    await db
      .insertInto('second_step_tickets')
      .values({ user_id: L, ticket_hash: `t${unique()}`, created_at: now, expires_at: now + 600_000 })
      .execute();
    await db
      .insertInto('passkeys')
      .values({
        user_id: L,
        credential_id: `cred-${unique()}`,
        public_key: 'pk',
        user_handle: `handle-${unique()}`,
        counter: 0,
        transports: 'internal',
        device_type: 'multiDevice',
        backed_up: 1,
        name: `${name}'s phone`,
        created_at: now,
      })
      .execute();
    await db
      .insertInto('passkey_challenges')
      .values({
        challenge_hash: `c${unique()}`,
        user_id: L,
        purpose: 'proof',
        created_at: now,
        expires_at: now + 300_000,
      })
      .execute();
    await db
      .insertInto('password_resets')
      .values({ user_id: L, code_hash: `r${unique()}`, created_at: now, expires_at: now + 1_800_000 })
      .execute();
    await db
      .insertInto('access_grants')
      .values({
        token_hash: `g${unique()}`,
        user_id: L,
        purpose: 'mining',
        expires_at: now + DAY,
        created_at: now,
      })
      .execute();

    // A picture of their own as avatar and in a free post; bytes also uploaded by the author.
    ownPicture = await uploadPicture(leaver, '#aa3311');
    shared = await uploadPicture(leaver, '#11aa33');
    expect(await uploadPicture(author, '#11aa33')).toBe(shared);
    await ok(
      endpoints.users.editUser,
      { avatar: `/upload/files/${ownPicture}.webp`, signature: `${name} plays` },
      leaver,
    );

    // Their posts: a free one with both pictures, and a paid one a buyer unlocks.
    leaversTopic = await insertTopic(t.database);
    freePost = (
      await ok<{ id: number }>(
        endpoints.posts.createPost,
        {
          topic_id: leaversTopic,
          text: `${name} shares a route`,
          files: [
            { sha256: ownPicture, name: 'route.webp' },
            { sha256: shared, name: 'map.webp' },
          ],
        },
        leaver,
      )
    ).data.id;
    paidPost = (
      await ok<{ id: number }>(
        endpoints.posts.createPost,
        { topic_id: leaversTopic, text: `${name} sells the secret exit of world eight`, price: 20 },
        leaver,
      )
    ).data.id;
    await grantBalance(t.database, buyer.user.id, { gold: 100 });
    await ok(endpoints.posts.payLink, { id: paidPost }, buyer);
    await ok(endpoints.posts.likePost, { id: freePost, like: true }, author);
    await ok(endpoints.comments.postComment, { post_id: freePost, text: 'Great map' }, author);

    // The author's post: their own comment (liked and replied to by the leaver), the leaver's
    // comment with the author's reply under it, and likes from the leaver and the buyer.
    authorsPost = (await insertPost(t.database, author.user.id)).id;
    authorsComment = (
      await ok<{ id: number }>(
        endpoints.comments.postComment,
        { post_id: authorsPost, text: 'First!' },
        author,
      )
    ).data.id;
    leaversComment = (
      await ok<{ id: number }>(
        endpoints.comments.postComment,
        { post_id: authorsPost, text: `${name} was here` },
        leaver,
      )
    ).data.id;
    await ok(endpoints.comments.replyComment, { comment_id: leaversComment, text: 'Welcome' }, author);
    await ok(endpoints.comments.replyComment, { comment_id: authorsComment, text: `${name} agrees` }, leaver);
    await ok(endpoints.comments.likeComment, { id: authorsComment, like: true }, leaver);
    await ok(endpoints.posts.likePost, { id: authorsPost, like: true }, leaver);
    await ok(endpoints.posts.likePost, { id: authorsPost, like: true }, buyer);
    // Their report of the author's post, and the author's of their comment (which keeps it as it was).
    await ok(
      endpoints.posts.report,
      { target: 'post', id: authorsPost, reason: 'spam', text: `${name} thinks this is spam` },
      leaver,
    );
    await ok(
      endpoints.posts.report,
      { target: 'comment', id: leaversComment, reason: 'other', text: 'Odd' },
      author,
    );
    await db
      .insertInto('reports')
      .values({
        reporter_id: author.user.id,
        target: 'user',
        target_id: L,
        reason: 'spam',
        text: '',
        created_at: now,
      })
      .execute();

    // Follows both ways, a followed topic, the blacklist and mutes both ways.
    await ok(endpoints.follows.userFollow, { user_id: author.user.id, follow: true }, leaver);
    await ok(endpoints.follows.userFollow, { user_id: author.user.id, follow: true }, buyer);
    await ok(endpoints.follows.userFollow, { user_id: L, follow: true }, buyer);
    await ok(endpoints.follows.userBlack, { user_id: blocker.user.id }, leaver);
    await ok(endpoints.follows.userBlack, { user_id: L }, blocker);
    const followedTopic = await insertTopic(t.database);
    await db
      .insertInto('topic_follows')
      .values({ topic_id: followedTopic, user_id: L, created_at: now })
      .execute();
    await db.updateTable('topics').set({ follower_count: 1 }).where('id', '=', followedTopic).execute();
    await db
      .insertInto('member_mutes')
      .values({ user_id: L, muted_user_id: blocker.user.id, created_at: now })
      .execute();
    await db
      .insertInto('member_mutes')
      .values({ user_id: author.user.id, muted_user_id: L, created_at: now })
      .execute();
    await db
      .insertInto('muted_words')
      .values({ user_id: L, phrase: `${name} spoilers`, normalized: `${name} spoilers`, created_at: now })
      .execute();

    // A favourite game and one played; a cloud save; an upload in progress; an export; feedback.
    const nes = {
      emulator_uid: 'nes',
      emulator_name: 'NES',
      icon_url_text: '',
      platform: 'NES',
      core_name: 'fceumm',
      extensions: ['nes'],
    };
    await upsertEmulator(db, nes, 0);
    gameId = (
      await addGame(db, createFileStore(uploadDir), {
        name: 'Erasure Quest',
        romName: 'erasure.nes',
        rom: Buffer.from(`a rom for ${name}`),
        emulator: nes,
        genre: 'puzzle',
        uploadTime: now,
      })
    ).id;
    const collected = await call(
      t.app,
      endpoints.games.gameCollect,
      { id: gameId, collect: true },
      { token: leaver.token },
    );
    expect(collected.body.code).toBe(1);
    await db
      .insertInto('game_plays')
      .values({ user_id: L, game_id: gameId, first_played_at: now, last_played_at: now })
      .execute();
    await db
      .insertInto('game_downloads')
      .values({ user_id: L, game_id: gameId, day: 1, created_at: now })
      .execute();
    const slot = await db
      .insertInto('archive_slots')
      .values({
        user_id: L,
        rom_md5: 'f'.repeat(32),
        slot: 1,
        game_name: 'Erasure Quest',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('archive_versions')
      .values({
        slot_id: slot.id,
        state_sha256: ownPicture,
        image_sha256: ownPicture,
        archive_md5: 'e'.repeat(32),
        bytes: 10,
        device_id: 'phone',
        access_key: unique(),
        created_at: now,
      })
      .execute();
    bigUploadId = randomBytes(16).toString('hex');
    await db
      .insertInto('big_uploads')
      .values({ id: bigUploadId, owner_id: L, declared_bytes: 100, created_at: now, touched_at: now })
      .execute();
    const exported = await db
      .insertInto('account_exports')
      .values({ user_id: L, locale: 'en-US', requested_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('account_export_links')
      .values({
        token_hash: `l${unique()}`,
        export_id: exported.id,
        user_id: L,
        expires_at: now + DAY,
        created_at: now,
      })
      .execute();
    await db
      .insertInto('feedback')
      .values({
        user_id: L,
        device_name: 'phone',
        device_version: '1',
        problem: 'slow',
        email,
        created_at: now,
      })
      .execute();

    // Staff and moderation. The leaver moderates one topic and dismissed a report there; an
    // administrator removed their edited post and suspended them; they appealed both, and the
    // suspension's appeal was denied. A filter they added while an administrator stays.
    const boss = await t.make.member();
    await t.services.staff.grantByOperator(boss.user.username, 'admin', []);
    const deskTopic = await insertTopic(t.database);
    deskPost = (
      await ok<{ id: number }>(
        endpoints.posts.createPost,
        { topic_id: deskTopic, text: 'Cheap coins, ask me how' },
        author,
      )
    ).data.id;
    await t.services.staff.grantByOperator(name, 'moderator', [deskTopic]);
    await ok(endpoints.posts.report, { target: 'post', id: deskPost, reason: 'spam', text: 'An ad' }, buyer);
    await ok(endpoints.moderation.modDismissReports, { target: 'post', target_id: deskPost }, leaver);

    await ok(
      endpoints.edits.editComment,
      { id: leaversComment, text: `${name} was here, and edited it` },
      leaver,
    );
    editedPost = (
      await ok<{ id: number }>(
        endpoints.posts.createPost,
        { topic_id: leaversTopic, text: `${name} drafts a guide` },
        leaver,
      )
    ).data.id;
    await ok(endpoints.edits.editPost, { id: editedPost, text: `${name} finished the guide` }, leaver);
    const removal = (
      await ok<{ action_id: number }>(
        endpoints.moderation.modRemove,
        { target: 'post', id: editedPost, reason: 'Off topic here' },
        boss,
      )
    ).data.action_id;
    await ok(endpoints.appeals.appealCreate, { action_id: removal, message: `${name} asks again` }, leaver);
    const suspension = (
      await ok<{ action_id: number }>(
        endpoints.sanctions.modSanction,
        { user_id: L, kind: 'suspend', reason: 'Cooling off', hours: 1 },
        boss,
      )
    ).data.action_id;
    answeredAppeal = (
      await ok<{ id: number }>(
        endpoints.appeals.appealCreate,
        { action_id: suspension, message: `${name} promises to behave` },
        leaver,
      )
    ).data.id;
    await ok(
      endpoints.appeals.modAppealsAnswer,
      { id: answeredAppeal, grant: false, answer: 'The suspension stands' },
      boss,
    );
    const word = `erasure${unique()}`;
    filterId = Number(
      (
        await db
          .insertInto('content_filters')
          .values({
            kind: 'word',
            value: word,
            normalized: word,
            action: 'hold',
            created_by: L,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    // What the test below expects erasure to change, there before it.
    expect(
      await db.selectFrom('post_versions').select('id').where('post_id', '=', editedPost).execute(),
    ).toHaveLength(1);
    expect(
      await db.selectFrom('comment_versions').select('id').where('comment_id', '=', leaversComment).execute(),
    ).toHaveLength(1);
    expect(await userRow(L)).toMatchObject({ role: 'moderator', suspension_reason: 'Cooling off' });

    // Ask, let the 30 days pass on the app's clock, and let the job run.
    await ok(deleteAccount, { confirm: name }, leaver);
    t.clock.advance(ACCOUNT_DELETION_GRACE_MS - 60_000);
    expect(await eraseDue()).toEqual({ erased: 0, failed: 0 });
    expect(await userRow(L)).toMatchObject({ status: 'active', username: name });
    t.clock.advance(60_000);
    erasedAt = t.clock.now;
    firstRun = await eraseDue();
    // A month of the app's clock ended the others' sessions too.
    for (const who of [author, buyer, blocker]) {
      who.token = (await t.services.sessions.create(who.user.id, TEST_ORIGIN)).token;
    }
  });

  it('erases the account in the run that finds it due', () => {
    expect(firstRun).toEqual({ erased: 1, failed: 0 });
  });

  it('leaves no row that refers to the member, but what is kept for the ledger', async () => {
    const L = leaver.user.id;
    const { db } = t.database;
    const columns = await schemaColumns(db);
    const memberColumns = columns.filter((c) => c.refersToUsers || MEMBER_COLUMN.test(c.column));
    // The sweep must see the tables of every feature that keeps a member's rows.
    for (const table of [
      'passkeys',
      'totp_secrets',
      'member_mutes',
      'account_exports',
      'sessions',
      'news',
      'moderator_topics',
      'mod_actions',
      'appeals',
      'reports',
      'content_filters',
    ]) {
      expect(memberColumns.map((c) => c.table)).toContain(table);
    }
    const named = memberColumns.map((c) => `${c.table}.${c.column}`);
    for (const kept of KEPT.keys()) expect(named).toContain(kept);
    const left: string[] = [];
    for (const { table, column } of memberColumns) {
      if (KEPT.has(`${table}.${column}`)) continue;
      const rows =
        await sql<Row>`select count(*) as n from ${sql.table(table)} where ${sql.ref(column)} = ${L}`.execute(
          db,
        );
      if (Number(rows.rows[0]!.n) > 0) left.push(`${table}.${column}`);
    }
    expect(left).toEqual([]);
    // Reports about them, by target.
    expect(
      await db
        .selectFrom('reports')
        .select('id')
        .where('target', '=', 'user')
        .where('target_id', '=', L)
        .execute(),
    ).toEqual([]);
    // The upload in progress is left marked for the abandoned-uploads sweep, which knows where its bytes are.
    expect(
      await db.selectFrom('big_uploads').select('touched_at').where('id', '=', bigUploadId).execute(),
    ).toEqual([{ touched_at: 0 }]);
    expect(await t.services.bigUploads.sweep()).toBe(1);
    expect(await db.selectFrom('big_uploads').select('id').where('owner_id', '=', L).execute()).toEqual([]);
  });

  it('keeps the moderation record naming the tombstone, without their words or their content', async () => {
    const L = leaver.user.id;
    const { db } = t.database;
    const ids = <T extends Record<string, unknown>>(rows: T[], ...keys: (keyof T)[]) =>
      rows.map((r) => ({
        ...r,
        ...Object.fromEntries(keys.map((k) => [k, r[k] === null ? null : Number(r[k])])),
      }));

    // Every entry about them or by them stays; none keeps the content as it was.
    const entries = await db
      .selectFrom('mod_actions')
      .select(['action', 'moderator_id', 'subject_user_id', 'snapshot'])
      .where((eb) => eb.or([eb('moderator_id', '=', L), eb('subject_user_id', '=', L)]))
      .orderBy('id')
      .execute();
    expect(ids(entries, 'moderator_id', 'subject_user_id')).toEqual([
      expect.objectContaining({ action: 'grant_role', moderator_id: null, subject_user_id: L }),
      expect.objectContaining({
        action: 'dismiss_reports',
        moderator_id: L,
        subject_user_id: author.user.id,
      }),
      expect.objectContaining({ action: 'remove_post', subject_user_id: L }),
      expect.objectContaining({ action: 'suspend', subject_user_id: L }),
      expect.objectContaining({ action: 'answer_appeal', subject_user_id: L }),
    ]);
    expect(
      entries
        .filter((e) => e.subject_user_id !== null && Number(e.subject_user_id) === L)
        .map((e) => e.snapshot),
    ).toEqual([null, null, null, null]);

    // The open appeal went (nobody is left to answer); the answered one keeps the decision, not their words.
    expect(
      ids(
        await db
          .selectFrom('appeals')
          .select(['id', 'state', 'message', 'answer'])
          .where('user_id', '=', L)
          .execute(),
        'id',
      ),
    ).toEqual([{ id: answeredAppeal, state: 'denied', message: '', answer: 'The suspension stands' }]);

    // Earlier versions went with the post and the comment.
    expect(
      await db.selectFrom('post_versions').select('id').where('post_id', '=', editedPost).execute(),
    ).toEqual([]);
    expect(
      await db.selectFrom('comment_versions').select('id').where('comment_id', '=', leaversComment).execute(),
    ).toEqual([]);

    // Their report of the author's post stays in the queue's history without their words; the
    // author's report of their comment went with it; the report they resolved still says so.
    expect(
      ids(
        await db
          .selectFrom('reports')
          .select(['target', 'target_id', 'reason', 'text'])
          .where('reporter_id', '=', L)
          .execute(),
        'target_id',
      ),
    ).toEqual([{ target: 'post', target_id: authorsPost, reason: 'spam', text: '' }]);
    expect(
      await db
        .selectFrom('reports')
        .select('id')
        .where('target', '=', 'comment')
        .where('target_id', '=', leaversComment)
        .execute(),
    ).toEqual([]);
    expect(
      ids(
        await db
          .selectFrom('reports')
          .select(['resolved_by', 'resolution'])
          .where('target', '=', 'post')
          .where('target_id', '=', deskPost)
          .execute(),
        'resolved_by',
      ),
    ).toEqual([{ resolved_by: L, resolution: 'dismissed' }]);

    // The filter they added keeps working, still theirs (null would say the operators added it).
    expect(
      ids(
        await db.selectFrom('content_filters').select('created_by').where('id', '=', filterId).execute(),
        'created_by',
      ),
    ).toEqual([{ created_by: L }]);

    // No topic is left for them to moderate (the role went back to member in the claim).
    expect(
      await db.selectFrom('moderator_topics').select('topic_id').where('user_id', '=', L).execute(),
    ).toEqual([]);
  });

  it('keeps the row as a tombstone that holds nothing of the person', async () => {
    const L = leaver.user.id;
    expect(await userRow(L)).toMatchObject({
      username: tombstoneUsername(L),
      nickname: 'Deleted member',
      email: null,
      pending_email: null,
      password_hash: null,
      signature: '',
      avatar: '',
      status: 'erased',
      erased_at: erasedAt,
      post_count: 0,
      follower_count: 0,
      following_count: 0,
      level: 1,
      role: 'member',
      role_granted_at: null,
      suspended_until: null,
      suspension_reason: null,
      suspension_action_id: null,
      ban_reason: null,
    });
    // No text anywhere in the database still carries their name or address.
    const { db } = t.database;
    const found: string[] = [];
    for (const { table, column } of await schemaColumns(db)) {
      const rows = await sql<Row>`select count(*) as n from ${sql.table(table)}
        where cast(${sql.ref(column)} as text) like ${`%${name}%`}`.execute(db);
      if (Number(rows.rows[0]!.n) > 0) found.push(`${table}.${column}`);
    }
    expect(found).toEqual([]);
  });

  it("corrects others' counts by what went: likes, comments, replies, follows, topics, favourites", async () => {
    const { db } = t.database;
    const post = await db
      .selectFrom('posts')
      .select(['like_count', 'comment_count'])
      .where('id', '=', authorsPost)
      .executeTakeFirstOrThrow();
    // The buyer's like stays; of four comments, the author's own first one is left.
    expect(post).toEqual({ like_count: 1, comment_count: 1 });
    expect(
      await db
        .selectFrom('comments')
        .select(['id', 'like_count', 'reply_count'])
        .where('post_id', '=', authorsPost)
        .execute(),
    ).toEqual([{ id: authorsComment, like_count: 0, reply_count: 0 }]);
    const counts = await db
      .selectFrom('users')
      .select(['id', 'follower_count', 'following_count'])
      .where('id', 'in', [author.user.id, buyer.user.id])
      .orderBy('id')
      .execute();
    expect(counts).toEqual([
      { id: author.user.id, follower_count: 1, following_count: 0 },
      { id: buyer.user.id, follower_count: 0, following_count: 1 },
    ]);
    expect(
      await db
        .selectFrom('topics')
        .select('post_count')
        .where('id', '=', leaversTopic)
        .executeTakeFirstOrThrow(),
    ).toEqual({ post_count: 0 });
    expect(
      await db
        .selectFrom('games')
        .select('favourite_count')
        .where('id', '=', gameId)
        .executeTakeFirstOrThrow(),
    ).toEqual({ favourite_count: 0 });
  });

  it('keeps the ledger in agreement with every balance, and the buyer’s history whole', async () => {
    await assertLedgerBalanced(t.database);
    const history = (await ok<{ list: LedgerEntry[] }>(endpoints.wallet.walletHistory, {}, buyer)).data.list;
    expect(history).toContainEqual(
      expect.objectContaining({ reason: 'post_unlock', amount: -20, ref_type: 'post', ref_id: paidPost }),
    );
    expect(await ok<{ gold: number }>(endpoints.wallet.userWallet, {}, buyer)).toMatchObject({
      data: { gold: 80 },
    });
    // The post they paid for went with its author's account.
    await refused(endpoints.posts.postDetail, { id: paidPost }, buyer, 'errors.post_not_found');
  });

  it('shows nothing of theirs in any list, search or detail', async () => {
    const L = leaver.user.id;
    await refused(getUser, { user_id: L }, author, 'errors.not_found');
    await refused(endpoints.posts.postDetail, { id: freePost }, author, 'errors.post_not_found');
    const search = (
      await ok<{ posts: unknown[]; users: unknown[] }>(endpoints.search.searchLists, { keyword: name })
    ).data;
    expect(search).toMatchObject({ posts: [], users: [] });
    const news = (await ok<{ list: { actor_id: number | null }[] }>(newsList, {}, author)).data.list;
    expect(news.filter((n) => n.actor_id === L)).toEqual([]);
    const followers = (
      await ok<{ list: { id: number }[] }>(endpoints.follows.followList, {
        user_id: author.user.id,
        type: 'followers',
      })
    ).data.list;
    expect(followers.map((f) => f.id)).toEqual([buyer.user.id]);
  });

  it('lets no way of signing in reach the account, and frees the address for a brand-new member', async () => {
    expect(await logIn(name, password)).toMatchObject({
      code: 0,
      data: null,
      reason: 'errors.wrong_credentials',
    });
    expect(await logIn(email, password)).toMatchObject({
      code: 0,
      data: null,
      reason: 'errors.wrong_credentials',
    });
    expect(await me(leaver)).toMatchObject({ code: 10001 });
    const provider = await thirdPartySignIn(`sub-${name}`);
    expect(provider.code).toBe(1);
    expect(provider.data!.user.id).not.toBe(leaver.user.id);

    const newcomer = await provenMember(`again${unique()}`, email);
    expect(newcomer.user.id).not.toBe(leaver.user.id);
    expect(await me(newcomer)).toMatchObject({ data: { email, deletion_due_at: null, post_count: 0 } });
    expect((await logIn(email, newcomer.password)).data?.user.id).toBe(newcomer.user.id);
  });

  it('leaves their files unreferenced, so the sweep deletes them and keeps the ones others still hold', async () => {
    const store = createFileStore(uploadDir);
    await t.services.fileSweep.run({ graceMs: 0 });
    expect(await store.size(ownPicture)).toBeNull();
    expect(await store.size(shared)).not.toBeNull();
  });

  it('changes nothing when it runs again', async () => {
    const before = await t.database.db.selectFrom('users').selectAll().orderBy('id').execute();
    expect(await eraseDue()).toEqual({ erased: 0, failed: 0 });
    expect(await t.database.db.selectFrom('users').selectAll().orderBy('id').execute()).toEqual(before);
  });
});

describe('a server that dies mid-way', () => {
  it('leaves the account as it was, and the next run erases it whole', async () => {
    const name = `crash${unique()}`;
    const member = await provenMember(name, `${name}@example.org`);
    const followed = await t.make.member();
    await ok(endpoints.follows.userFollow, { user_id: followed.user.id, follow: true }, member);
    await ok(deleteAccount, { confirm: name }, member);
    t.clock.advance(ACCOUNT_DELETION_GRACE_MS);
    const died = new Error('the server died');
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        expect(await eraseAccount(trx, member.user.id, t.clock.now)).toBe(true);
        throw died;
      }),
    ).rejects.toBe(died);
    expect(await userRow(member.user.id)).toMatchObject({
      status: 'active',
      username: name,
      email: `${name}@example.org`,
    });
    expect((await userRow(followed.user.id)).follower_count).toBe(1);

    expect(await eraseDue()).toEqual({ erased: 1, failed: 0 });
    expect(await userRow(member.user.id)).toMatchObject({ status: 'erased', email: null });
    expect((await userRow(followed.user.id)).follower_count).toBe(0);
  });
});

describe('a member banned during the grace period', () => {
  it("is erased when the deletion falls due all the same: a ban keeps no one's data", async () => {
    const name = `banned${unique()}`;
    const member = await provenMember(name, `${name}@example.org`);
    await ok(deleteAccount, { confirm: name }, member);
    // What a ban writes on the member's row (sanctions/): the status and why.
    await t.database.db
      .updateTable('users')
      .set({ status: 'banned', ban_reason: 'Spam' })
      .where('id', '=', member.user.id)
      .execute();
    t.clock.advance(ACCOUNT_DELETION_GRACE_MS);
    expect(await eraseDue()).toEqual({ erased: 1, failed: 0 });
    expect(await userRow(member.user.id)).toMatchObject({ status: 'erased', email: null, ban_reason: null });
  });
});

describe('two runners at once', () => {
  it('erase each due account once, the counts they move going down once', async () => {
    const testDb = await createTestDatabase();
    // A second pool, as a second server has. better-sqlite3 waits for a lock synchronously, so
    // two handles in one process would wait on each other for ever: on SQLite the two runners
    // share the one connection, and their transactions take turns as two servers' would.
    const second = ENGINE === 'postgres' ? openDatabase(testDb.url, { poolSize: 5 }) : null;
    const dir = mkdtempSync(path.join(tmpdir(), 'pixelhall-runners-'));
    let now = Date.UTC(2026, 5, 1);
    const { app, services } = await buildApp({
      config: testConfig({ uploadDir: dir, outboxDir: dir }),
      database: testDb.database,
      clock: () => now,
    });
    try {
      const { db } = testDb.database;
      const member = async (username: string) =>
        Number(
          (
            await db
              .insertInto('users')
              .values({ username, nickname: username, created_at: now, updated_at: now })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
        );
      const followed = await member('followed');
      const leavers = await Promise.all(['gone1', 'gone2', 'gone3', 'gone4'].map(member));
      for (const id of leavers) {
        await db
          .insertInto('follows')
          .values({ follower_id: id, followee_id: followed, created_at: now })
          .execute();
        const { token } = await services.sessions.create(id, TEST_ORIGIN);
        const { body } = await call(
          app,
          deleteAccount,
          { confirm: `gone${leavers.indexOf(id) + 1}` },
          { token },
        );
        expect(body.code).toBe(1);
      }
      await db
        .updateTable('users')
        .set({ follower_count: leavers.length })
        .where('id', '=', followed)
        .execute();
      now += ACCOUNT_DELETION_GRACE_MS;

      const other = accountDeletionService({
        db: (second ?? testDb.database).db,
        sessions: services.sessions,
        freshProof: { assert: async () => {} },
        firstPages: { clear: async () => {} },
        clock: () => now,
        log: { error: () => {} },
      });
      const runs = await Promise.all([services.accountDeletion.eraseDue(), other.eraseDue()]);
      expect(runs.reduce((sum, r) => sum + r.erased, 0)).toBe(leavers.length);
      expect(runs.every((r) => r.failed === 0)).toBe(true);
      const rows = await db.selectFrom('users').select(['status', 'follower_count']).orderBy('id').execute();
      expect(rows).toEqual([
        { status: 'active', follower_count: 0 },
        ...leavers.map(() => ({ status: 'erased', follower_count: 0 })),
      ]);
    } finally {
      await app.close();
      await second?.close();
      await testDb.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
