/** A follow or unfollow as the server answered it (the `follow` app event carries the same). */
export interface FollowChange {
  userId: number;
  followed: boolean;
  /** The member's follower count after the change, when the answer had it. */
  followerCount?: number;
}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null;

/** A member in a list with the viewer's relation (`userCardSchema`), not a topic (which also has `followed`). */
function isUserCard(v: Json): boolean {
  return (
    typeof v.id === 'number' &&
    typeof v.nickname === 'string' &&
    typeof v.followed === 'boolean' &&
    typeof v.follows_you === 'boolean' &&
    typeof v.follower_count === 'number'
  );
}

/** A whole profile (`userSchema`), which carries counts but no relation. */
function isProfile(v: Json): boolean {
  return (
    typeof v.id === 'number' &&
    typeof v.username === 'string' &&
    typeof v.follower_count === 'number' &&
    typeof v.following_count === 'number'
  );
}

function changedCard(card: Json, change: FollowChange): Json {
  const was = card.followed as boolean;
  if (was === change.followed && change.followerCount === undefined) return card;
  const count = card.follower_count as number;
  const follower_count =
    change.followerCount ??
    (was === change.followed ? count : Math.max(0, count + (change.followed ? 1 : -1)));
  if (was === change.followed && follower_count === count) return card;
  return { ...card, followed: change.followed, follower_count };
}

/**
 * `value` (any cached answer) with every copy of the member brought up to date: user cards get
 * the new `followed` and follower count, profiles the follower count. Untouched branches keep
 * their identity, so React Query sees no change where there is none.
 */
export function applyFollow<T>(value: T, change: FollowChange): T {
  return walk(value, change) as T;
}

function walk(value: unknown, change: FollowChange): unknown {
  if (Array.isArray(value)) {
    let changed = false;
    const next = value.map((item) => {
      const after = walk(item, change);
      if (after !== item) changed = true;
      return after;
    });
    return changed ? next : value;
  }
  if (!isObject(value)) return value;
  let current: Json = value;
  if (value.id === change.userId) {
    if (isUserCard(value)) current = changedCard(value, change);
    else if (
      isProfile(value) &&
      change.followerCount !== undefined &&
      value.follower_count !== change.followerCount
    )
      current = { ...value, follower_count: change.followerCount };
  }
  let copy: Json | null = null;
  for (const [key, child] of Object.entries(current)) {
    if (!isObject(child)) continue;
    const after = walk(child, change);
    if (after === child) continue;
    copy ??= { ...current };
    copy[key] = after;
  }
  return copy ?? current;
}
