import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { addGame, type EmulatorDef, upsertEmulator } from '../../features/games/catalogue';
import type { FileStore } from '../../features/uploads/storage';
import { dayOf } from '../../shared/days';
import { Canvas, encodeWebp } from '../art/canvas';
import { drawText, textWidth } from '../art/font';
import { banner, circuitBoard, landscape, platformer, spriteSheet } from '../art/scenes';
import type { Seeder } from '../index';
import { createRandom, type Random } from '../random';
import { type GameBoyCart, gameBoyRom } from './gameboy';
import { HOMEBREWS, homebrewRom } from './homebrew';
import { type MegaDriveCart, megaDriveRom } from './megadrive';

const DAY = 86_400_000;

/** EmulatorJS system ids and cores (the web host plays them with these; docs/product/games-library-and-player.md#catalogue). */
export const DEMO_EMULATORS: (Omit<EmulatorDef, 'icon_url_text'> & {
  colors: [number, number];
  badge: string;
})[] = [
  {
    emulator_uid: 'nes',
    badge: 'NES',
    emulator_name: 'NES',
    platform: 'NES',
    core_name: 'fceumm',
    extensions: ['nes'],
    colors: [0xc0392b, 0x5a1a14],
  },
  {
    emulator_uid: 'snes',
    badge: 'SNES',
    emulator_name: 'Super Nintendo',
    platform: 'SNES',
    core_name: 'snes9x',
    extensions: ['sfc', 'smc'],
    colors: [0x7d5ba6, 0x2e2145],
  },
  {
    emulator_uid: 'gb',
    badge: 'GB',
    emulator_name: 'Game Boy',
    platform: 'Game Boy',
    core_name: 'gambatte',
    extensions: ['gb', 'gbc'],
    colors: [0x7a9a3a, 0x2c3a12],
  },
  {
    emulator_uid: 'gba',
    badge: 'GBA',
    emulator_name: 'Game Boy Advance',
    platform: 'GBA',
    core_name: 'mgba',
    extensions: ['gba'],
    colors: [0x3d5fc4, 0x18244f],
  },
  {
    emulator_uid: 'segaMD',
    badge: 'MD',
    emulator_name: 'Mega Drive',
    platform: 'Mega Drive',
    core_name: 'genesis_plus_gx',
    extensions: ['md', 'gen', 'smd'],
    colors: [0x2b2b2b, 0x0b0b0b],
  },
];

type Genre = 'action' | 'puzzle' | 'racing' | 'platformer' | 'rpg' | 'shooter' | 'sports' | 'adventure';

interface DemoGame {
  name: string;
  emulator: 'nes' | 'gb' | 'segaMD';
  genre: Genre;
  description: string;
  /** One of the generated NES homebrews (playable, draws its title, saves to battery RAM). */
  homebrew?: number;
  /** A Game Boy game's program (gameboy.ts): the steerable title screen unless said otherwise. */
  gameBoyCart?: GameBoyCart;
  /** A Mega Drive game's program (megadrive.ts): the steerable title screen unless said otherwise. */
  megaDriveCart?: MegaDriveCart;
  rank?: number;
}

