import type {
  ArchiveSlotRef,
  ArchiveUploadResult,
  LocalArchiveSlot,
  StartGameRequest,
} from '@pixelhall/contract/host';
import { md5 } from 'hash-wasm';
import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { createStore } from 'zustand/vanilla';
import { showFailToast, showInfoToast, showSuccessToast } from '../../core/feedback';
import { holdHeavyWork } from '../../core/heavy-work';
import { nextOverlayZIndex } from '../../core/overlay';
import { isStorageFull, storageFullText } from '../../core/storage-full';
import i18n from '../../i18n';
import { useEmulatorSettings } from '../../state/emulator-settings';
import { useSession } from '../../state/session';
import { deviceId } from '../archives-cloud/device-id';
import { hostDb } from '../store/db';
import { type ArchiveGame, getSlot, listArchives, putSlot } from './archive-store';
import { type AutoUploadDeps, queueAutoUpload } from './auto-upload';
import { batteryBeforeBoot, batteryChanged, readBattery, writeBattery } from './battery';
import { type EmulatorSession, preloadEmulator, startEmulator, wantsPad } from './emulator';
import { PlayerLayer } from './PlayerLayer';
import { readRom } from './rom';

/** How often the battery RAM is copied out while a game runs (also when the page hides, and on close). */
export const BATTERY_INTERVAL_MS = 30_000;
/** Width of a slot's screenshot. */
export const SLOT_IMAGE_WIDTH = 320;
/** How long the "not uploaded: newer save from another device" toast stays. */
const LONG_TOAST_MS = 6000;

export interface PlayerState {
  phase: 'loading' | 'running' | 'failed';
  error: string | null;
  slots: LocalArchiveSlot[];
  busy: boolean;
}

export interface PlayerControls {
  save(slot: number): Promise<void>;
  load(slot: number): Promise<void>;
  setVolume(volume: number): void;
  /** Back: leaves the game (through history, so the browser's back does the same). */
  close(): void;
}

export type PlayerStore = ReturnType<typeof createPlayerStore>;
const createPlayerStore = () =>
  createStore<PlayerState>(() => ({ phase: 'loading', error: null, slots: [], busy: false }));

const HISTORY_MARK = 'pixelhallPlayer';
const ELEMENT_ID = 'ph-emulator';

interface Running {
  game: ArchiveGame;
  closing: Promise<void> | null;
  teardown(): Promise<void>;
}

/** What the player needs of the rest of the host. */
export interface PlayerHost {
  /** The `archiveList` push: a game's local archive changed. */
  archiveListChanged(romMd5: string): void;
  /** The host's `archiveUpload`. */
  uploadSlot(ref: ArchiveSlotRef, overwrite: boolean): Promise<ArchiveUploadResult>;
}

/** The "upload saves automatically" setting, with the player's toasts. */
function autoUploadDeps(host: PlayerHost): AutoUploadDeps {
  return {
    enabled: () => useEmulatorSettings.getState().autoUpload,
    signedIn: () => !!useSession.getState().token,
    upload: host.uploadSlot,
    deviceId: () => deviceId(),
    notify(outcome, slot, reason) {
      if (outcome === 'uploaded') showSuccessToast(i18n.t('playerUi.auto_uploaded', { slot }));
      // Longer than the usual toast: it tells the member a save is not backed up, and where to act.
      else if (outcome === 'conflict')
        showInfoToast(i18n.t('playerUi.auto_upload_conflict', { slot }), LONG_TOAST_MS);
      else showFailToast(i18n.t('playerUi.auto_upload_failed', { slot, reason }));
    },
  };
}

let running: Running | null = null;
let starting: Promise<unknown> = Promise.resolve();

/** True while the layer has its own history entry (pushed when it opened). */
const ownsHistoryEntry = () => !!(window.history.state as Record<string, unknown> | null)?.[HISTORY_MARK];

/**
 * Plays one game in a full-screen layer above the app (outside the route tree). Resolves once the
 * game runs, and the slot is loaded when one was asked for. Only one game runs at a time: a new
 * one closes the one before (saving its battery RAM).
 */
export function playRom(request: StartGameRequest, host: PlayerHost): Promise<void> {
  // One start at a time (a double tap): each waits for the one before, then replaces it.
  const start = starting.then(() => startRom(request, host));
  starting = start.catch(() => undefined);
  return start;
}
async function startRom(request: StartGameRequest, playerHost: PlayerHost): Promise<void> {
  // From the tap until the game closes, background chores wait (core/heavy-work.ts).
  const heavy = holdHeavyWork();
  try {
    await runRom(request, playerHost, heavy);
  } catch (err) {
    heavy();
    throw err;
  }
}

