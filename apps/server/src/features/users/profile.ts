import { gradeForLevel, type User } from '@pixelhall/contract';
import type { UserRow } from './repo';

/**
 * A user row as the contract shows it. E-mail addresses (proven and pending), balances and
 * sign-in details only go to the member themself (`self`), never to anyone else.
 */
export function toUser(row: UserRow, self?: { providers: string[] }): User {
  const profile: User = {
    id: Number(row.id),
    username: row.username,
    nickname: row.nickname,
    signature: row.signature,
    avatar: row.avatar,
    level: row.level,
    grade: gradeForLevel(row.level),
    created_at: row.created_at,
    is_tourist: row.is_tourist === 1,
    post_count: row.post_count,
    follower_count: row.follower_count,
    following_count: row.following_count,
  };
  if (!self) return profile;
  // Not `{ ...profile, email, … }`: keys after a spread cost microseconds each on Node 20
  // (docs/footguns.md), a tenth of a whole get/user.
  return Object.assign(profile, {
    email: row.email,
    pending_email: row.pending_email,
    gold: row.gold,
    diamonds: row.diamonds,
    has_password: row.password_hash !== null,
    providers: self.providers,
    deletion_due_at: row.deletion_due_at === null ? null : Number(row.deletion_due_at),
  });
}