const CATALOGUE: DemoGame[] = [
  {
    name: 'Tile Garden',
    emulator: 'nes',
    genre: 'puzzle',
    homebrew: 0,
    rank: 1,
    description:
      'A Pixelhall homebrew: walk a little gardener over green-and-gold tiles with the d-pad, ring a note with A or B, and see your visits counted in battery RAM.',
  },
  {
    name: 'Neon Drift',
    emulator: 'nes',
    genre: 'racing',
    homebrew: 1,
    rank: 2,
    description:
      'A Pixelhall homebrew racer in magenta and blue: steer left and right past the oncoming cars, score a point for every car that gets by, and press Start to race again after a crash.',
  },
  {
    name: 'Ember Cave',
    emulator: 'nes',
    genre: 'adventure',
    homebrew: 2,
    rank: 3,
    description:
      'A Pixelhall homebrew glowing in cave-fire colours: wander the cave with the d-pad, chime with A and B; it remembers how often you came back.',
  },
  {
    name: 'Comet Courier',
    emulator: 'nes',
    genre: 'action',
    rank: 4,
    description:
      'Pixelhall demo cart: fly a little courier around its title with the d-pad; A and B ring a note and repaint it.',
  },
  {
    name: 'Lantern Knights',
    emulator: 'nes',
    genre: 'rpg',
    description:
      'Pixelhall demo cart: walk a knight about the castle title screen; A and B ring a bell and swap its colours.',
  },
  {
    name: 'Brick Bandit',
    emulator: 'nes',
    genre: 'puzzle',
    description:
      'Pixelhall demo cart: sneak a bandit across a brick-patterned title with the d-pad; A and B ring a note.',
  },
  {
    name: 'Pocket Rally',
    emulator: 'nes',
    genre: 'racing',
    description:
      'Pixelhall demo cart: roll a tiny rally driver around the title screen; A and B sound the horn and repaint it.',
  },
  {
    name: 'Moonlit Ninja',
    emulator: 'nes',
    genre: 'platformer',
    rank: 5,
    description:
      'Pixelhall demo cart: move a ninja around a moonlit title screen with the d-pad; A and B ring and change its colours.',
  },
  {
    name: 'Sky Forge',
    emulator: 'nes',
    genre: 'shooter',
    description:
      'Pixelhall demo cart: hover a little ship across the title with the d-pad; A and B ping and repaint it.',
  },
  {
    name: 'Pixel Pirates',
    emulator: 'nes',
    genre: 'adventure',
    description:
      'Pixelhall demo cart: steer a pirate around the title screen; A and B ring the bell and swap its colours.',
  },
  {
    name: 'Cavern Echo',
    emulator: 'nes',
    genre: 'platformer',
    description:
      'Pixelhall demo cart: feel your way round a cavern title with the d-pad; A and B ping a note into the dark.',
  },
  {
    name: 'Turbo Turtle',
    emulator: 'nes',
    genre: 'racing',
    description:
      'Pixelhall demo cart: nudge a turtle around the title screen with the d-pad; A and B toot and change its shell colours.',
  },
  {
    name: 'Frost Fortress',
    emulator: 'nes',
    genre: 'action',
    description:
      'Pixelhall demo cart: wander an icy title screen with the d-pad; A and B chime and recolour the wanderer.',
  },
  {
    name: 'Garden Golf',
    emulator: 'nes',
    genre: 'sports',
    description:
      'Pixelhall demo cart: roll a round little golfer around a garden title; A and B chime and change its colours.',
  },
  {
    name: 'Pocket Gardener',
    emulator: 'gb',
    genre: 'rpg',
    rank: 6,
    description:
      'A Pixelhall demo cart in four shades of green: walk the little gardener around its title screen with the pad; A and B chime.',
  },
  {
    name: 'Byte Busters',
    emulator: 'gb',
    genre: 'action',
    gameBoyCart: 'catch',
    description:
      'A Pixelhall homebrew: bugs drop down a circuit board one at a time. Catch them for points; three misses and it is game over, and Start plays again.',
  },
  {
    name: 'Tiny Tactics',
    emulator: 'gb',
    genre: 'rpg',
    description: 'A Pixelhall demo cart: march a scout across a map the size of a stamp, a pixel at a time.',
  },
  {
    name: 'Signal Lost',
    emulator: 'gb',
    genre: 'adventure',
    description:
      'A Pixelhall demo cart: guide a lost lighthouse keeper around the screen; A and B send a radio beep.',
  },
  {
    name: 'Mossy Maze',
    emulator: 'gb',
    genre: 'puzzle',
    description:
      'A Pixelhall demo cart: wander the mossy title screen with the pad; Start takes you back home.',
  },
  {
    name: 'Railway Rush',
    emulator: 'gb',
    genre: 'puzzle',
    description:
      'A Pixelhall demo cart: shunt a little engine around the yard with the pad, a whistle on A and B.',
  },
  {
    name: 'Paper Planes',
    emulator: 'gb',
    genre: 'sports',
    description:
      'A Pixelhall demo cart: glide a paper pilot anywhere on the screen; B turns it round, A recolours it.',
  },
  {
    name: 'Owl Post',
    emulator: 'gb',
    genre: 'platformer',
    description:
      'A Pixelhall demo cart: fly the night owl anywhere on the screen with the pad; A and B hoot.',
  },
  {
    name: 'Chrome Runner',
    emulator: 'segaMD',
    genre: 'platformer',
    rank: 7,
    description:
      'A Pixelhall demo cart in chrome and blue: steer a spark around the title screen with the D-pad; A, B, C and Start beep and recolour it.',
  },
  {
    name: 'Dune Striker',
    emulator: 'segaMD',
    genre: 'shooter',
    description:
      'A Pixelhall demo cart: sweep a spark over the dunes of the title screen; every button fires a beep.',
  },
  {
    name: 'Blast Brigade',
    emulator: 'segaMD',
    genre: 'action',
    description:
      'A Pixelhall demo cart: drive a spark anywhere on the screen with the pad; the buttons beep and flash it.',
  },
  {
    name: 'Harbor Heist',
    emulator: 'segaMD',
    genre: 'adventure',
    description:
      'A Pixelhall demo cart: sneak a spark around the foggy title screen; a button beeps and changes its colours.',
  },
  {
    name: 'Thunder Alley',
    emulator: 'segaMD',
    genre: 'racing',
    rank: 8,
    megaDriveCart: 'race',
    description:
      'A Pixelhall homebrew: race down a neon alley at night, weaving between oncoming cars. Every car passed scores a point and the traffic speeds up; one crash and it is game over, and Start races again.',
  },
  {
    name: 'Nova Knights',
    emulator: 'segaMD',
    genre: 'rpg',
    description:
      'A Pixelhall demo cart: carry a little star across the title screen; A, B and C beep and recolour it.',
  },
  {
    name: 'Rocket Derby',
    emulator: 'segaMD',
    genre: 'sports',
    description:
      'A Pixelhall demo cart: kick a spark around the pitch of the title screen; every button beeps.',
  },
  {
    name: 'Iron Falcon',
    emulator: 'segaMD',
    genre: 'shooter',
    description:
      'A Pixelhall demo cart: fly a spark anywhere on the screen with the D-pad; the buttons beep and flash it.',
  },
];

