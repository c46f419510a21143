import { createHash } from 'node:crypto';
import { endpoints, GameCode, MainCode } from '@pixelhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addGame, romHashes, upsertEmulator } from '../src/features/games/catalogue';
import { GAME_SEARCHES_PER_MINUTE } from '../src/features/games/routes';
import { createFileStore } from '../src/features/uploads/storage';
import { HOMEBREWS, homebrewRom } from '../src/seed/games/homebrew';
import { buildTestApp, call, type TestApp } from './helper';
import { insertPost } from './support/social';

const g = endpoints.games;
let t: TestApp;
let tileGarden: number;
let puzzler: number;
let racer: number;
const rom = homebrewRom(HOMEBREWS[0]!);
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

beforeAll(async () => {
  t = await buildTestApp();
  const { db } = t.database;
  const store = createFileStore(t.config.uploadDir);
  const nes = {
    emulator_uid: 'nes',
    emulator_name: 'NES',
    icon_url_text: '/nes.webp',
    platform: 'NES',
    core_name: 'fceumm',
    extensions: ['nes'],
  };
  const gb = {
    ...nes,
    emulator_uid: 'gb',
    emulator_name: 'Game Boy',
    platform: 'Game Boy',
    core_name: 'gambatte',
    extensions: ['gb'],
  };
  await upsertEmulator(db, nes, 0);
  await upsertEmulator(db, gb, 1);
  const base = t.clock.now - 10 * 86_400_000;
  tileGarden = (
    await addGame(db, store, {
      name: 'Tile Garden',
      romName: 'tile-garden.nes',
      rom,
      emulator: nes,
      genre: 'puzzle',
      screenshots: ['/upload/files/a.webp'],
      videos: ['https://video.example/tile'],
      uploadTime: base,
      recommendRank: 1,
    })
  ).id;
  puzzler = (
    await addGame(db, store, {
      name: 'Block Puzzler 100%',
      romName: 'puzzler.gb',
      rom: Buffer.from('a game boy puzzle rom'),
      emulator: gb,
      genre: 'puzzle',
      uploadTime: base + 1000,
    })
  ).id;
  racer = (
    await addGame(db, store, {
      name: 'Road Racer',
      romName: 'racer.nes',
      rom: homebrewRom(HOMEBREWS[1]!),
      emulator: nes,
      genre: 'racing',
      uploadTime: base + 2000,
    })
  ).id;
});
afterAll(() => t.close());

describe('the generated homebrew ROM', () => {
  it('is a valid iNES NROM image with battery RAM and a reset vector into PRG', () => {
    expect([...rom.subarray(0, 4)]).toEqual([0x4e, 0x45, 0x53, 0x1a]);
    expect(rom[4]).toBe(1); // 16 KiB PRG
    expect(rom[5]).toBe(1); // 8 KiB CHR
    expect(rom[6]! & 0x02).toBe(0x02); // battery
    expect((rom[6]! >> 4) | (rom[7]! & 0xf0)).toBe(0); // mapper 0
    expect(rom.length).toBe(16 + 0x4000 + 0x2000);
    const prg = rom.subarray(16, 16 + 0x4000);
    const reset = prg.readUInt16LE(0x3ffc);
    const nmi = prg.readUInt16LE(0x3ffa);
    expect(reset).toBe(0xc000);
    expect(nmi).toBeGreaterThan(0xc000);
    expect(nmi).toBeLessThan(0xfffa);
    expect(prg[0]).toBe(0x78); // sei at the reset vector
    // It writes to battery RAM ($6000: sta/inc abs with high byte $60) and turns the PPU on.
    const code = [...prg];
    const writesSram = code.some((b, i) => (b === 0x8d || b === 0xee) && code[i + 2] === 0x60);
    expect(writesSram).toBe(true);
    expect(code.some((b, i) => b === 0x8d && code[i + 1] === 0x01 && code[i + 2] === 0x20)).toBe(true);
    // The CHR has the font: 'A' (0x41) is not blank, the space is.
    const chr = rom.subarray(16 + 0x4000);
    expect(chr.subarray(0x41 * 16, 0x42 * 16).some((b) => b !== 0)).toBe(true);
    expect(chr.subarray(0x20 * 16, 0x21 * 16).every((b) => b === 0)).toBe(true);
  });

  it('differs per title and hashes whole and headerless', () => {
    expect(homebrewRom(HOMEBREWS[1]!).equals(rom)).toBe(false);
    const hashes = romHashes(rom);
    expect(hashes.md5).toBe(md5(rom));
    expect(hashes.headerless).toBe(md5(rom.subarray(16)));
    expect(romHashes(Buffer.from('not a nes file'))).toEqual({
      md5: md5(Buffer.from('not a nes file')),
      headerless: null,
    });
  });
});

