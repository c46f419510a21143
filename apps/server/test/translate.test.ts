import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { endpoints, MainCode, PAID_TEASER_CHARS } from '@pixelhall/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { libreTranslate } from '../src/features/translate/libre-translate';
import { translateService } from '../src/features/translate/service';
import { AppError } from '../src/http/app-error';
import { buildTestApp, call, type TestApp } from './helper';

interface Received {
  q: string;
  source: string;
  target: string;
  format: string;
  api_key?: string;
}

/**
 * Behaves like LibreTranslate's POST /translate: "translates" by tagging the text with the
 * target language. Texts asking for it fail, answer nonsense, or take their time.
 */
let received: Received[] = [];
let service: Server;
let serviceUrl: string;

function readJson(req: IncomingMessage): Promise<Received> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
    req.on('error', reject);
  });
}

let t: TestApp;
let bare: TestApp;
let topicId: number;
let adultTopicId: number;
let author: { token: string; user: { id: number } };
let reader: { token: string; user: { id: number } };

async function insertPost(text: string, options: { price?: number; topic?: number } = {}) {
  const now = t.clock.now;
  const row = await t.database.db
    .insertInto('posts')
    .values({
      user_id: author.user.id,
      topic_id: options.topic ?? topicId,
      text,
      price: options.price ?? 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

async function insertComment(postId: number, userId: number, text: string) {
  const row = await t.database.db
    .insertInto('comments')
    .values({ post_id: postId, user_id: userId, text, created_at: t.clock.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

const translate = (payload: Record<string, unknown>, token?: string, app = t) =>
  call(app.app, endpoints.search.translateText, payload, token ? { token } : {}).then((r) => r.body);

beforeAll(async () => {
  service = createServer(async (req, res) => {
    if (req.method !== 'POST' || req.url !== '/translate') {
      res.writeHead(404).end();
      return;
    }
    const body = await readJson(req);
    received.push(body);
    if (body.q.includes('BOOM')) {
      res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"boom"}');
      return;
    }
    if (body.q.includes('NONSENSE')) {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"translation":42}');
      return;
    }
    const delay = body.q.includes('SLOW') ? 1000 : 0;
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          translatedText: `[${body.target}] ${body.q}`,
          detectedLanguage: { confidence: 90, language: 'en' },
        }),
      );
    }, delay);
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;

  t = await buildTestApp({ config: { translateUrl: serviceUrl, translateApiKey: 'key-123' } });
  bare = await buildTestApp();
  author = await t.make.member();
  reader = await t.make.member();
  const now = t.clock.now;
  const category = await t.database.db
    .insertInto('categories')
    .values({ name: 'Talk', created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [name, minAge] of [
    ['Lounge', 0],
    ['Late night', 18],
  ] as const) {
    const row = await t.database.db
      .insertInto('topics')
      .values({ category_id: Number(category.id), name, min_age: minAge, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (minAge === 0) topicId = Number(row.id);
    else adultTopicId = Number(row.id);
  }
});
afterAll(async () => {
  await t.close();
  await bare.close();
  await new Promise((resolve) => service.close(resolve));
});
beforeEach(() => {
  received = [];
});

describe('translate/status', () => {
  it('says whether a translation service is configured', async () => {
    expect((await call(t.app, endpoints.search.translateStatus, {})).body.data).toEqual({ enabled: true });
    expect((await call(bare.app, endpoints.search.translateStatus, {})).body.data).toEqual({
      enabled: false,
    });
  });
});

describe('translate/text', () => {
  it("translates a post into the language of the reader's locale", async () => {
    const id = await insertPost('What a great game');
    const body = await translate({ kind: 'post', id, target: 'es-ES' }, reader.token);
    expect(body).toEqual({
      code: MainCode.Success,
      msg: 'OK',
      data: { text: '[es] What a great game', source: 'en' },
    });
    expect(received).toEqual([
      { q: 'What a great game', source: 'auto', target: 'es', format: 'text', api_key: 'key-123' },
    ]);
    for (const [locale, language] of [
      ['pt-BR', 'pt'],
      ['ja-JP', 'ja'],
      ['ko-KR', 'ko'],
    ]) {
      expect((await translate({ kind: 'post', id, target: locale })).data).toEqual({
        text: `[${language}] What a great game`,
        source: 'en',
      });
    }
  });

  it('remembers translations until the text changes', async () => {
    const id = await insertPost('Remember me');
    await translate({ kind: 'post', id, target: 'ja-JP' }, reader.token);
    const again = await translate({ kind: 'post', id, target: 'ja-JP' }, author.token);
    expect(again.data).toEqual({ text: '[ja] Remember me', source: 'en' });
    expect(received).toHaveLength(1);
    await t.database.db
      .updateTable('posts')
      .set({ text: 'Remember me, edited' })
      .where('id', '=', id)
      .execute();
    expect((await translate({ kind: 'post', id, target: 'ja-JP' })).data).toEqual({
      text: '[ja] Remember me, edited',
      source: 'en',
    });
    expect(received).toHaveLength(2);
  });

  it('translates only the teaser of a paid post the reader has not unlocked', async () => {
    const text = `${'The first part anyone can read. '.repeat(2)}The secret everyone pays for.`;
    const id = await insertPost(text, { price: 50 });
    const teaser = `${Array.from(text).slice(0, PAID_TEASER_CHARS).join('')}…`;
    expect((await translate({ kind: 'post', id, target: 'es-ES' }, reader.token)).data).toEqual({
      text: `[es] ${teaser}`,
      source: 'en',
    });
    expect((await translate({ kind: 'post', id, target: 'es-ES' })).data).toEqual({
      text: `[es] ${teaser}`,
      source: 'en',
    });
    expect((await translate({ kind: 'post', id, target: 'es-ES' }, author.token)).data).toEqual({
      text: `[es] ${text}`,
      source: 'en',
    });
    expect(received.map((r) => r.q)).toEqual([teaser, text]);
  });

  it('asks for the 18+ answer for a post of an adult topic', async () => {
    const id = await insertPost('Grown-up words', { topic: adultTopicId });
    expect(await translate({ kind: 'post', id, target: 'es-ES' }, reader.token)).toEqual({
      code: 0,
      msg: 'Are you 18+ years old?',
      data: null,
      reason: 'errors.adult_confirm',
    });
    const confirmed = await translate(
      { kind: 'post', id, target: 'es-ES', adult_confirmed: true },
      reader.token,
    );
    expect(confirmed.data).toEqual({ text: '[es] Grown-up words', source: 'en' });
  });

  it('translates comments, except those of members the reader blocked', async () => {
    const postId = await insertPost('A post with comments');
    const commentId = await insertComment(postId, author.user.id, 'Nice one');
    expect((await translate({ kind: 'comment', id: commentId, target: 'ko-KR' }, reader.token)).data).toEqual(
      {
        text: '[ko] Nice one',
        source: 'en',
      },
    );
    await t.database.db
      .insertInto('blacklist')
      .values({ user_id: reader.user.id, blocked_id: author.user.id, created_at: t.clock.now })
      .execute();
    const blocked = await translate({ kind: 'comment', id: commentId, target: 'ko-KR' }, reader.token);
    expect(blocked).toEqual({
      code: 0,
      msg: 'This comment no longer exists',
      data: null,
      reason: 'errors.comment_not_found',
    });
    await t.database.db.deleteFrom('blacklist').where('user_id', '=', reader.user.id).execute();
  });

  it('answers what is missing', async () => {
    expect((await translate({ kind: 'post', id: 999_999, target: 'es-ES' })).msg).toBe(
      'This post no longer exists',
    );
    expect((await translate({ kind: 'comment', id: 999_999, target: 'es-ES' })).msg).toBe(
      'This comment no longer exists',
    );
    const id = await insertPost('Target please');
    expect(await translate({ kind: 'post', id, target: '12-34' })).toMatchObject({ code: 0 });
    expect(received).toEqual([]);
  });

  it('says the translation failed when the service fails or answers nonsense', async () => {
    for (const text of ['BOOM goes the service', 'NONSENSE please']) {
      const id = await insertPost(text);
      expect(await translate({ kind: 'post', id, target: 'es-ES' }, reader.token)).toEqual({
        code: 0,
        msg: 'The translation failed. Please try again.',
        data: null,
        reason: 'errors.translate_failed',
      });
    }
    const id = await insertPost('Unreachable');
    const down = translateService({
      db: t.database.db,
      translator: libreTranslate({ url: 'http://127.0.0.1:9', apiKey: null }),
      log: t.app.log,
    });
    await expect(down.translate(null, { kind: 'post', id, target: 'es-ES' })).rejects.toMatchObject({
      messageKey: 'errors.translate_failed',
    });
  });

  it('gives up on a service that takes too long', async () => {
    const id = await insertPost('SLOW to translate');
    const impatient = translateService({
      db: t.database.db,
      translator: libreTranslate({ url: serviceUrl, apiKey: null, timeoutMs: 200 }),
      log: t.app.log,
    });
    const started = Date.now();
    const error = await impatient
      .translate(null, { kind: 'post', id, target: 'es-ES' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).messageKey).toBe('errors.translate_failed');
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('is unavailable without a configured service', async () => {
    const member = await bare.make.member();
    expect(await translate({ kind: 'post', id: 1, target: 'es-ES' }, member.token, bare)).toEqual({
      code: 0,
      msg: 'Translation is not available',
      data: null,
      reason: 'errors.translate_unavailable',
    });
  });
});
