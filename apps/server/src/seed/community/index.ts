import { dayOf } from '../../shared/days';
import { avatar } from '../art/avatar';
import { icon } from '../art/icons';
import { banner, racePoster } from '../art/scenes';
import type { Seeder } from '../index';
import { createRandom } from '../random';
import { recountCounters } from './counters';
import { seedEngagement } from './engagement';
import { EXISTING_LOOKS, MEMBERS } from './members';
import { seedPeople } from './people';
import { drawArt, PictureBatch } from './pictures';
import { seedPlaces } from './places';
import { seedPosts } from './posts';
import { MAKER_POSTS } from './posts-makers';
import { TALK_POSTS } from './posts-talk';
import { CATEGORIES, TOPICS } from './topics';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Any fixed number: the same world on every install. */
const WORLD_SEED = 0x8b17;

/** Oldest first, so ids grow with time as they do when members post. */
export const DEMO_POSTS = [...TALK_POSTS, ...MAKER_POSTS].sort((a, b) => b.hoursAgo - a.hoursAgo);

/**
 * A living community on a fresh install: categories and topics with icons, a dozen members at
 * many levels with avatars, three weeks of posts (pictures, files, links, paid and pinned ones),
 * comment threads, likes, follows, the news they sent, two banners and a popup.
 */
export const seedDemoCommunity: Seeder = {
  name: 'demo-community',
  async run(db, { now, files }) {
    const rnd = createRandom(WORLD_SEED);

    // Drawing consumes the random in a fixed order; storing then runs in parallel.
    const pictures = new PictureBatch();
    const looks = { ...EXISTING_LOOKS, ...Object.fromEntries(MEMBERS.map((m) => [m.username, m.look])) };
    const avatarAt = Object.entries(looks).map(
      ([username, look]) => [username, pictures.add(avatar(rnd, look), 16, username)] as const,
    );
    const categoryIconAt = CATEGORIES.map((c) => pictures.add(icon(c.glyph, c.colors), 8, null));
    const topicIconAt = TOPICS.map((t) => pictures.add(icon(t.glyph, t.colors), 8, t.createdBy));
    const postPicturesAt = DEMO_POSTS.map((p) =>
      (p.images ?? []).map((art) => {
        const { canvas, scale } = drawArt(rnd, art);
        return pictures.add(canvas, scale, p.by);
      }),
    );
    const welcomeBannerAt = pictures.add(banner(rnd, 'Welcome to Pixelhall', 'castle'), 6, null);
    const releaseBannerAt = pictures.add(banner(rnd, 'New homebrew: Skycycle', 'level'), 6, null);
    const posterAt = pictures.add(racePoster(rnd, 'Race night'), 6, null);
    const stored = await pictures.encode(files);
    const url = (i: number) => stored[i]!.url;

    const people = await seedPeople(db, new Map(avatarAt.map(([username, i]) => [username, url(i)])), now);
    await pictures.record(db, people.idOf, now);
    const topicIds = await seedPlaces(
      db,
      people,
      { categories: categoryIconAt.map(url), topics: topicIconAt.map(url) },
      now,
    );
    const { posts, comments } = await seedPosts(db, {
      specs: DEMO_POSTS,
      pictures: postPicturesAt.map((at) => at.map((i) => stored[i]!)),
      people,
      topicIds,
      files,
      rnd,
      now,
    });
    await seedEngagement(db, { posts, comments, people, topicIds, rnd, now });

    const postLink = (pick: (text: string) => boolean) => {
      const post = posts.find((p) => pick(p.spec.text));
      if (!post) throw new Error('a banner points at a post the demo world lacks');
      return `#/post/${post.id}`;
    };
    await db
      .insertInto('banners')
      .values([
        {
          title: 'Welcome to Pixelhall',
          image: url(welcomeBannerAt),
          link: postLink((t) => t.startsWith('Welcome to Pixelhall')),
          position: 0,
          created_at: now - 20 * DAY,
        },
        {
          title: 'New homebrew: Skycycle for the NES',
          image: url(releaseBannerAt),
          link: postLink((t) => t.startsWith('Skycycle v1.0')),
          position: 1,
          created_at: now - 4 * DAY,
        },
      ])
      .execute();
    await db
      .insertInto('popups')
      .values({
        title: 'Race night this Saturday',
        text: 'Sonic 1 any%, three heats and a beginners bracket. Sign up in the Race night topic!',
        image: url(posterAt),
        link: postLink((t) => t.startsWith('Race night is this Saturday')),
        starts_at: now - 6 * HOUR,
        ends_at: now + 6 * DAY,
        created_at: now - 6 * HOUR,
      })
      .execute();

    // What people searched lately, so the search screen's trending list isn't empty on day one.
    const searched: Array<[term: string, perDay: number]> = [
      ['skycycle', 9],
      ['mega man', 7],
      ['speedrun', 6],
      ['game boy', 5],
      ['pixel art', 4],
      ['sonic', 4],
      ['chiptune', 3],
      ['famicom', 3],
      ['homebrew', 2],
      ['cartridge', 2],
    ];
    await db
      .insertInto('search_terms')
      .values(
        searched.flatMap(([term, perDay]) =>
          [0, 1, 2].map((daysAgo) => ({
            term,
            day: dayOf(now - daysAgo * DAY),
            count: perDay + 2 - daysAgo,
          })),
        ),
      )
      .execute();

    await recountCounters(db, {
      users: people.usernames.map(people.idOf),
      topics: [...topicIds.values()],
      posts: posts.map((p) => p.id),
      comments: comments.map((c) => c.id),
    });
  },
};