const TOPICS: { title: string; description: string; pick: (g: DemoGame) => boolean }[] = [
  {
    title: 'Homebrew heroes',
    description: 'Made by Pixelhall: playable right here, saves included.',
    pick: (g) => g.homebrew !== undefined,
  },
  {
    title: 'Pocket classics',
    description: 'Four shades of green, endless afternoons.',
    pick: (g) => g.emulator === 'gb',
  },
  {
    title: 'Sixteen-bit speed',
    description: 'Mega Drive racers and shooters.',
    pick: (g) => g.emulator === 'segaMD' && (g.genre === 'racing' || g.genre === 'shooter'),
  },
  {
    title: 'Puzzle nights',
    description: 'Quiet games for late evenings.',
    pick: (g) => g.genre === 'puzzle',
  },
];

/** The NES homebrew palettes the catalogue's other NES titles cycle through. */
const palettes = HOMEBREWS.map((h) => h.palette);

function romFor(game: DemoGame, index: number): { rom: Buffer; file: string } {
  const slug = game.name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  if (game.homebrew !== undefined) {
    const h = HOMEBREWS[game.homebrew]!;
    return { rom: homebrewRom(h), file: h.file };
  }
  if (game.emulator === 'nes')
    return {
      rom: homebrewRom({
        file: `${slug}.nes`,
        title: game.name.toUpperCase(),
        subtitle: 'PIXELHALL DEMO',
        palette: palettes[index % palettes.length]!,
      }),
      file: `${slug}.nes`,
    };
  if (game.emulator === 'gb')
    return { rom: gameBoyRom(game.name, index, game.gameBoyCart), file: `${slug}.gb` };
  return { rom: megaDriveRom(game.name, index, game.megaDriveCart), file: `${slug}.md` };
}

/** Splits a title into lines that fit `width` pixels of the seed font. */
function lines(title: string, width: number): string[] {
  const out: string[] = [];
  for (const word of title.toUpperCase().split(' ')) {
    const last = out[out.length - 1];
    if (last !== undefined && textWidth(`${last} ${word}`) <= width) out[out.length - 1] = `${last} ${word}`;
    else out.push(word);
  }
  return out;
}

