import type { ImportedGame, ImportProgress, LocalGames } from '@pixelhall/contract/host';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The host's answers and pushes, as a native shell or the web host would give them.
const host = vi.hoisted(() => ({
  localGames: { list: [], total: 0, directory: null } as LocalGames,
  pushes: [] as ((p: ImportProgress) => void)[],
  calls: [] as unknown[],
}));
vi.mock('./host-calls', () => ({
  gameHost: {
    localGames: vi.fn(async () => host.localGames),
    importGames: vi.fn(async (request: unknown) => {
      host.calls.push(request);
      return { directoryName: 'ROMs', found: 1, imported: 1, matched: 0, duplicates: 0, cancelled: false };
    }),
    removeLocalGames: vi.fn(async ({ romMd5s }: { romMd5s: string[] }) => ({ removed: romMd5s.length })),
  },
  gameHostPushes: {
    onImportProgress: (listener: (p: ImportProgress) => void) => {
      host.pushes.push(listener);
      return () => undefined;
    },
  },
}));

const { forgetImported, importRoms, useImportedStore } = await import('./imported');

const game = (romMd5: string): ImportedGame => ({
  romMd5,
  romMd5Headerless: null,
  emuName: 'gb',
  coreName: 'gambatte',
  gameName: romMd5,
  coverImage: '/gb.webp',
  fileName: `${romMd5}.gb`,
  path: `${romMd5}.gb`,
  size: 32768,
  gameId: null,
  importedAt: 1,
  storage: 'handle',
});
const progress = (phase: ImportProgress['phase']): ImportProgress => ({
  phase,
  files: 1,
  totalFiles: 2,
  bytes: 10,
  totalBytes: 20,
  bytesPerSecond: 10,
  secondsLeft: 1,
  current: 'a.gb',
});
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('imported games store', () => {
  beforeEach(() => {
    host.localGames = { list: [game('a'), game('b')], total: 2, directory: null };
  });

  it('loads the list on an import, follows its progress and reloads when it ends', async () => {
    const result = importRoms('pick');
    expect(host.calls.at(-1)).toEqual({ action: 'pick' });
    await result;
    await settle();
    expect(useImportedStore.getState()).toMatchObject({ ready: true, progress: null });
    expect(useImportedStore.getState().list.map((g) => g.romMd5)).toEqual(['a', 'b']);

    for (const listener of host.pushes) listener(progress('hashing'));
    expect(useImportedStore.getState().progress?.phase).toBe('hashing');
    host.localGames = { list: [game('c'), game('a'), game('b')], total: 3, directory: null };
    for (const listener of host.pushes) listener(progress('done'));
    // Idle again: no progress, and the new game is in the list.
    expect(useImportedStore.getState().progress).toBeNull();
    await settle();
    expect(useImportedStore.getState().list.map((g) => g.romMd5)).toEqual(['c', 'a', 'b']);
  });

  it('drops forgotten games from the list', async () => {
    await importRoms('rescan');
    await settle();
    await forgetImported(['a']);
    expect(useImportedStore.getState().list.map((g) => g.romMd5)).toEqual(['b']);
  });
});