async function runRom(request: StartGameRequest, playerHost: PlayerHost, heavy: () => void): Promise<void> {
  const pushArchiveList = playerHost.archiveListChanged;
  preloadEmulator(request.coreName);
  const rom = await readRom(request.romMd5);
  const db = await hostDb();
  const slot = request.slot === undefined ? undefined : await getSlot(db, request.romMd5, request.slot);
  if (request.slot !== undefined && !slot)
    throw new Error(i18n.t('playerUi.slot_missing', { slot: request.slot }));
  if (running) await close(running);

  const game: ArchiveGame = {
    romMd5: request.romMd5,
    gameId: request.gameId,
    gameName: request.gameName,
    coverImage: request.coverImage,
    emuName: request.emuName,
    coreName: request.coreName,
  };
  const settings = useEmulatorSettings.getState();
  const keepBattery = settings.keepBatterySaves;
  const kept = keepBattery ? await readBattery(db, game.romMd5) : null;
  let lastBattery = kept;

  const store = createPlayerStore();
  const refreshSlots = async () => {
    const [archive] = await listArchives(db, game.romMd5);
    store.setState({ slots: archive?.slots ?? [] });
  };

  let session: EmulatorSession | null = null;
  const saveBattery = async () => {
    if (!session || !keepBattery) return;
    const now = session.readBattery();
    if (!batteryChanged(lastBattery, now) || !now) return;
    lastBattery = now.slice();
    await writeBattery(db, game, lastBattery, Date.now());
    pushArchiveList(game.romMd5);
  };

  const controls: PlayerControls = {
    async save(n) {
      if (!session || store.getState().busy) return;
      store.setState({ busy: true });
      try {
        const state = session.getState();
        const [hash, image] = await Promise.all([md5(state), session.screenshot(SLOT_IMAGE_WIDTH)]);
        await putSlot(db, game, n, { state: new Blob([state.slice()]), md5: hash, image, time: Date.now() });
        pushArchiveList(game.romMd5);
        await refreshSlots();
        showSuccessToast(i18n.t('playerUi.saved', { slot: n }));
        // In the background: the game goes on while the slot uploads.
        void queueAutoUpload({ romMd5: game.romMd5, slot: n }, autoUploadDeps(playerHost));
      } catch (err) {
        // A core that cannot save states, or storage that is full: say so, keep playing.
        console.error('save state', err);
        showFailToast(isStorageFull(err) ? storageFullText() : i18n.t('playerUi.save_failed', { slot: n }));
      } finally {
        store.setState({ busy: false });
      }
    },
    async load(n) {
      const record = await getSlot(db, game.romMd5, n);
      if (!session || !record) return;
      session.loadState(new Uint8Array(await record.state.arrayBuffer()));
      showSuccessToast(i18n.t('playerUi.loaded', { slot: n }));
    },
    setVolume(volume) {
      useEmulatorSettings.getState().set({ volume });
      session?.setVolume(volume);
    },
    close() {
      if (ownsHistoryEntry()) window.history.back();
      else if (running) void close(running);
    },
  };

  // The layer: above the app's screens, below dialogs opened later and toasts.
  const host = document.createElement('div');
  host.className = 'ph-player-host';
  host.style.zIndex = String(nextOverlayZIndex());
  document.body.appendChild(host);
  const root: Root = createRoot(host);
  // Committed at once: EmulatorJS looks its element up by id as soon as it starts.
  flushSync(() =>
    root.render(createElement(PlayerLayer, { title: game.gameName, store, controls, elementId: ELEMENT_ID })),
  );
  if (!ownsHistoryEntry()) window.history.pushState({ ...window.history.state, [HISTORY_MARK]: true }, '');

  const onPopState = () => {
    if (!ownsHistoryEntry() && running === self) void close(self);
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') controls.close();
  };
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') void saveBattery();
  };
  window.addEventListener('popstate', onPopState);
  document.addEventListener('keydown', onKey);
  document.addEventListener('visibilitychange', onVisibility);
  let timer: number | undefined;

  const self: Running = {
    game,
    closing: null,
    async teardown() {
      window.removeEventListener('popstate', onPopState);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('visibilitychange', onVisibility);
      window.clearInterval(timer);
      try {
        await saveBattery();
      } finally {
        session?.exit();
        session = null;
        root.unmount();
        host.remove();
        heavy();
      }
    },
  };
  running = self;

  try {
    const coarse = window.matchMedia('(pointer: coarse)').matches || navigator.maxTouchPoints > 0;
    session = await startEmulator({
      elementId: ELEMENT_ID,
      system: game.emuName,
      core: game.coreName,
      rom,
      volume: settings.volume,
      showPad: wantsPad(settings.virtualPad, coarse),
      locale: i18n.language,
      beforeBoot(fs, path) {
        const plan = batteryBeforeBoot(keepBattery, kept);
        if (plan.action === 'write') fs.writeFile(path, plan.data);
        else if (fs.analyzePath(path).exists) fs.unlink(path);
      },
    });
    if (slot) {
      // As EmulatorJS does with its own start state: a moment after the core's first frame.
      await new Promise((resolve) => setTimeout(resolve, 10));
      session.loadState(new Uint8Array(await slot.state.arrayBuffer()));
    }
    store.setState({ phase: 'running' });
    timer = window.setInterval(() => void saveBattery(), BATTERY_INTERVAL_MS);
    void refreshSlots();
  } catch (err) {
    // The caller shows the error (the bridge's toast); the layer goes away.
    store.setState({ phase: 'failed', error: err instanceof Error ? err.message : String(err) });
    controls.close();
    throw err;
  }
}

function close(target: Running): Promise<void> {
  target.closing ??= target.teardown().finally(() => {
    if (running === target) running = null;
  });
  return target.closing;
}