describe('game/gameList', () => {
  it('lists newest first with the catalogue fields', async () => {
    const { body } = await call(t.app, g.gameList, { page: 1, num: 2 });
    expect(body.code).toBe(GameCode.Success);
    const data = body.data as {
      list: { id: number; rom_md5: string }[];
      total: number;
      cursor: string | null;
    };
    expect(data.total).toBe(3);
    expect(data.list.map((x) => x.id)).toEqual([racer, puzzler]);
    expect(data.cursor).not.toBeNull();
    const next = await call(t.app, g.gameList, { num: 2, cursor: data.cursor });
    expect((next.body.data as { list: { id: number }[]; cursor: null }).list.map((x) => x.id)).toEqual([
      tileGarden,
    ]);
    expect((next.body.data as { cursor: string | null }).cursor).toBeNull();
  });

  it('searches every word, literally, filters, and records hot words', async () => {
    const search = async (payload: Record<string, unknown>) =>
      ((await call(t.app, g.gameList, payload)).body.data as { list: { id: number }[] }).list.map(
        (x) => x.id,
      );
    expect(await search({ keyword: 'tile' })).toEqual([tileGarden]);
    expect(await search({ keyword: 'TILE garden' })).toEqual([tileGarden]);
    expect(await search({ keyword: 'tile racer' })).toEqual([]);
    expect(await search({ keyword: '100%' })).toEqual([puzzler]);
    expect(await search({ keyword: '%' })).toEqual([puzzler]);
    expect(await search({ genre: 'puzzle', sort: 'name' })).toEqual([puzzler, tileGarden]);
    expect(await search({ emulator_type: 'nes' })).toEqual([racer, tileGarden]);
    expect(await search({ keyword: 'Tile' })).toEqual([tileGarden]);
    // Later pages don't count as searches.
    await call(t.app, g.gameList, { keyword: 'tile', page: 2 });
    const { body } = await call(t.app, g.hotWords, {});
    const words = (body.data as { list: { word: string; count: number }[] }).list;
    expect(words[0]).toEqual({ word: 'tile', count: 2 });
    expect(words.map((w) => w.word)).toContain('tile garden');
  });

  it('refuses a bad payload', async () => {
    const { body } = await call(t.app, g.gameList, { sort: 'random' });
    expect(body.code).toBe(GameCode.Fail);
    const bad = await call(t.app, g.gameList, { cursor: 'nonsense!' });
    expect(bad.body.code).toBe(GameCode.Fail);
  });
});

describe('game/romMatch', () => {
  it('matches imported files by whole or headerless MD5, case aside', async () => {
    const headerless = md5(rom.subarray(16));
    // The same image with a different header (a dump tool's) matches by the headerless hash.
    const redumped = Buffer.concat([
      Buffer.from([0x4e, 0x45, 0x53, 0x1a, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x44]),
      rom.subarray(16),
    ]);
    const { body } = await call(t.app, g.romMatch, {
      md5: [md5(rom).toUpperCase(), md5(redumped), headerless, 'f'.repeat(32)],
    });
    const list = (body.data as { list: { md5: string; game: { id: number } }[] }).list;
    expect(list).toHaveLength(2);
    expect(list.map((m) => m.game.id)).toEqual([tileGarden, tileGarden]);
    expect(list.map((m) => m.md5)).toEqual([md5(rom), headerless]);
    expect(romHashes(redumped).headerless).toBe(headerless);
    expect((await call(t.app, g.romMatch, { md5: ['nope'] })).body.code).toBe(0);
    expect((await call(t.app, g.romMatch, { md5: [] })).body.code).toBe(0);
  });
});

