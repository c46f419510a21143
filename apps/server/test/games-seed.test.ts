import { createHash } from 'node:crypto';
import { endpoints } from '@pixelhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileStore } from '../src/features/uploads/storage';
import { SEEDERS } from '../src/seed';
import { seedDemoMembers } from '../src/seed/demo-members';
import { seedDemoGames } from '../src/seed/games';
import { buildTestApp, call, type TestApp } from './helper';

const g = endpoints.games;
let t: TestApp;
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

beforeAll(async () => {
  t = await buildTestApp();
  const files = createFileStore(t.config.uploadDir);
  for (const seeder of [seedDemoMembers, seedDemoGames])
    await t.database.db.transaction().execute((trx) => seeder.run(trx, { now: t.clock.now, files }));
}, 120_000);
afterAll(() => t.close());

describe('the demo-games seeder', () => {
  it('runs after the economy seeders', () => {
    const names = SEEDERS.map((s) => s.name);
    expect(names.indexOf('demo-games')).toBeGreaterThan(names.indexOf('demo-economy'));
  });

  it('fills the catalogue across platforms with covers', async () => {
    const { body } = await call(t.app, g.conditionOpt, {});
    const data = body.data as {
      emulator_type: { emulator_uid: string; icon_url_text: string }[];
      platform: string[];
    };
    expect(data.emulator_type.map((e) => e.emulator_uid)).toEqual(['nes', 'snes', 'gb', 'gba', 'segaMD']);
    expect(data.emulator_type.every((e) => e.icon_url_text.startsWith('/upload/files/'))).toBe(true);
    expect(data.platform).toEqual(['Game Boy', 'Mega Drive', 'NES']);
    const list = await call(t.app, g.gameList, { num: 100 });
    const games = list.body.data as {
      list: { icon_image: string; rom_md5_headerless: string | null; platform: string }[];
      total: number;
    };
    expect(games.total).toBe(30);
    expect(games.list.every((x) => x.icon_image.startsWith('/upload/files/'))).toBe(true);
    expect(games.list.filter((x) => x.platform === 'NES').every((x) => x.rom_md5_headerless !== null)).toBe(
      true,
    );
    expect(games.list.filter((x) => x.platform !== 'NES').every((x) => x.rom_md5_headerless === null)).toBe(
      true,
    );
    const cover = await t.app.inject({ method: 'GET', url: games.list[0]!.icon_image });
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toBe('image/webp');
  });

  it('serves a homebrew ROM whose hashes match the catalogue', async () => {
    const found = await call(t.app, g.gameList, { keyword: 'tile garden' });
    const game = (found.body.data as { list: { id: number; rom_md5: string; rom_md5_headerless: string }[] })
      .list[0]!;
    const { body } = await call(t.app, g.downloadGame, { id: game.id });
    const res = await t.app.inject({ method: 'GET', url: (body.data as { url: string }).url });
    expect(res.statusCode).toBe(200);
    expect(md5(res.rawPayload)).toBe(game.rom_md5);
    expect(md5(res.rawPayload.subarray(16))).toBe(game.rom_md5_headerless);
    expect(res.rawPayload[6]! & 0x02).toBe(0x02);
  });

  it('keeps counters equal to the rows behind them, and fills every home section', async () => {
    const { db } = t.database;
    const games = await db.selectFrom('games').select(['id', 'favourite_count', 'play_count']).execute();
    for (const game of games) {
      const favs = await db
        .selectFrom('game_favourites')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('game_id', '=', game.id)
        .executeTakeFirstOrThrow();
      expect(Number(favs.n)).toBe(Number(game.favourite_count));
      const plays = await db
        .selectFrom('game_plays')
        .select((eb) => eb.fn.sum<number>('times').as('n'))
        .where('game_id', '=', game.id)
        .executeTakeFirstOrThrow();
      expect(Number(plays.n ?? 0)).toBe(Number(game.play_count));
    }
    const home = await call(t.app, g.homeSection, {});
    for (const section of home.body.data as { key: string; games: unknown[] }[])
      expect(section.games.length).toBeGreaterThan(0);
    const topics = await call(t.app, g.topicList, {});
    expect((topics.body.data as { total: number }).total).toBe(4);
    const banners = await call(t.app, g.gameBanners, {});
    expect((banners.body.data as unknown[]).length).toBe(3);
    const words = await call(t.app, g.hotWords, {});
    expect((words.body.data as { list: unknown[] }).list.length).toBeGreaterThan(0);
  });
});
