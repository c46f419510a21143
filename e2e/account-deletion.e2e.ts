import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { endpoints, TOAST_DURATION_MS } from '@pixelhall/contract';
import { hashPassword } from '@pixelhall/server/src/features/accounts/passwords';
import { LOCAL_ORIGIN } from '@pixelhall/server/src/features/sessions/origin';
import { sessionsRepo } from '@pixelhall/server/src/features/sessions/repo';
import { sessionsService } from '@pixelhall/server/src/features/sessions/service';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { logIn, signOut } from './support/account-forms';
import { baseUrl, open, useToken } from './support/app';
import { catalogueGames, fakeShot, fakeState, saveCloudArchive } from './support/archives';
import { expectScreenOnPage, usePhone } from './support/browser';
import { callAs, openTopicId, uniqueWord } from './support/community';
import { sessionIdOf, withDatabase } from './support/members';
import { until } from './support/until';

let context: BrowserContext;
let page: Page;
usePhone((p, c) => {
  page = p;
  context = c;
});

const DAY = 86_400_000;
const ACCOUNT = '/me/setting/accountandsecurity';

/** The e2e server's file store: the folder beside its database (support/server.ts). */
const uploadDir = () => path.join(path.dirname(inject('databaseUrl').slice('file:'.length)), 'uploads');
/** Where the store keeps a file: `<sha256[0..2]>/<sha256>`. */
const storedFile = (sha256: string) => path.join(uploadDir(), sha256.slice(0, 2), sha256);

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The operator's sweep of unreferenced files, now, on the e2e server's database and store. */
async function sweepFiles(): Promise<void> {
  await promisify(execFile)('npm', ['run', '--silent', 'ops', '--', 'files:sweep', '--grace=0'], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: inject('databaseUrl'), UPLOAD_DIR: uploadDir(), LOG_LEVEL: 'warn' },
    timeout: 60_000,
  });
}

