import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { hashPassword } from '../../features/accounts/passwords';
import { DEMO_MEMBERS, DEMO_PASSWORD } from '../demo-members';
import { EXISTING_LOOKS, MEMBERS } from './members';

const DAY = 86_400_000;

export interface People {
  /** Every demo member's id by username. */
  idOf(username: string): number;
  levelOf(username: string): number;
  usernames: string[];
  /** Members created here (not by demo-members): they get a welcome note. */
  created: Map<string, number>;
}

/**
 * The demo members with their avatars. The four from demo-members keep their rows (and any
 * avatar a person gave them); the others are created, signing in with the same demo password.
 * A username already taken is left as it is and its member takes part as found.
 */
export async function seedPeople(db: Kysely<DB>, avatars: Map<string, string>, now: number): Promise<People> {
  const hash = await hashPassword(DEMO_PASSWORD);
  const all = [
    ...DEMO_MEMBERS.map((m, i) => ({ ...m, joinedDaysAgo: (DEMO_MEMBERS.length - i) * 80 })),
    ...MEMBERS,
  ];
  const created = new Map<string, number>();
  for (const m of all) {
    const row = await db
      .insertInto('users')
      .values({
        username: m.username,
        email: `${m.username}@pixelhall.example`,
        nickname: m.nickname,
        signature: m.signature,
        level: m.level,
        avatar: avatars.get(m.username) ?? '',
        password_hash: hash,
        created_at: now - m.joinedDaysAgo * DAY,
        updated_at: now,
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row && !(m.username in EXISTING_LOOKS)) created.set(m.username, now - m.joinedDaysAgo * DAY);
  }
  for (const username of Object.keys(EXISTING_LOOKS))
    await db
      .updateTable('users')
      .set({ avatar: avatars.get(username) ?? '' })
      .where('username', '=', username)
      .where('avatar', '=', '')
      .execute();

  const usernames = all.map((m) => m.username);
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username', 'level'])
    .where((eb) => eb.fn('lower', ['username']), 'in', usernames)
    .execute();
  // User names are unique regardless of case: a taken name may differ in case only.
  const byName = new Map(rows.map((r) => [r.username.toLowerCase(), { id: Number(r.id), level: r.level }]));
  const get = (username: string) => {
    const found = byName.get(username);
    if (!found) throw new Error(`demo member ${username} is missing`);
    return found;
  };
  return {
    idOf: (username) => get(username).id,
    levelOf: (username) => get(username).level,
    usernames,
    created,
  };
}
