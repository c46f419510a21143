/**
 * EmulatorJS, loaded from our own server (`/emulator/`, copied there at build by
 * apps/web/build/emulatorjs.ts) the first time a game starts, and driven through a small session
 * object: the rest of the player never touches EmulatorJS's globals.
 */
import { type EjsPrototype, keepCores, pageCoreStore, prefetchCore } from './core-cache';
import { type OpenAl, prepareAudio, releaseAudio, withPageAudio } from './page-audio';

/** The parts of EmulatorJS 4.2.3's GameManager the player uses (data/src/GameManager.js). */
interface EjsGameManager {
  FS: {
    writeFile(path: string, data: Uint8Array): void;
    unlink(path: string): void;
    analyzePath(path: string): { exists: boolean };
  };
  getState(): Uint8Array;
  loadState(state: Uint8Array): void;
  getSaveFilePath(): string;
  getSaveFile(save?: boolean): Uint8Array | null;
  loadSaveFiles(): void;
  getVideoDimensions(type: 'aspect' | 'width' | 'height'): number | undefined;
}

/** The part of Emscripten's FS that mounting the save folder uses. */
interface EmscriptenFs {
  filesystems: { MEMFS: unknown };
  mount(type: unknown, options: object, mountpoint: string): void;
}

interface EjsInstance {
  on(event: string, fn: (data?: unknown) => void): void;
  callEvent(event: string, data?: unknown): number;
  startGameError(message: string): void;
  startGame(): void;
  Module?: { AL?: OpenAl };
  /** EmulatorJS's gamepad poller (data/src/gamepad.js): a 10 ms timer until terminated. */
  gamepad?: { terminate(): void };
  setVolume(volume: number): void;
  gameManager?: EjsGameManager;
  canvas: HTMLCanvasElement;
  virtualGamepad?: HTMLElement;
  touch: boolean;
  started: boolean;
  menu?: { close(): void };
  saveFileExt?: string | false;
  storage: { core: typeof pageCoreStore };
}

type EjsConstructor = new (element: string, config: Record<string, unknown>) => EjsInstance;

declare global {
  interface Window {
    EmulatorJS?: EjsConstructor & {
      prototype: EjsPrototype & { checkForUpdates(): void; getCores(): Record<string, string[]> };
    };
    EJS_GameManager?: {
      prototype: { getRetroArchCfg(): string; mountFileSystems(): Promise<void> };
    };
  }
}

export const EMULATOR_BASE = `${import.meta.env.BASE_URL}emulator/`;

let loading: Promise<EjsConstructor> | null = null;

/** Loads EmulatorJS's script and stylesheet once. */
export function loadEmulatorJs(doc: Document = document): Promise<EjsConstructor> {
  loading ??= new Promise<EjsConstructor>((resolve, reject) => {
    const style = doc.createElement('link');
    style.rel = 'stylesheet';
    style.href = `${EMULATOR_BASE}emulator.min.css`;
    doc.head.appendChild(style);
    const script = doc.createElement('script');
    script.src = `${EMULATOR_BASE}emulator.min.js`;
    script.onload = () => {
      const ejs = window.EmulatorJS;
      if (!ejs) return reject(new Error('EmulatorJS did not load'));
      // On localhost it asks cdn.emulatorjs.org for a newer version: no outside hosts.
      ejs.prototype.checkForUpdates = () => undefined;
      keepCores(ejs.prototype);
      const manager = window.EJS_GameManager?.prototype;
      if (manager) {
        // RetroArch sorts save files into a folder per core (its library name, which the app does
        // not know before boot): keep them flat so the battery file can be put in place first.
        const retroArchCfg = manager.getRetroArchCfg;
        manager.getRetroArchCfg = function (this: unknown) {
          return `${retroArchCfg.call(this)}sort_savefiles_enable = false\nsort_savefiles_by_content_enable = false\n`;
        };
        // EmulatorJS mounts the save folder on IndexedDB and reads it all back before every boot
        // (170 ms of a warm start). The app keeps battery files in its own archive store and puts
        // the game's in place before boot (`beforeBoot`): a plain in-memory folder is enough, and
        // no second copy of a member's saves is left in EmulatorJS's database. A mount still, as
        // EmulatorJS unmounts the folder when the game ends.
        manager.mountFileSystems = function (this: { mkdir(path: string): void; FS: EmscriptenFs }) {
          this.mkdir('/data');
          this.mkdir('/data/saves');
          this.FS.mount(this.FS.filesystems.MEMFS, {}, '/data/saves');
          return Promise.resolve();
        };
      }
      resolve(ejs);
    };
    script.onerror = () => reject(new Error('EmulatorJS did not load'));
    doc.head.appendChild(script);
  }).catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}