/** A 64×64 box-art cover: a scene for the genre, the platform band on top, the title below. */
export function cover(rnd: Random, game: DemoGame, band: [number, number], platform: string): Canvas {
  const scene =
    game.genre === 'racing' || game.genre === 'sports'
      ? landscape(rnd, rnd.pick(['day', 'dusk'] as const), 64, 64)
      : game.genre === 'puzzle'
        ? circuitBoard(rnd, 64, 64)
        : game.genre === 'rpg' || game.genre === 'adventure'
          ? landscape(rnd, 'night', 64, 64)
          : platformer(rnd, 64, 64);
  const c = new Canvas(64, 64);
  c.blit(scene, 0, 0);
  c.gradient(0, 0, 64, 9, band[0], band[1], 2);
  drawText(c, platform, 2, 2, 0xffffff);
  const title = lines(game.name, 58);
  const top = 64 - title.length * 7 - 3;
  c.rect(0, top - 2, 64, 64 - top + 2, 0x120c1e);
  for (const [i, line] of title.entries())
    drawText(c, line, Math.floor((64 - textWidth(line)) / 2), top + i * 7, 0xfff4d6, 0xc0395a);
  return c;
}

/** A 32×32 badge with a console and a short label (at most 7 letters of the seed font). */
export function emulatorIcon(name: string, colors: [number, number]): Canvas {
  const c = new Canvas(32, 32);
  c.gradient(0, 0, 32, 32, colors[0], colors[1], 3);
  c.rect(6, 10, 20, 12, 0x1b1530);
  c.rect(8, 12, 4, 4, 0xfff4d6);
  c.rect(22, 13, 2, 2, 0xff5577);
  c.rect(19, 16, 2, 2, 0x55ccff);
  const label = name.toUpperCase();
  drawText(c, label, Math.max(0, Math.floor((32 - textWidth(label)) / 2)), 25, 0xffffff);
  return c;
}

async function storeImage(db: Kysely<DB>, files: FileStore, canvas: Canvas, scale: number, now: number) {
  const image = await encodeWebp(canvas, scale);
  const sha256 = await files.put(image.data);
  await db
    .insertInto('uploads')
    .values({
      sha256,
      mime: 'image/webp',
      bytes: image.data.length,
      width: image.width,
      height: image.height,
      owner_id: null,
      picture: 1,
      created_at: now,
    })
    .onConflict((oc) => oc.column('sha256').doNothing())
    .execute();
  return `/upload/files/${sha256}.webp`;
}

/**
 * The standard emulators, each with its drawn icon, for those the database lacks: the demo seed
 * and `games:add` both need them, and an operator's edits to existing ones are kept.
 */
export async function ensureEmulators(db: Kysely<DB>, files: FileStore, now: number): Promise<void> {
  const have = new Set(
    (await db.selectFrom('emulators').select('emulator_uid').execute()).map((r) => r.emulator_uid),
  );
  for (const [i, e] of DEMO_EMULATORS.entries()) {
    if (have.has(e.emulator_uid)) continue;
    const icon = await storeImage(db, files, emulatorIcon(e.badge, e.colors), 4, now);
    const { colors: _colors, badge: _badge, ...def } = e;
    await upsertEmulator(db, { ...def, icon_url_text: icon }, i);
  }
}

/**
 * The demo game library: five emulators, thirty games across NES, Game Boy and Mega Drive (every
 * ROM is generated and boots: the NES carts answer the pad, keep a battery save and one is a small
 * race — nes-game.ts, the Game Boy carts answer the pad and one is a small complete game —
 * gameboy.ts, and so do the Mega Drive carts — megadrive.ts), covers and screenshots drawn by the
 * seed art, topics, banners, and some history from the demo members (plays, favourites, searches)
 * so the sections and hot words have something to show.
 */