/** A member with a password and a proven address, signed in a quarter of an hour ago. */
async function memberWithPassword(name: string, password: string) {
  return withDatabase(async (database) => {
    const now = Date.now();
    const user = await database.db
      .insertInto('users')
      .values({
        username: name,
        email: `${name}@example.org`,
        nickname: name,
        password_hash: await hashPassword(password),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(user.id);
    const { token, sessionId } = await sessionsService({
      repo: sessionsRepo(database.db),
      policy: { idleMs: DAY, maxMs: DAY },
    }).create(id, LOCAL_ORIGIN);
    // Old enough that deleting the account asks "Confirm it's you" first.
    await database.db
      .updateTable('sessions')
      .set({ created_at: now - 15 * 60_000 })
      .where('id', '=', sessionId)
      .execute();
    return { id, token };
  });
}

/** A picture of its own colour through upload/file, as the app sends one; answers its SHA-256. */
async function uploadPicture(token: string): Promise<string> {
  const png = await sharp({
    create: {
      width: 80,
      height: 60,
      channels: 3,
      background: { r: Math.floor(Math.random() * 256), g: Math.floor(Math.random() * 256), b: 77 },
    },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('app', 'post_images');
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'route.png');
  const response = await fetch(`${baseUrl()}/upload/upload/file`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const envelope = (await response.json()) as { code: number; msg: string; data: { sha256: string } };
  if (envelope.code !== 1) throw new Error(`upload/file: ${envelope.msg}`);
  return envelope.data.sha256;
}

const accountRow = (id: number) =>
  withDatabase((database) =>
    database.db
      .selectFrom('users')
      .select(['status', 'username', 'email', 'deletion_due_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow(),
  );

/**
 * The message toasts frames show over the next `ms`, one text per frame: time is the subject, as the
 * welcome toast of a sign-in would show for TOAST_DURATION_MS if the offer did not take its place.
 */
const framesShowingToast = (ms: number) =>
  page.evaluate(
    (span) =>
      new Promise<string[]>((resolve) => {
        const started = performance.now();
        const frames: string[] = [];
        const look = () => {
          const toast = document.querySelector('.adm-toast-main');
          if (toast) frames.push(toast.textContent ?? '');
          if (performance.now() - started < span) requestAnimationFrame(look);
          else resolve(frames);
        };
        look();
      }),
    ms,
  );
const dialog = () => page.locator('.adm-dialog-body:visible');

/** Deletes the account from Account and security: the page, the typed name, and a proof if asked. */
async function deleteFromAccountAndSecurity(name: string, password: string | null) {
  await open(page, ACCOUNT);
  await expectScreenOnPage(page, 'me-setting-accountandsecurity');
  await page.getByTestId('delete-account-open').click();
  await expectScreenOnPage(page, 'me-setting-accountandsecurity-delete');
  const screen = page.getByTestId('delete-account-screen');
  await screen.getByText('What is deleted').waitFor();
  await screen.getByText('What stays').waitFor();
  await page.getByTestId('delete-account-confirm').locator('input').fill(name);
  await page.getByTestId('delete-account-submit').click();
  if (password !== null) {
    await page.getByTestId('fresh-proof-sheet').waitFor();
    await page.getByTestId('fresh-proof-password').locator('input').fill(password);
    await page.getByTestId('fresh-proof-submit').click();
  }
  await expectScreenOnPage(page, 'me-setting-accountandsecurity');
  await page.getByTestId('delete-account-pending').waitFor();
}

describe('deleting an account', () => {
  it('asks, offers to keep it at sign-in, erases it after the 30 days and leaves none of its files', async () => {
    const name = uniqueWord('leaver').slice(0, 20);
    const password = 'leaving for good';
    const member = await memberWithPassword(name, password);

    // A post with a picture, and a cloud save with its screenshot.
    const picture = await uploadPicture(member.token);
    await callAs(member.token, endpoints.posts.createPost, {
      topic_id: await openTopicId(),
      text: `${name} found the warp zone`,
      files: [{ sha256: picture, name: 'warp.webp' }],
    });
    const [catalogued] = await catalogueGames(baseUrl(), 1);
    if (!catalogued) throw new Error('the catalogue has no game');
    const saved = await saveCloudArchive(baseUrl(), member.token, {
      game: catalogued.game,
      coreName: catalogued.coreName,
      slot: 1,
      state: fakeState(),
      deviceId: 'phone',
      baseVersion: null,
      shot: await fakeShot(Math.floor(Math.random() * 1e9)),
    });
    expect(saved.code).toBe(1);
    const files = await withDatabase((database) =>
      database.db.selectFrom('upload_owners').select('sha256').where('user_id', '=', member.id).execute(),
    );
    const theirs = files.map((f) => f.sha256);
    expect(theirs).toContain(picture);
    expect(theirs).toHaveLength(3);
    for (const sha256 of theirs) expect(existsSync(storedFile(sha256)), sha256).toBe(true);

    // The request, from Account and security: the page, the name typed, and "Confirm it's you".
    await useToken(context, member.token);
    await deleteFromAccountAndSecurity(name, password);
    const asked = await accountRow(member.id);
    expect(asked.status).toBe('active');
    expect(Number(asked.deletion_due_at)).toBeGreaterThan(Date.now() + 29 * DAY);

    // Signing in during the 30 days offers to keep the account, in one dialog with no toast.
    await signOut(page);
    await open(page, '/login');
    await expectScreenOnPage(page, 'login');
    // The sign-out's own toast goes first, so what is counted is what the sign-in shows.
    await until(
      () => page.locator('.adm-toast-main').count(),
      (n) => n === 0,
      { what: 'the sign-out toast gone' },
    );
    const toastFrames = framesShowingToast(TOAST_DURATION_MS + 1000);
    await logIn(page, name, password);
    await dialog().getByText('Your account is set to be deleted', { exact: true }).waitFor();
    await dialog()
      .getByText(/Your account is set to be deleted on .+\. Keep it\?/)
      .waitFor();
    expect(new Set(await toastFrames)).toEqual(new Set());
    await dialog().getByText('Keep my account').click();
    await until(
      async () => (await accountRow(member.id)).deletion_due_at,
      (due) => due === null,
      { what: 'the deletion taken back' },
    );
    await open(page, ACCOUNT);
    await expectScreenOnPage(page, 'me-setting-accountandsecurity');
    await page.getByTestId('delete-account-open').waitFor();

    // Asked again (the sign-in was proof enough), then "Continue" at the next sign-in keeps the date.
    await deleteFromAccountAndSecurity(name, null);
    const due = (await accountRow(member.id)).deletion_due_at;
    await signOut(page);
    await open(page, '/login');
    await expectScreenOnPage(page, 'login');
    await logIn(page, name, password);
    await dialog().getByText('Continue').click();
    await expect.poll(() => dialog().count()).toBe(0);
    expect((await accountRow(member.id)).deletion_due_at).toBe(due);

    // The 30 days pass (the date moved into the past), and the server's job erases the account.
    await withDatabase((database) =>
      database.db
        .updateTable('users')
        .set({ deletion_due_at: Date.now() - 60_000 })
        .where('id', '=', member.id)
        .execute(),
    );
    const erased = await until(
      () => accountRow(member.id),
      (row) => row.status === 'erased',
      { what: 'the account erased by the account-erasure job', timeout: 30_000 },
    );
    expect(erased).toMatchObject({ username: `deleted:${member.id}`, email: null });

    // The app's session is dead with it, and signing in again reads like any unknown account.
    await open(page, ACCOUNT);
    await dialog().getByText('The user is not logged in').waitFor();
    await open(page, '/login');
    await page.reload();
    await expectScreenOnPage(page, 'login');
    await logIn(page, name, password);
    await page
      .locator('.adm-form-item-feedback-error')
      .getByText('The user name or password is incorrect')
      .waitFor();
    await expect(sessionIdOf(member.token)).rejects.toThrow();

    // Nothing refers to their files any more, so the sweep deletes every one from the store.
    await sweepFiles();
    for (const sha256 of theirs) expect(existsSync(storedFile(sha256)), sha256).toBe(false);
  }, 180_000);
});
