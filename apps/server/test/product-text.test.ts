import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Bet, type BetEvent, type Category, endpoints, LOCALE_VALUES } from '@pixelhall/contract';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../src/db/schema';
import { createFileStore } from '../src/features/uploads/storage';
import { PRODUCT_TEXT_CATALOGS } from '../src/product-text';
import { seedDemoWorld } from '../src/seed';
import { buildTestApp, call, TEST_ORIGIN, type TestApp } from './helper';

let t: TestApp;
let db: Kysely<DB>;
let uploadDir: string;

beforeAll(async () => {
  t = await buildTestApp();
  db = t.database.db;
  uploadDir = mkdtempSync(path.join(tmpdir(), 'pixelhall-product-text-'));
  await seedDemoWorld(t.database, { files: createFileStore(uploadDir), clock: () => t.clock.now });
}, 60_000);

afterAll(async () => {
  await t.close();
  rmSync(uploadDir, { recursive: true, force: true });
});

/** The answer's data, in `locale`, after checking the call succeeded. */
async function read<T>(
  def: Parameters<typeof call>[1],
  locale: string,
  options: { payload?: Record<string, unknown>; token?: string } = {},
): Promise<T> {
  const { body } = await call(t.app, def, options.payload ?? {}, { locale, token: options.token });
  expect(body.code, body.msg).toBe(1);
  return body.data as T;
}

/** Every text the product wrote into the seeded tables that members read, bet sides aside. */
async function productTexts(): Promise<string[]> {
  const [categories, banners, popups, events, topics] = await Promise.all([
    db.selectFrom('categories').select('name').execute(),
    db.selectFrom('banners').select('title').execute(),
    db.selectFrom('popups').select(['title', 'text']).execute(),
    db.selectFrom('bet_events').select(['title', 'description']).execute(),
    db.selectFrom('game_topics').select(['title', 'description']).execute(),
  ]);
  return [
    ...categories.map((c) => c.name),
    ...banners.map((b) => b.title),
    ...popups.flatMap((p) => [p.title, p.text]),
    ...events.flatMap((e) => [e.title, e.description]),
    ...topics.flatMap((g) => [g.title, g.description]),
  ];
}

describe("the product's own texts in the reader's language", () => {
  it('has every seeded category, banner, popup, bet event and game topic in every language', async () => {
    const texts = await productTexts();
    expect(texts.length).toBeGreaterThan(20);
    expect(Object.keys(PRODUCT_TEXT_CATALOGS).sort()).toEqual(
      LOCALE_VALUES.filter((l) => l !== 'en-US').sort(),
    );
    for (const [locale, catalog] of Object.entries(PRODUCT_TEXT_CATALOGS)) {
      const missing = texts.filter((text) => !(text in catalog));
      expect(missing, locale).toEqual([]);
    }
  });

  it('keeps no translation of a text the seed no longer writes', async () => {
    const labels = (await db.selectFrom('bet_options').select('label').execute()).map((o) => o.label);
    const written = new Set([...(await productTexts()), ...labels]);
    for (const [locale, catalog] of Object.entries(PRODUCT_TEXT_CATALOGS)) {
      expect(
        Object.keys(catalog).filter((text) => !written.has(text)),
        locale,
      ).toEqual([]);
    }
  });

  it('answers topic categories, banners and the popup in Spanish and Japanese, and in English as written', async () => {
    const names = async (locale: string) =>
      (await read<Category[]>(endpoints.topics.topicCategory, locale)).map((c) => c.name);
    expect(await names('en-US')).toEqual(expect.arrayContaining(['Retro talk', 'Marketplace']));
    expect(await names('es-ES')).toEqual(expect.arrayContaining(['Charla retro', 'Mercadillo']));
    expect(await names('ja-JP')).toEqual(expect.arrayContaining(['レトロ談義', 'フリマ']));

    const banners = async (locale: string) =>
      (await read<{ title: string }[]>(endpoints.posts.bannerLists, locale)).map((b) => b.title);
    expect(await banners('en-US')).toContain('Welcome to Pixelhall');
    expect(await banners('es-ES')).toContain('Te damos la bienvenida a Pixelhall');
    expect(await banners('ja-JP')).toContain('Pixelhallへようこそ');

    const popup = await read<{ title: string; text: string }>(endpoints.posts.popUp, 'ja-JP');
    expect(popup.title).toBe('今週土曜はレースナイト');
    expect(popup.text).toContain('Race nightトピック');
  });

  it('answers bet events, their sides and a member’s bets in the reader’s language; names stay', async () => {
    const semiFinal = async (locale: string) =>
      (
        await read<{ list: BetEvent[] }>(endpoints.bets.betEvents, locale, { payload: { num: 20 } })
      ).list.find((e) => e.options.length === 3);
    const english = await semiFinal('en-US');
    expect(english?.title).toBe('Retro Cup semi-final: Team Famicom vs Team Mega Drive');
    expect(english?.options.map((o) => o.label)).toEqual(['Team Famicom', 'Draw', 'Team Mega Drive']);
    const spanish = await semiFinal('es-ES');
    expect(spanish?.title).toBe('Semifinal de la Retro Cup: Team Famicom contra Team Mega Drive');
    expect(spanish?.options.map((o) => o.label)).toEqual(['Team Famicom', 'Empate', 'Team Mega Drive']);
    expect((await semiFinal('ja-JP'))?.options[1]?.label).toBe('引き分け');

    // Neon Nina backed the draw.
    const nina = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'neonnina')
      .executeTakeFirstOrThrow();
    const { token } = await t.services.sessions.create(Number(nina.id), TEST_ORIGIN);
    const drawBet = async (locale: string) =>
      (
        await read<{ list: Bet[] }>(endpoints.bets.betList, locale, { token, payload: { num: 20 } })
      ).list.find((b) => b.event.id === english?.id);
    expect((await drawBet('ko-KR'))?.option.label).toBe('무승부');
    expect((await drawBet('pt-BR'))?.event.title).toBe(
      'Semifinal da Retro Cup: Team Famicom x Team Mega Drive',
    );
    expect((await drawBet('en-US'))?.option.label).toBe('Draw');
  });

  it('answers game topics in the reader’s language', async () => {
    const titles = async (locale: string) =>
      (
        await read<{ list: { title: string }[] }>(endpoints.games.topicList, locale, { payload: { num: 20 } })
      ).list.map((g) => g.title);
    expect(await titles('en-US')).toContain('Pocket classics');
    expect(await titles('es-ES')).toContain('Clásicos de bolsillo');
    expect(await titles('ja-JP')).toContain('ポケットの名作');
  });

  it('serves a text the product has no translation of, and what members write, as written', async () => {
    await t.services.announcements.addBanner({ title: 'Torneo de verano', image: '/x.webp', link: '' });
    const banners = (await read<{ title: string }[]>(endpoints.posts.bannerLists, 'ja-JP')).map(
      (b) => b.title,
    );
    expect(banners).toContain('Torneo de verano');

    // Topics are named by the members who made them: the same in every language.
    const [category] = await read<Category[]>(endpoints.topics.topicCategory, 'en-US');
    const topicNames = async (locale: string) =>
      (
        await read<{ list: { name: string }[] }>(endpoints.topics.topicList, locale, {
          payload: { category_id: category?.id, num: 50 },
        })
      ).list.map((topic) => topic.name);
    const english = await topicNames('en-US');
    expect(english.length).toBeGreaterThan(0);
    expect(await topicNames('es-ES')).toEqual(english);
  });
});