/**
 * Starts loading what a game on `core` needs from the server (EmulatorJS's script, the core), to
 * run while the player reads the ROM and its save; `startEmulator` then finds it under way. The
 * page's audio context is made here too, in the Play tap.
 */
export function preloadEmulator(core: string): void {
  loadEmulatorJs().catch(() => undefined);
  prefetchCore(EMULATOR_BASE, core);
  prepareAudio();
}

// The languages the build wrote EmulatorJS's menu and pad labels in (build/emulatorjs-localization.ts,
// one file each, named by the app's locale); English needs none.
const EJS_LANGUAGES = new Set(['es-ES', 'ja-JP', 'ko-KR', 'pt-BR', 'pt-PT']);

/** EmulatorJS's labels in the reader's language: they load with its script, before the game. */
async function emulatorLanguage(locale: string): Promise<{ language?: string; langJson?: unknown }> {
  if (!EJS_LANGUAGES.has(locale)) return {};
  try {
    const res = await fetch(`${EMULATOR_BASE}localization/${locale}.json`);
    return res.ok ? { language: locale, langJson: await res.json() } : {};
  } catch {
    return {};
  }
}

export interface EmulatorOptions {
  /** The element EmulatorJS fills (found by this id). */
  elementId: string;
  /** The catalogue's emulator id for the game (an EmulatorJS system id). */
  system: string;
  core: string;
  /** The ROM, named `<romMd5>.<ext>` so that its battery file is the ROM's own. */
  rom: File;
  volume: number;
  showPad: boolean;
  locale: string;
  /**
   * Called with EmulatorJS's file system once its save folder is mounted and before the core
   * boots the ROM: the moment to put the battery file in place (or take a stale one away).
   */
  beforeBoot(fs: EjsGameManager['FS'], saveFilePath: string): void;
}

export interface EmulatorSession {
  getState(): Uint8Array;
  loadState(state: Uint8Array): void;
  /** The battery RAM as the core has it now (written to its file first), or null. */
  readBattery(): Uint8Array | null;
  /** The next drawn frame, scaled to `width` pixels wide. */
  screenshot(width: number): Promise<Blob | null>;
  setVolume(volume: number): void;
  canvas: HTMLCanvasElement;
  /** Stops the core (EmulatorJS writes its save files and aborts the module). */
  exit(): void;
}

/**
 * EmulatorJS's system for each core the app ships. EmulatorJS lays out the on-screen pad, the
 * controls menu and its per-system settings by system, and given a core name for `system` it takes
 * the first system that lists the core: genesis_plus_gx would play Mega Drive games with the
 * Master System's two-button pad. Each of these systems runs the core named here by default.
 */
const EJS_SYSTEMS: Record<string, string> = {
  fceumm: 'nes',
  snes9x: 'snes',
  gambatte: 'gb',
  mgba: 'gba',
  genesis_plus_gx: 'segaMD',
};

/** The `system` to hand EmulatorJS for `core` (a core it does not list here goes as it is). */
export function ejsSystem(core: string): string {
  return EJS_SYSTEMS[core] ?? core;
}

/**
 * The system a game boots as: the catalogue's emulator id (`emuName`, an EmulatorJS system id)
 * when EmulatorJS runs `core` for it (genesis_plus_gx serves the Master System and Game Gear as
 * well as the Mega Drive), else the core's own system. `systems` is EmulatorJS's `getCores()`.
 */
export function bootSystem(
  systems: Record<string, string[]> | undefined,
  emuName: string,
  core: string,
): string {
  return systems?.[emuName]?.includes(core) ? emuName : ejsSystem(core);
}

/** Whether the on-screen pad shows: the member's choice, `auto` meaning on touch screens. */
export function wantsPad(setting: 'auto' | 'on' | 'off', touchScreen: boolean): boolean {
  return setting === 'on' || (setting === 'auto' && touchScreen);
}

/** The path RetroArch writes a ROM's battery save to: the save folder, the ROM's base name. */
export function saveFilePathFor(romFileName: string, saveExt: string | false | undefined): string {
  const base = romFileName.includes('.') ? romFileName.slice(0, romFileName.lastIndexOf('.')) : romFileName;
  return `/data/saves/${base}.${saveExt || 'srm'}`;
}

