import type { User } from '@pixelhall/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('./client', () => ({
  request: async () => ({ unread: 0, latest: null }),
  ApiError: class ApiError extends Error {},
}));

const storage = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (k: string) => storage.get(k) ?? null,
  setItem: (k: string, v: string) => storage.set(k, v),
  removeItem: (k: string) => storage.delete(k),
});

const { queryClient } = await import('./query-client');
const { QUERY_ROOTS } = await import('./queries/roots');
const { signIn, signOut } = await import('./session');

type Root = keyof typeof QUERY_ROOTS;
const roots = Object.keys(QUERY_ROOTS) as Root[];
const ada = { id: 1, nickname: 'Ada' } as User;

/** One cached answer under every root, and the roots still cached after `change`. */
function rootsKeptBy(change: () => void): Root[] {
  queryClient.clear();
  for (const root of roots) queryClient.setQueryData([root, 'cached'], 'answer');
  change();
  return roots.filter((root) => queryClient.getQueryData([root, 'cached']) !== undefined);
}

const shared = roots.filter((root) => QUERY_ROOTS[root] === 'shared');

beforeEach(() => queryClient.clear());

describe('what a session change keeps', () => {
  it('drops every member root on sign-in and keeps the shared ones', () => {
    expect(rootsKeptBy(() => signIn('token-1', ada, { tellHost: false }))).toEqual(shared);
    expect(shared).toEqual([
      'options',
      'modlog',
      'app-version',
      'auth',
      'third-party-notices',
      'localArchives',
    ]);
  });

  it('drops every member root on sign-out and expiry', () => {
    expect(rootsKeptBy(() => signOut('signed-out', { tellHost: false }))).toEqual(shared);
    expect(rootsKeptBy(() => signOut('expired', { tellHost: false }))).toEqual(shared);
  });

  it('drops an answer under a root no one declared, rather than show it to the next member', () => {
    // Not kebab-case: no feature the generator writes can ever declare it.
    const undeclared = ['Undeclared', 'mine'] as unknown as readonly [Root];
    queryClient.setQueryData(undeclared, 'the last member’s');
    signOut('signed-out', { tellHost: false });
    expect(queryClient.getQueryData(undeclared)).toBeUndefined();
  });

  it('types every query key by its root, so a new root must be declared', () => {
    // @ts-expect-error a root declared neither member nor shared in queries/roots.ts does not compile.
    queryClient.setQueryData(['Undeclared', 'list'], 'answer');
    queryClient.setQueryData(['posts', 'list'], 'answer');
    expect(queryClient.getQueryData(['posts', 'list'])).toBe('answer');
  });
});
