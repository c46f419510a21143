import type { ImportedGame, ImportGamesResult, ImportProgress, LocalGames } from '@pixelhall/contract/host';
import { useEffect } from 'react';
import { create } from 'zustand';
import { gameHost, gameHostPushes } from './host-calls';

/**
 * The imported ROMs (docs/product/games-library-and-player.md#rom-import) and the ROM directory for every screen:
 * loaded from the host's `getLocalGames` on first use, refreshed when an import ends, and the
 * import's live progress from its `importProgress` pushes.
 */
interface ImportedState {
  list: ImportedGame[];
  directory: LocalGames['directory'];
  ready: boolean;
  /** Null when no import runs. */
  progress: ImportProgress | null;
}

export const useImportedStore = create<ImportedState>()(() => ({
  list: [],
  directory: null,
  ready: false,
  progress: null,
}));

const ENDED: ImportProgress['phase'][] = ['done', 'cancelled', 'failed'];

let loading: Promise<void> | null = null;
let subscribed = false;

/** Reads the whole list again (imports add many games at once; pages would only add calls). */
function reload(): Promise<void> {
  const next = gameHost.localGames({}).then(({ list, directory }) => {
    useImportedStore.setState({ list, directory, ready: true });
  });
  loading = next.catch((err) => {
    loading = null;
    throw err;
  });
  return loading;
}

function ensureLoaded(): Promise<void> {
  if (!subscribed) {
    subscribed = true;
    gameHostPushes.onImportProgress((progress) => {
      if (ENDED.includes(progress.phase)) {
        useImportedStore.setState({ progress: null });
        void reload().catch(() => undefined);
      } else {
        useImportedStore.setState({ progress });
      }
    });
  }
  return loading ?? reload();
}

function useLoaded(): void {
  useEffect(() => {
    ensureLoaded().catch(() => undefined);
  }, []);
}

/** The imported games, newest first, and the remembered ROM directory; live. */
export function useImportedGames(): Pick<ImportedState, 'list' | 'directory' | 'ready'> {
  useLoaded();
  const list = useImportedStore((s) => s.list);
  const directory = useImportedStore((s) => s.directory);
  const ready = useImportedStore((s) => s.ready);
  return { list, directory, ready };
}

/** The running import's progress; null when none runs. */
export function useImportProgress(): ImportProgress | null {
  useLoaded();
  return useImportedStore((s) => s.progress);
}

/**
 * Imports the ROM directory: `pick` asks for one (call it straight from a tap — the host opens
 * the picker synchronously and a browser allows that only during the tap), `rescan` scans the
 * remembered one again. Resolves with the import's counts; a cancelled picker resolves with
 * `cancelled: true`. A failure has been toasted by the bridge and rejects.
 */
export function importRoms(action: 'pick' | 'rescan'): Promise<ImportGamesResult> {
  if (!subscribed) void ensureLoaded().catch(() => undefined);
  const call = gameHost.importGames({ action });
  return call.finally(() => {
    useImportedStore.setState({ progress: null });
    void reload().catch(() => undefined);
  });
}

/** Stops the running import; what was hashed so far is kept. */
export function cancelImport(): Promise<ImportGamesResult> {
  return gameHost.importGames({ action: 'cancel' });
}

/** Forgets imported games (the member's files stay where they are). */
export async function forgetImported(romMd5s: string[]): Promise<void> {
  await gameHost.removeLocalGames({ romMd5s });
  const gone = new Set(romMd5s);
  useImportedStore.setState((s) => ({ list: s.list.filter((g) => !gone.has(g.romMd5)) }));
}