describe('detail, media, conditions, topics, sections, banners', () => {
  it('answers a game and its media, and not-found in the caller language', async () => {
    const { body } = await call(t.app, g.gameDetail, { id: tileGarden });
    expect(body.data).toMatchObject({
      id: tileGarden,
      rom_md5: md5(rom),
      rom_md5_headerless: md5(rom.subarray(16)),
    });
    const media = await call(t.app, g.mediaLink, { id: tileGarden });
    expect(media.body.data).toMatchObject({
      screenshots: ['/upload/files/a.webp'],
      videos: ['https://video.example/tile'],
    });
    const missing = await call(t.app, g.gameDetail, { id: 99999 }, { locale: 'es-ES' });
    expect(missing.body).toMatchObject({ code: 0, msg: 'Este juego no existe' });
  });

  it('offers the emulators and filters', async () => {
    const { body } = await call(t.app, g.conditionOpt, {}, { method: 'GET' });
    const data = body.data as {
      emulator_type: { emulator_uid: string; extensions: string[] }[];
      genre: string[];
    };
    expect(data.emulator_type.map((e) => e.emulator_uid)).toEqual(['nes', 'gb']);
    expect(data.emulator_type[0]!.extensions).toEqual(['nes']);
    expect(data.genre).toEqual(['puzzle', 'racing']);
  });

  it('pages curated topics and their games', async () => {
    const { db } = t.database;
    const topic = await db
      .insertInto('game_topics')
      .values({ title: 'Homebrew', created_at: t.clock.now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('game_topic_games')
      .values([
        { topic_id: Number(topic.id), game_id: racer, position: 0 },
        { topic_id: Number(topic.id), game_id: tileGarden, position: 1 },
      ])
      .execute();
    const list = await call(t.app, g.topicList, {});
    expect(list.body.data).toMatchObject({ total: 1, list: [{ title: 'Homebrew', game_count: 2 }] });
    const games = await call(t.app, g.topicGame, { topic_id: Number(topic.id) });
    expect((games.body.data as { list: { id: number }[] }).list.map((x) => x.id)).toEqual([
      racer,
      tileGarden,
    ]);
    const missing = await call(t.app, g.topicGame, { topic_id: 4242 });
    expect(missing.body.code).toBe(0);
  });

  it('computes the home sections', async () => {
    const member = await t.make.member();
    await call(t.app, g.useGame, { id: puzzler }, { token: member.token });
    const { body } = await call(t.app, g.homeSection, {});
    const sections = body.data as { key: string; games: { id: number }[] }[];
    const ids = (key: string) => sections.find((s) => s.key === key)!.games.map((x) => x.id);
    expect(ids('recommend')).toEqual([tileGarden]);
    expect(ids('new_share')).toEqual([racer, puzzler, tileGarden]);
    expect(ids('week_hot')).toEqual([puzzler]);
    expect(ids('historical')[0]).toBe(puzzler);
    const page = await call(t.app, g.homeSectionList, { key: 'new_share', num: 1, page: 2 });
    expect(page.body.data).toMatchObject({ total: 3, list: [{ id: puzzler }] });
  });

  it('lists active banners in order', async () => {
    await t.database.db
      .insertInto('game_banners')
      .values([
        {
          title: 'Second',
          image: '/b.webp',
          game_id: null,
          link: 'https://x.example',
          position: 2,
          active: 1,
          created_at: 1,
        },
        {
          title: 'First',
          image: '/a.webp',
          game_id: tileGarden,
          link: '',
          position: 1,
          active: 1,
          created_at: 1,
        },
        { title: 'Hidden', image: '/c.webp', game_id: null, link: '', position: 0, active: 0, created_at: 1 },
      ])
      .execute();
    const { body } = await call(t.app, g.gameBanners, {});
    expect(body.data).toEqual([
      expect.objectContaining({ title: 'First', game_id: tileGarden, link: `#/rom/${tileGarden}` }),
      expect.objectContaining({ title: 'Second', link: 'https://x.example' }),
    ]);
  });
});

describe('favourites', () => {
  it('needs a token (1001)', async () => {
    for (const def of [g.collectionGame, g.gameCollect, g.collectionGameList, g.collectList]) {
      const { body } = await call(t.app, def, { id: tileGarden });
      expect(body.code).toBe(GameCode.Expired);
    }
  });

  it('toggles with an explicit state, idempotently', async () => {
    const { token } = await t.make.member();
    const set = async (collect?: boolean) =>
      (
        await call(
          t.app,
          g.gameCollect,
          { id: racer, ...(collect === undefined ? {} : { collect }) },
          { token },
        )
      ).body.data as { is_collected: boolean; favourite_count: number };
    expect(await set(true)).toMatchObject({ is_collected: true, favourite_count: 1 });
    expect(await set(true)).toMatchObject({ is_collected: true, favourite_count: 1 });
    expect((await call(t.app, g.collectionGame, { id: racer }, { token })).body.data).toMatchObject({
      is_collected: true,
    });
    expect(await set()).toMatchObject({ is_collected: false, favourite_count: 0 });
    expect(await set(false)).toMatchObject({ is_collected: false, favourite_count: 0 });
    expect(await set()).toMatchObject({ is_collected: true, favourite_count: 1 });
    await Promise.all([set(true), set(true), set(true)]);
    expect((await call(t.app, g.gameDetail, { id: racer }, { token })).body.data).toMatchObject({
      favourite_count: 1,
      is_collected: true,
    });
    await set(true);
    t.clock.advance(1000);
    await call(t.app, g.gameCollect, { id: puzzler, collect: true }, { token });
    const list = await call(t.app, g.collectionGameList, {}, { token });
    expect((list.body.data as { list: { id: number }[]; total: number }).list.map((x) => x.id)).toEqual([
      puzzler,
      racer,
    ]);
    const keys = await call(t.app, g.collectList, {}, { token });
    expect(
      (keys.body.data as { list: { game_id: number; rom_md5: string }[] }).list.map((x) => x.game_id),
    ).toEqual([puzzler, racer]);
    const missing = await call(t.app, g.gameCollect, { id: 99999, collect: true }, { token });
    expect(missing.body.code).toBe(0);
  });
});

describe('plays and history', () => {
  it('records plays, with the history last played first', async () => {
    const task = await t.database.db
      .insertInto('tasks')
      .values({ code: 'play_games_test', kind: 'newbie', action: 'play', target: 5, created_at: t.clock.now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const playTask = Number(task.id);
    const { token, user } = await t.make.member();
    expect((await call(t.app, g.useGame, { id: tileGarden })).body.code).toBe(GameCode.Expired);
    const first = await call(t.app, g.useGame, { id: tileGarden }, { token });
    expect(first.body.code).toBe(1);
    t.clock.advance(1000);
    await call(t.app, g.useGame, { id: racer }, { token });
    t.clock.advance(1000);
    await call(t.app, g.useGame, { id: tileGarden }, { token });
    const { body } = await call(t.app, g.gameLibList, {}, { token });
    const data = body.data as {
      list: { id: number; times_played: number; last_played_at: number }[];
      total: number;
    };
    expect(data.total).toBe(2);
    expect(data.list.map((x) => [x.id, x.times_played])).toEqual([
      [tileGarden, 2],
      [racer, 1],
    ]);
    // A play is an activity: it advanced the member's play task.
    const progress = await t.database.db
      .selectFrom('task_progress')
      .select('progress')
      .where('user_id', '=', user.id)
      .where('task_id', '=', playTask)
      .executeTakeFirstOrThrow();
    expect(Number(progress.progress)).toBe(3);
    expect((await call(t.app, g.useGame, { id: 99999 }, { token })).body.code).toBe(0);
    expect((await call(t.app, g.gameLibList, {})).body.code).toBe(GameCode.Expired);
  });
});

describe('use/game limits', () => {
  it('takes 30 starts a minute per member', async () => {
    const { token } = await t.make.member();
    const statuses = [];
    for (let i = 0; i < 31; i += 1)
      statuses.push((await call(t.app, g.useGame, { id: racer }, { token })).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses[30]).toBe(429);
  });
});

describe('download/game and the ROM address', () => {
  it('counts once per member, game and day, and serves the ROM with Range', async () => {
    const { token } = await t.make.member();
    const first = await call(t.app, g.downloadGame, { id: tileGarden }, { token });
    const data = first.body.data as { url: string; download_count: number; size: number; rom_md5: string };
    expect(data).toMatchObject({ size: rom.length, rom_md5: md5(rom), download_count: 1 });
    expect((await call(t.app, g.downloadGame, { id: tileGarden }, { token })).body.data).toMatchObject({
      download_count: 1,
    });
    // A visitor gets the address without counting.
    expect((await call(t.app, g.downloadGame, { id: tileGarden })).body.data).toMatchObject({
      download_count: 1,
    });
    t.clock.advance(86_400_000);
    expect((await call(t.app, g.downloadGame, { id: tileGarden }, { token })).body.data).toMatchObject({
      download_count: 2,
    });

    const whole = await t.app.inject({ method: 'GET', url: data.url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(rom)).toBe(true);

    // Paused after 10,000 bytes, resumed from there.
    const head = await t.app.inject({ method: 'GET', url: data.url, headers: { range: 'bytes=0-9999' } });
    expect(head.statusCode).toBe(206);
    expect(head.headers['content-range']).toBe(`bytes 0-9999/${rom.length}`);
    const rest = await t.app.inject({
      method: 'GET',
      url: data.url,
      headers: { range: 'bytes=10000-', 'if-range': head.headers.etag as string },
    });
    expect(rest.statusCode).toBe(206);
    expect(rest.headers['content-range']).toBe(`bytes 10000-${rom.length - 1}/${rom.length}`);
    expect(Buffer.concat([head.rawPayload, rest.rawPayload]).equals(rom)).toBe(true);
    expect(md5(Buffer.concat([head.rawPayload, rest.rawPayload]))).toBe(data.rom_md5);

    const past = await t.app.inject({
      method: 'GET',
      url: data.url,
      headers: { range: `bytes=${rom.length}-` },
    });
    expect(past.statusCode).toBe(416);
    const stale = await t.app.inject({
      method: 'GET',
      url: data.url,
      headers: { range: 'bytes=0-9', 'if-range': '"x"' },
    });
    expect(stale.statusCode).toBe(200);
    const unknown = await t.app.inject({ method: 'GET', url: `/upload/roms/${'0'.repeat(64)}/x.nes` });
    expect(unknown.statusCode).toBe(404);
    expect((await call(t.app, g.downloadGame, { id: 99999 }, { token })).body.code).toBe(0);
  });
});

describe('use/game and download/game on the main API (the upload group, docs/product/calls-and-host.md)', () => {
  it('answers at /api as on the game service, with the main API expiry code', async () => {
    expect(g.useGameOnApi.base).toBe('api');
    expect(g.downloadGameOnApi.base).toBe('api');
    const { token } = await t.make.member();
    expect((await call(t.app, g.useGameOnApi, { id: racer })).body.code).toBe(MainCode.Expired);

    const before = await call(t.app, g.gameLibList, {}, { token });
    const played = (before.body.data as { list: { id: number; times_played: number }[] }).list;
    const earlier = played.find((x) => x.id === racer)?.times_played ?? 0;
    const viaApi = await t.app.inject({
      method: 'POST',
      url: '/api/use/game',
      headers: { authorization: `Bearer ${token}` },
      payload: { id: racer },
    });
    expect(viaApi.json()).toMatchObject({ code: 1, data: { id: racer } });
    const after = await call(t.app, g.gameLibList, {}, { token });
    const history = (after.body.data as { list: { id: number; times_played: number }[] }).list;
    expect(history.find((x) => x.id === racer)?.times_played).toBe(earlier + 1);

    const onGame = await call(t.app, g.downloadGame, { id: puzzler }, { token });
    const onApi = await t.app.inject({
      method: 'POST',
      url: '/api/download/game',
      headers: { authorization: `Bearer ${token}` },
      payload: { id: puzzler },
    });
    const answer = onApi.json() as { code: number; data: { url: string; download_count: number } };
    expect(answer.code).toBe(1);
    // The same handler: same address, and the same member's same-day download is not counted twice.
    expect(answer.data).toEqual(onGame.body.data);
    expect((await t.app.inject({ method: 'GET', url: answer.data.url })).statusCode).toBe(200);
    expect((await call(t.app, g.downloadGameOnApi, { id: 99999 }, { token })).body.code).toBe(0);
  });
});

describe('feedback/submit', () => {
  const ok = {
    device_name: 'Pixel 8',
    device_version: 'Android 15',
    problem: 'The pad lags',
    email: 'Me@Example.com',
  };

  it('stores feedback from a member', async () => {
    const { token, user } = await t.make.member();
    expect((await call(t.app, g.feedbackSubmit, ok)).body.code).toBe(GameCode.Expired);
    const { body } = await call(t.app, g.feedbackSubmit, ok, { token });
    expect(body.code).toBe(1);
    const row = await t.database.db
      .selectFrom('feedback')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ device_name: 'Pixel 8', email: 'me@example.com' });
  });

  it('answers the validation messages', async () => {
    const { token } = await t.make.member();
    const blank = await call(t.app, g.feedbackSubmit, { ...ok, problem: '  ' }, { token });
    expect(blank.body).toMatchObject({ code: 0, msg: 'Please enter complete content' });
    const missing = await call(t.app, g.feedbackSubmit, { ...ok, device_name: undefined }, { token });
    expect(missing.body).toMatchObject({ code: 0, msg: 'Please enter complete content' });
    const email = await call(t.app, g.feedbackSubmit, { ...ok, email: 'nope' }, { token });
    expect(email.body).toMatchObject({ code: 0, msg: 'The email format is incorrect' });
  });

  it('is rate-limited per member', async () => {
    const { token } = await t.make.member();
    const answers = [];
    for (let i = 0; i < 6; i += 1) answers.push((await call(t.app, g.feedbackSubmit, ok, { token })).status);
    expect(answers.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(answers[5]).toBe(429);
  });
});

describe('game/gameList rate limit', () => {
  it('cuts off a flood of searches (hot words cannot be farmed by script)', async () => {
    const { token } = await t.make.member();
    const codes: number[] = [];
    for (let i = 0; i <= GAME_SEARCHES_PER_MINUTE; i += 1) {
      codes.push((await call(t.app, g.gameList, { keyword: 'flood', page: 1, num: 1 }, { token })).status);
    }
    expect(codes.slice(0, GAME_SEARCHES_PER_MINUTE).every((c) => c === 200)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });
});

describe('requestToken/token', () => {
  it('gives a member a short-lived token that names them', async () => {
    const { token, user } = await t.make.member();
    expect((await call(t.app, g.requestToken, {})).body.code).toBe(GameCode.Expired);
    const { body } = await call(t.app, g.requestToken, {}, { token });
    const data = body.data as { token: string; expires_at: number };
    expect(data.expires_at).toBe(t.clock.now + 30 * 60 * 1000);
    expect((await t.services.games.tokenMember(data.token))?.id).toBe(user.id);
    expect(await t.services.games.tokenMember('other')).toBeNull();
    t.clock.advance(31 * 60 * 1000);
    expect(await t.services.games.tokenMember(data.token)).toBeNull();
  });

  it('acts for the member on the game service and the upload host, never on the main API', async () => {
    const { token } = await t.make.member();
    const issued = await call(t.app, g.requestToken, {}, { token });
    const gameToken = (issued.body.data as { token: string }).token;

    const favourite = await call(
      t.app,
      g.gameCollect,
      { id: tileGarden, collect: true },
      { token: gameToken },
    );
    expect(favourite.body.code).toBe(GameCode.Success);
    const mine = await call(t.app, g.collectList, {}, { token });
    expect((mine.body.data as { list: { game_id: number }[] }).list.map((x) => x.game_id)).toContain(
      tileGarden,
    );

    const tus = await t.app.inject({
      method: 'POST',
      url: '/upload/upload/big',
      headers: {
        authorization: `Bearer ${gameToken}`,
        'tus-resumable': '1.0.0',
        'upload-length': '4',
        'upload-metadata': `filename ${Buffer.from('slot1.state').toString('base64')}`,
      },
    });
    expect(tus.statusCode).toBe(201);

    const wallet = await call(t.app, endpoints.wallet.userWallet, {}, { token: gameToken });
    expect(wallet.body.code).toBe(MainCode.Expired);
  });
});

describe('main API recommend/games and other/games', () => {
  it('recommends games like a game, and beside a post', async () => {
    const other = await call(t.app, g.otherGames, { id: tileGarden });
    const ids = (other.body.data as { list: { id: number }[] }).list.map((x) => x.id);
    expect(ids).not.toContain(tileGarden);
    expect(ids[0]).toBe(puzzler); // same genre first
    expect(ids).toContain(racer); // same emulator
    const beside = await call(t.app, g.recommendGames, { game_id: racer, num: 5 });
    expect((beside.body.data as { list: { id: number }[] }).list.map((x) => x.id)).not.toContain(racer);
    const plain = await call(t.app, g.recommendGames, {});
    expect((plain.body.data as { list: { id: number }[] }).list.map((x) => x.id)).toEqual([tileGarden]);
    const author = await t.make.user();
    const post = await insertPost(t.database, author.id, { text: 'Anyone beat Road Racer on hard mode?' });
    const byPost = await call(t.app, g.recommendGames, { post_id: post.id, num: 3 });
    const postIds = (byPost.body.data as { list: { id: number }[] }).list.map((x) => x.id);
    expect(postIds[0]).toBe(racer);
    expect(new Set(postIds).size).toBe(3);
    expect((await call(t.app, g.recommendGames, { post_id: 99999 })).body.code).toBe(0);
    const missing = await call(t.app, g.otherGames, { id: 99999 });
    expect(missing.body.code).toBe(0);
  });
});
