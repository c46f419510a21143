import type { Insertable, Kysely } from 'kysely';
import type { DB, PropsTable, TasksTable } from '../db/schema';
import type { Seeder } from './index';

/**
 * The economy's reference data: the props shop, daily and newbie tasks and the achievements.
 * Not demo content: every database needs it, and the server translates these codes (messages
 * `props.*`, `tasks.*`, `achievements.*`). Tests install it with `installEconomyCatalog`.
 */
type PropRow = Omit<Insertable<PropsTable>, 'created_at'>;

export const PROP_CATALOG: PropRow[] = [
  {
    code: 'color_gold',
    name: 'Gold foil',
    description: 'Gives one of your posts a gold colour that only this prop can give.',
    kind: 'color',
    effect: 'gold',
    currency: 'gold',
    price: 60,
    shelf_days: 30,
  },
  {
    code: 'style_prism',
    name: 'Prism frame',
    description: 'Highlights one of your posts with a shining prism style, at any level.',
    kind: 'style',
    effect: 'prism',
    currency: 'diamonds',
    price: 5,
    shelf_days: 30,
  },
  {
    code: 'pin_24h',
    name: 'Topic pin',
    description: 'Pins one of your posts to the top of its topic for 24 hours.',
    kind: 'pin',
    effect: '24',
    currency: 'gold',
    price: 150,
    shelf_days: 30,
  },
  {
    code: 'exp_card',
    name: 'Experience card',
    description: 'Adds 100 experience to your level at once.',
    kind: 'experience',
    effect: '100',
    currency: 'diamonds',
    price: 3,
    shelf_days: null,
  },
];

type TaskRow = Omit<Insertable<TasksTable>, 'created_at'>;

const task = (
  code: string,
  kind: TaskRow['kind'],
  action: string,
  target: number,
  gold: number,
  diamonds = 0,
  experience = 0,
  minLevel = 1,
): TaskRow => ({
  code,
  kind,
  action,
  target,
  reward_gold: gold,
  reward_diamonds: diamonds,
  reward_experience: experience,
  min_level: minLevel,
});

export const TASK_CATALOG: TaskRow[] = [
  task('daily_login', 'daily', 'login', 1, 5, 0, 5),
  task('daily_post', 'daily', 'post', 1, 20, 0, 10),
  task('daily_comment', 'daily', 'comment', 3, 10, 0, 5),
  task('daily_like', 'daily', 'like', 5, 10),
  task('daily_share', 'daily', 'share', 1, 10),
  task('daily_online', 'daily', 'online_minutes', 10, 10, 1),
  task('daily_bet', 'daily', 'bet', 1, 20, 0, 0, 30),
  task('newbie_avatar', 'newbie', 'avatar', 1, 30, 1, 10),
  task('newbie_first_post', 'newbie', 'post', 1, 50, 2, 20),
  task('newbie_first_comment', 'newbie', 'comment', 1, 20, 0, 10),
  task('newbie_follow', 'newbie', 'follow', 3, 30, 1, 10),
  task('newbie_like', 'newbie', 'like', 1, 10, 0, 5),
  task('newbie_share', 'newbie', 'share', 1, 20, 0, 5),
];

interface AchievementRow {
  code: string;
  metric: string;
  icon: string;
  tiers: Array<{ threshold: number; gold: number; diamonds: number }>;
}

const tiers = (...t: Array<[threshold: number, gold: number, diamonds: number]>) =>
  t.map(([threshold, gold, diamonds]) => ({ threshold, gold, diamonds }));

export const ACHIEVEMENT_CATALOG: AchievementRow[] = [
  { code: 'writer', metric: 'posts', icon: '✍️', tiers: tiers([1, 10, 0], [10, 50, 1], [100, 200, 5]) },
  {
    code: 'commenter',
    metric: 'comments',
    icon: '💬',
    tiers: tiers([10, 20, 0], [100, 80, 2], [1000, 300, 10]),
  },
  {
    code: 'liked',
    metric: 'likes_received',
    icon: '❤️',
    tiers: tiers([10, 20, 0], [100, 80, 2], [1000, 300, 10]),
  },
  {
    code: 'popular',
    metric: 'followers',
    icon: '⭐',
    tiers: tiers([10, 30, 1], [100, 100, 3], [1000, 400, 12]),
  },
  {
    code: 'regular',
    metric: 'checkin_days',
    icon: '📅',
    tiers: tiers([7, 30, 1], [30, 100, 3], [100, 300, 10]),
  },
  { code: 'lucky', metric: 'bets_won', icon: '🍀', tiers: tiers([1, 20, 0], [10, 100, 3], [50, 400, 10]) },
  { code: 'climber', metric: 'level', icon: '🏔️', tiers: tiers([5, 20, 1], [21, 100, 3], [30, 200, 5]) },
];

/** Inserts whatever part of the catalog is missing; existing rows (operator changes) stay. */
export async function installEconomyCatalog(db: Kysely<DB>, now: number): Promise<void> {
  await db
    .insertInto('props')
    .values(PROP_CATALOG.map((p, i) => ({ ...p, position: i, created_at: now })))
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
  await db
    .insertInto('tasks')
    .values(TASK_CATALOG.map((t, i) => ({ ...t, position: i, created_at: now })))
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
  await db
    .insertInto('achievements')
    .values(
      ACHIEVEMENT_CATALOG.map((a, i) => ({
        code: a.code,
        metric: a.metric,
        icon: a.icon,
        tiers: JSON.stringify(a.tiers),
        position: i,
        created_at: now,
      })),
    )
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
}

export const seedEconomyCatalog: Seeder = {
  name: 'economy-catalog',
  run: (db, { now }) => installEconomyCatalog(db, now),
};
