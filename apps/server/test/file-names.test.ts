import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { endpoints, type Post } from '@pixelhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from './helper';
import { insertTopic } from './support/community';
import { tus } from './support/tus-client';

/*
 * Every file name a member gives is cleaned by the contract's one rule (cleanFileName) before it
 * is stored, shown or sent back as a download's name: an attachment's name, an upload's filename.
 */
let t: TestApp;
let dir: string;
let origin: string;
let member: Awaited<ReturnType<TestApp['make']['member']>>;
let topicId: number;

/** A name disguising an executable: U+202E makes "invoice<U+202E>txt.exe" read "invoiceexe.txt". */
const DISGUISED = '..\\..\\invoice\u202Etxt.exe\r\n';
const CLEANED = 'invoicetxt.exe';
const content = Buffer.from('MZ not really a program\n');

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'pixelhall-names-'));
  t = await buildTestApp({ config: { uploadDir: dir } });
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  member = await t.make.member();
  topicId = await insertTopic(t.database);
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

async function postWith(sha256: string, name: string): Promise<Post> {
  const { body } = await call(
    t.app,
    endpoints.posts.createPost,
    { topic_id: topicId, text: 'The invoice', files: [{ sha256, name }] },
    { token: member.token },
  );
  expect(body.code).toBe(1);
  return body.data as Post;
}

const download = (url: string) => t.app.inject({ method: 'GET', url });

describe('file names a member gives', () => {
  it('are cleaned in an upload’s tus metadata', async () => {
    const stored = await tus.whole(origin, member.token, content, `folder/${DISGUISED}`);
    expect(stored.name).toBe(CLEANED);
  });

  it('are cleaned by create/posts, stored and shown cleaned, and downloaded under the cleaned name', async () => {
    const { sha256 } = await tus.whole(origin, member.token, content, 'invoice.exe');
    const post = await postWith(sha256, `C:\\Users\\pat\\${DISGUISED}`);
    expect(post.files[0]!.name).toBe(CLEANED);
    const row = await t.database.db
      .selectFrom('post_files')
      .select('name')
      .where('post_id', '=', post.id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe(CLEANED);

    const res = await download(post.files[0]!.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${CLEANED}"; filename*=UTF-8''${CLEANED}`,
    );
  });

  it('never leave a name empty, and shorten a long one keeping its extension', async () => {
    const { sha256 } = await tus.whole(origin, member.token, content, 'x.bin');
    const post = await postWith(sha256, '\u202E..');
    expect(post.files[0]!.name).toBe('file');
    const long = await postWith(sha256, `${'a'.repeat(400)}.pdf`);
    expect(long.files[0]!.name).toBe(`${'a'.repeat(196)}.pdf`);
  });

  it('still refuse a blank name', async () => {
    const { sha256 } = await tus.whole(origin, member.token, content, 'blank.bin');
    const { body } = await call(
      t.app,
      endpoints.posts.createPost,
      { topic_id: topicId, text: 'Blank', files: [{ sha256, name: '   ' }] },
      { token: member.token },
    );
    expect(body).toMatchObject({ code: 0, reason: 'validation.name_required' });
  });

  it('are downloaded cleaned even when stored before names were cleaned', async () => {
    const { sha256 } = await tus.whole(origin, member.token, content, 'old.exe');
    const post = await postWith(sha256, 'old.exe');
    // As an older server stored it: the override and the line break, untouched.
    await t.database.db
      .updateTable('post_files')
      .set({ name: 'old\u202Etxt.exe\r\n' })
      .where('post_id', '=', post.id)
      .execute();
    const res = await download(post.files[0]!.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="oldtxt.exe"; filename*=UTF-8''oldtxt.exe`,
    );
  });
});
