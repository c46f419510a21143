/**
 * The first element (the root) of every query key, and whose answers are cached under it.
 * `member`: the answers depend on who is signed in (their own items, a liked or voted flag, what
 * their blacklist hides, an unlock), so every sign-in and sign-out drops them
 * (docs/product/accounts-and-sessions.md#session-transitions). `shared`: they read the same for
 * everyone and stay. Query keys are typed by this table, so a key under a root that is not here
 * fails to compile: a new root cannot be left out of the session's clearing by mistake.
 */
export const QUERY_ROOTS = {
  me: 'member',
  home: 'member',
  posts: 'member',
  news: 'member',
  topics: 'member',
  comments: 'member',
  users: 'member',
  search: 'member',
  tasks: 'member',
  levels: 'member',
  achievements: 'member',
  bets: 'member',
  wallet: 'member',
  props: 'member',
  archives: 'member',
  // Favourites, play history and is_collected are the member's; the catalogue refetches cheaply.
  games: 'member',
  options: 'shared',
  // The public moderation log reads the same for everyone (no moderator, no content).
  modlog: 'shared',
  'app-version': 'shared',
  auth: 'shared',
  'third-party-notices': 'shared',
  // The save slots on this device, whoever is signed in.
  localArchives: 'shared',
} as const satisfies Record<string, 'member' | 'shared'>;

export type QueryRoot = keyof typeof QUERY_ROOTS;

declare module '@tanstack/react-query' {
  interface Register {
    queryKey: readonly [QueryRoot, ...ReadonlyArray<unknown>];
  }
}

/** Whether a cached answer is the signed-in member's: anything not declared shared counts as theirs. */
export function isMemberQuery(queryKey: readonly unknown[]): boolean {
  return QUERY_ROOTS[queryKey[0] as QueryRoot] !== 'shared';
}