/** Starts a game; resolves once its first frame runs, rejects when EmulatorJS gives up. */
export async function startEmulator(options: EmulatorOptions): Promise<EmulatorSession> {
  const [EmulatorJS, lang] = await Promise.all([loadEmulatorJs(), emulatorLanguage(options.locale)]);
  return new Promise<EmulatorSession>((resolve, reject) => {
    const emu = new EmulatorJS(`#${options.elementId}`, {
      gameUrl: options.rom,
      dataPath: EMULATOR_BASE,
      system: bootSystem(window.EmulatorJS?.prototype.getCores(), options.system, options.core),
      startOnLoad: true,
      volume: options.volume,
      threads: false,
      // The app keeps its own settings and saves; EmulatorJS's caches would hold second copies.
      disableDatabases: true,
      disableLocalStorage: true,
      // EmulatorJS shows its pad by the browser's user agent; the member's setting decides here.
      defaultOptions: { 'virtual-gamepad': options.showPad ? 'enabled' : 'disabled' },
      color: '#7c5cff',
      backgroundColor: '#000000',
      // Our top bar saves, loads and leaves: EmulatorJS's in-memory slots and exit would confuse.
      buttonOpts: {
        saveState: false,
        loadState: false,
        saveSavFiles: false,
        loadSavFiles: false,
        cacheManager: false,
        netplay: false,
        exitEmulation: false,
        quickSave: false,
        quickLoad: false,
        screenRecord: false,
      },
      ...lang,
    });
    // The start button is "pressed" in the constructor; this decides the pad before boot. The
    // core cache is read once the core's build report has arrived, so it can be swapped still.
    emu.touch = options.showPad;
    emu.storage.core = pageCoreStore;
    const boot = emu.startGame.bind(emu);
    emu.startGame = () => withPageAudio(boot);
    const fail = emu.startGameError.bind(emu);
    emu.startGameError = (message: string) => {
      fail(message);
      reject(new Error(message));
    };
    let predicted: string | null = null;
    emu.on('saveDatabaseLoaded', () => {
      const gm = emu.gameManager;
      predicted = saveFilePathFor(options.rom.name, emu.saveFileExt);
      if (gm) options.beforeBoot(gm.FS, predicted);
    });
    emu.on('start', () => {
      const gm = emu.gameManager;
      if (!gm) return reject(new Error('EmulatorJS started without a game manager'));
      const actual = gm.getSaveFilePath();
      if (actual && actual !== predicted) {
        // A core that names its save file otherwise: put it in place now and have it re-read.
        options.beforeBoot(gm.FS, actual);
        gm.loadSaveFiles();
      }
      const pad = emu.virtualGamepad;
      const placePad = () => {
        if (pad) pad.style.display = options.showPad ? '' : 'none';
      };
      placePad();
      // EmulatorJS measures a hidden pad by showing it for 250 ms and hiding it again; a game that
      // starts inside that window (a second game, its core cached, boots that fast) lost its pad.
      const padSettled = setTimeout(placePad, 300);
      // EmulatorJS opens its menu bar over the pad at start; on a phone the pad comes first.
      if (options.showPad) emu.menu?.close();
      resolve({
        canvas: emu.canvas,
        getState: () => gm.getState(),
        loadState: (state) => gm.loadState(state),
        readBattery: () => gm.getSaveFile(),
        screenshot: (width) => captureFrame(emu.canvas, gm.getVideoDimensions('aspect') || 4 / 3, width),
        setVolume: (volume) => emu.setVolume(volume),
        exit: () => {
          clearTimeout(padSettled);
          if (emu.started) emu.callEvent('exit');
          // EmulatorJS's exit stops the core but leaves these running after the game.
          emu.gamepad?.terminate();
          releaseAudio(emu.Module?.AL);
        },
      });
    });
  });
}

/**
 * Where the picture sits on the canvas: RetroArch fits it to the width and puts it at the top in
 * portrait (`video_top_portrait_viewport`), else fits it to the height, centred.
 */
export function pictureRect(
  canvas: { width: number; height: number },
  aspect: number,
): { x: number; y: number; width: number; height: number } {
  if (canvas.width / canvas.height < aspect) {
    return { x: 0, y: 0, width: canvas.width, height: Math.round(canvas.width / aspect) };
  }
  const width = Math.round(canvas.height * aspect);
  return { x: Math.round((canvas.width - width) / 2), y: 0, width, height: canvas.height };
}

/**
 * The game's picture as a small JPEG. A WebGL canvas is readable only in the frame it was drawn:
 * a frame asked for from here (a task) runs its callback after the emulator's own.
 */
function captureFrame(canvas: HTMLCanvasElement, aspect: number, width: number): Promise<Blob | null> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => {
      if (!canvas.width || !canvas.height) return resolve(null);
      const from = pictureRect(canvas, aspect);
      const out = document.createElement('canvas');
      out.width = width;
      out.height = Math.round(width / aspect);
      const ctx = out.getContext('2d');
      if (!ctx) return resolve(null);
      ctx.imageSmoothingEnabled = false;
      ctx.drawImage(canvas, from.x, from.y, from.width, from.height, 0, 0, out.width, out.height);
      out.toBlob(resolve, 'image/jpeg', 0.8);
    });
  });
}
