import { hashPassword } from '../features/accounts/passwords';
import type { Seeder } from './index';

/** The demo world's members; they all sign in with DEMO_PASSWORD (see the README). */
export const DEMO_PASSWORD = 'pixelhall-demo';

/** Shared with demo-community, which gives them avatars and posts. */
export const DEMO_MEMBERS = [
  {
    username: 'pixelpat',
    nickname: 'Pixel Pat',
    signature: 'Chasing high scores since the 8-bit days.',
    level: 31,
  },
  {
    username: 'chipmaru',
    nickname: 'Chip Maru',
    signature: 'Chiptune maker. Save states are not cheating.',
    level: 22,
  },
  {
    username: 'retrorosa',
    nickname: 'Retro Rosa',
    signature: 'Collecting cartridges, one flea market at a time.',
    level: 8,
  },
  { username: 'bitbruno', nickname: 'Bit Bruno', signature: 'Speedrunning 16-bit platformers.', level: 3 },
];

export const seedDemoMembers: Seeder = {
  name: 'demo-members',
  async run(db, { now }) {
    const hash = await hashPassword(DEMO_PASSWORD);
    for (const [i, m] of DEMO_MEMBERS.entries()) {
      await db
        .insertInto('users')
        .values({
          username: m.username,
          email: `${m.username}@pixelhall.example`,
          nickname: m.nickname,
          signature: m.signature,
          level: m.level,
          password_hash: hash,
          // Joined over the past year, oldest first.
          created_at: now - (DEMO_MEMBERS.length - i) * 80 * 86_400_000,
          updated_at: now,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  },
};