export const seedDemoGames: Seeder = {
  name: 'demo-games',
  async run(db, { now, files }) {
    const rnd = createRandom(0x6a4e5);
    await ensureEmulators(db, files, now);
    const ids: number[] = [];
    for (const [i, game] of CATALOGUE.entries()) {
      const emulator = DEMO_EMULATORS.find((e) => e.emulator_uid === game.emulator)!;
      const icon = await storeImage(db, files, cover(rnd, game, emulator.colors, emulator.platform), 4, now);
      const screenshots = [
        await storeImage(db, files, platformer(rnd, 64, 60), 4, now),
        await storeImage(db, files, spriteSheet(rnd), 4, now),
      ];
      const { rom, file } = romFor(game, i);
      const { id } = await addGame(db, files, {
        name: game.name,
        romName: file,
        rom,
        emulator,
        genre: game.genre,
        description: game.description,
        icon,
        screenshots,
        version: game.homebrew !== undefined ? '1.0' : `1.${rnd.int(0, 4)}`,
        // Spread over the last 60 days, the homebrews newest.
        uploadTime: now - (CATALOGUE.length - i) * 2 * DAY - rnd.int(0, DAY),
        recommendRank: game.rank ?? null,
      });
      ids.push(id);
    }
    // The homebrews are this week's uploads: newest first in "new share".
    for (const [i, game] of CATALOGUE.entries())
      if (game.homebrew !== undefined)
        await db
          .updateTable('games')
          .set({
            upload_time: now - (game.homebrew + 1) * 3_600_000,
            update_time: now - (game.homebrew + 1) * 3_600_000,
          })
          .where('id', '=', ids[i]!)
          .execute();

    for (const [position, topic] of TOPICS.entries()) {
      const coverUrl = await storeImage(
        db,
        files,
        banner(rnd, topic.title.toUpperCase(), position % 2 ? 'castle' : 'level'),
        4,
        now,
      );
      const row = await db
        .insertInto('game_topics')
        .values({
          title: topic.title,
          description: topic.description,
          cover: coverUrl,
          position,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const members = CATALOGUE.flatMap((g, i) => (topic.pick(g) ? [ids[i]!] : []));
      await db
        .insertInto('game_topic_games')
        .values(members.map((game_id, p) => ({ topic_id: Number(row.id), game_id, position: p })))
        .execute();
    }

    for (const [position, [title, index, kind]] of (
      [
        ['TILE GARDEN', 0, 'level'],
        ['CHROME RUNNER', 22, 'castle'],
        ['POCKET CLASSICS', 14, 'level'],
      ] as const
    ).entries()) {
      const image = await storeImage(db, files, banner(rnd, title, kind), 4, now);
      await db
        .insertInto('game_banners')
        .values({
          title,
          image,
          game_id: ids[index]!,
          link: `#/rom/${ids[index]}`,
          position,
          active: 1,
          created_at: now,
        })
        .execute();
    }

    await seedActivity(db, rnd, ids, now);
  },
};

/** Plays, favourites and searches by the demo members, with the counters that go with them. */
async function seedActivity(db: Kysely<DB>, rnd: Random, ids: number[], now: number) {
  const members = (
    await db.selectFrom('users').select('id').where('email', 'is not', null).orderBy('id').limit(24).execute()
  ).map((r) => Number(r.id));
  const plays = new Map<number, number>();
  const days = new Map<string, number>();
  const favourites = new Map<number, number>();
  for (const userId of members) {
    for (const gameIndex of rnd.sample(
      ids.map((_, i) => i),
      rnd.int(2, 7),
    )) {
      const gameId = ids[gameIndex]!;
      const times = rnd.int(1, 6);
      const first = now - rnd.int(2, 40) * DAY;
      const last = now - rnd.int(0, 9) * DAY - rnd.int(0, DAY - 1);
      await db
        .insertInto('game_plays')
        .values({
          user_id: userId,
          game_id: gameId,
          times,
          first_played_at: Math.min(first, last),
          last_played_at: last,
        })
        .execute();
      plays.set(gameId, (plays.get(gameId) ?? 0) + times);
      const key = `${gameId}:${dayOf(last)}`;
      days.set(key, (days.get(key) ?? 0) + times);
      if (rnd.chance(0.4)) {
        await db
          .insertInto('game_favourites')
          .values({ user_id: userId, game_id: gameId, created_at: last })
          .execute();
        favourites.set(gameId, (favourites.get(gameId) ?? 0) + 1);
      }
    }
  }
  for (const [key, count] of days) {
    const [gameId, day] = key.split(':').map(Number) as [number, number];
    await db.insertInto('game_play_days').values({ game_id: gameId, day, count }).execute();
  }
  for (const gameId of ids) {
    const played = plays.get(gameId) ?? 0;
    await db
      .updateTable('games')
      .set({
        play_count: played,
        favourite_count: favourites.get(gameId) ?? 0,
        download_count: played + rnd.int(0, 40),
      })
      .where('id', '=', gameId)
      .execute();
  }
  const today = dayOf(now);
  const words = ['tile garden', 'rally', 'ninja', 'puzzle', 'chrome runner', 'pirates', 'golf', 'knights'];
  for (const [i, word] of words.entries())
    for (let d = 0; d < 3; d += 1)
      await db
        .insertInto('game_searches')
        .values({ word, day: today - d, count: Math.max(1, words.length - i + rnd.int(0, 3)) })
        .execute();
}
