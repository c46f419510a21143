import type { ImportGamesResult } from '@pixelhall/contract/host';
import { holdHeavyWork } from '../../core/heavy-work';
import i18n from '../../i18n';
import type { HostWiring } from '../web-games';
import { canRead } from './fs-access';
import { type PickedDirectory, pickDirectory, requireChoice } from './picker';

/** The import under way, if any: one at a time (two would hash the same files twice). */
let running: {
  controller: AbortController;
  done: Promise<ImportGamesResult>;
  /** Still waiting for the member to choose. */
  picking: boolean;
} | null = null;

const nothing = (cancelled: boolean): ImportGamesResult => ({
  directoryName: '',
  found: 0,
  imported: 0,
  matched: 0,
  duplicates: 0,
  cancelled,
});

/**
 * The ROM import calls of the web host (importGames, getLocalGames, removeLocalGames: docs/product/games-library-and-player.md#rom-import).
 * Only the picker is here; scanning, hashing and storage load when an import starts.
 */
export function registerImport(wiring: HostWiring): void {
  wiring.handle('importGames', (request) => {
    const action = request?.action ?? 'pick';
    if (action === 'cancel') {
      running?.controller.abort();
      return running?.done ?? nothing(true);
    }
    // A picker still open is given up for the new one: browsers whose file input sends no
    // `cancel` event would otherwise leave it pending for good.
    if (running?.picking) running.controller.abort();
    else if (running) throw new Error(i18n.t('importUi.already_running'));
    // Synchronously, still inside the member's tap: the browser opens a picker only then.
    const picked = action === 'pick' ? pickDirectory() : rememberedDirectory();
    return start(picked, wiring);
  });
  wiring.handle('getLocalGames', async (request) => {
    const [{ localGames }, { rematchPending }] = await Promise.all([
      import('./library'),
      import('./rematch-pending'),
    ]);
    // Games an import could not match (offline) get their names before the list answers.
    await rematchPending();
    return localGames(request ?? {});
  });
  wiring.handle('removeLocalGames', async ({ romMd5s }) => {
    const { removeLocalGames } = await import('./library');
    return removeLocalGames(romMd5s);
  });
}

function start(picked: Promise<PickedDirectory | null>, wiring: HostWiring): Promise<ImportGamesResult> {
  const controller = new AbortController();
  const abandoned = new Promise<null>((resolve) =>
    controller.signal.addEventListener('abort', () => resolve(null), { once: true }),
  );
  const done = (async () => {
    const source = requireChoice(await Promise.race([picked, abandoned]));
    if (running?.controller === controller) running.picking = false;
    if (!source) return nothing(true);
    const heavy = holdHeavyWork();
    try {
      const { runImport } = await import('./run-import');
      return await runImport(source, wiring.push, controller.signal);
    } finally {
      heavy();
    }
  })().finally(() => {
    if (running?.controller === controller) running = null;
  });
  running = { controller, done, picking: true };
  return done;
}

/** `rescan`: the directory picked last time, once the browser lets the page read it again. */
async function rememberedDirectory(): Promise<PickedDirectory> {
  const [{ hostDb }, { rememberedDirectory: remembered }] = await Promise.all([
    import('../store/db'),
    import('./directory'),
  ]);
  const dir = await remembered(await hostDb());
  if (!dir?.handle) throw new Error(i18n.t('importUi.no_directory'));
  if (!(await canRead(dir.handle, { request: true }))) throw new Error(i18n.t('importUi.choose_again'));
  return { kind: 'handle', handle: dir.handle };
}
