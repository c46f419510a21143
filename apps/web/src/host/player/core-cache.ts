import { unzipSync } from 'fflate';

/**
 * What a start of EmulatorJS 4.2.3 redoes every time, kept for the page instead: the core
 * archive it downloads, the files unpacked from it, and the WebAssembly module compiled from
 * them. A second Play of any game on the same core reuses all three.
 */

/** A record of EmulatorJS's core cache (data/src/storage.js): the archive and its build date. */
interface CoreRecord {
  version: unknown;
  data: ArrayBuffer;
}

type CoreFiles = Record<string, Uint8Array>;

/** The parts of EmulatorJS's prototype this patches (data/src/emulator.js). */
export interface EjsPrototype {
  checkCompression(data: Uint8Array, message?: string, onFile?: unknown): Promise<CoreFiles>;
  initGameCore(js: Uint8Array, wasm: Uint8Array, thread: unknown): void;
  initModule(wasm: Uint8Array, thread: unknown): void;
  downloadFile(path: string, progress: unknown, notWithPath: boolean, opts: unknown): Promise<unknown>;
  startGameError(message: string): void;
  localization(text: string): string;
}

type EjsRuntime = (config: Record<string, unknown>) => Promise<unknown>;

declare global {
  interface Window {
    EJS_Runtime?: EjsRuntime;
  }
}

const archives = new Map<string, CoreRecord>();
const loading = new Map<string, Promise<CoreRecord | undefined>>();
/** The cores' build reports, by the path EmulatorJS asks for below its data path. */
const reports = new Map<string, Promise<{ buildStart?: unknown }>>();

/**
 * The file EmulatorJS asks for: the legacy build, since the cores' build reports set no
 * `defaultWebGL2` and the app offers no switch (apps/web/build/emulatorjs.ts ships it stored).
 */
export const coreFileName = (core: string) => `${core}-legacy-wasm.data`;
const reportFileName = (core: string) => `cores/reports/${core}.json`;

/**
 * Starts downloading a core and its build report, as EmulatorJS would once its own script has
 * loaded: a Play fetches them alongside the script, the ROM and the save instead of after them.
 * A failure is forgotten: EmulatorJS then downloads the core itself and says what went wrong.
 */
export function prefetchCore(base: string, core: string): void {
  const key = coreFileName(core);
  if (archives.has(key) || loading.has(key)) return;
  const ok = (res: Response) => (res.ok ? res : Promise.reject(new Error(`${res.status} ${res.url}`)));
  const reportPath = reportFileName(core);
  const report = fetch(`${base}${reportPath}`)
    .then(ok)
    .then((res) => res.json() as Promise<{ buildStart?: unknown }>);
  reports.set(reportPath, report);
  report.catch(() => reports.delete(reportPath));
  const record = Promise.all([
    report,
    fetch(`${base}cores/${key}`)
      .then(ok)
      .then((res) => res.arrayBuffer()),
  ]).then(
    ([report, data]) => {
      const kept = { version: report.buildStart, data };
      archives.set(key, kept);
      return kept;
    },
    (err: unknown) => {
      console.warn('Prefetching the emulator core failed', err);
      return undefined;
    },
  );
  loading.set(key, record);
  void record.finally(() => loading.delete(key));
}

/**
 * EmulatorJS's core cache, in memory for the page. The app turns EmulatorJS's databases off
 * (`disableDatabases`: it keeps its own saves), which leaves a cache that forgets; this one hands
 * a second start the very archive the first one downloaded, so the unpacked files below match
 * it by identity. Between visits the HTTP cache and the service worker keep the archive. EmulatorJS
 * checks a record's version against the core's build report, as with its own database.
 */
export const pageCoreStore = {
  get: async (key: string): Promise<CoreRecord | undefined> => archives.get(key) ?? loading.get(key),
  put: async (key: string, record: CoreRecord): Promise<void> => {
    archives.set(key, record);
  },
};

const unpacked = new WeakMap<ArrayBuffer, Promise<CoreFiles>>();
const compiled = new WeakMap<Uint8Array, Promise<WebAssembly.Module>>();
const runtimes = new WeakMap<Uint8Array, EjsRuntime>();

/**
 * The files of a stored zip (the build repacks the cores that way: apps/web/build/stored-core.ts),
 * sliced on the spot; null for anything else (another archive, or a zip that deflates), which
 * EmulatorJS's own worker unpacks.
 */
export function storedZipFiles(data: Uint8Array): CoreFiles | null {
  if (data[0] !== 0x50 || data[1] !== 0x4b || data[2] !== 0x03 || data[3] !== 0x04) return null;
  let stored = true;
  try {
    // A first pass reads the directory only: every entry must be stored (method 0).
    unzipSync(data, {
      filter: (entry) => {
        stored &&= entry.compression === 0;
        return false;
      },
    });
    return stored ? unzipSync(data) : null;
  } catch {
    return null;
  }
}

/** Installs the page's caches into EmulatorJS (once, when its script has loaded). */
export function keepCores(proto: EjsPrototype): void {
  const downloadFile = proto.downloadFile;
  // Every start asks the server for the core's build report again (to check its cached core):
  // the one Play prefetched answers instead, as EmulatorJS's download would (its JSON parsed).
  proto.downloadFile = function (path, progress, notWithPath, opts) {
    const report = notWithPath ? undefined : reports.get(path);
    if (!report) return downloadFile.call(this, path, progress, notWithPath, opts);
    return report.then(
      (data) => ({ headers: {}, data: structuredClone(data) }),
      () => downloadFile.call(this, path, progress, notWithPath, opts),
    );
  };

  const checkCompression = proto.checkCompression;
  // EmulatorJS unpacks the core (and a BIOS or patch) in a worker on every start. A stored zip
  // is only sliced apart, here, once per archive: the second start gets the same files back.
  proto.checkCompression = function (data, message, onFile) {
    // With `onFile` it streams a ROM archive's files to the emulator: left to EmulatorJS.
    if (onFile) return checkCompression.call(this, data, message, onFile);
    const known = unpacked.get(data.buffer as ArrayBuffer);
    if (known) return known;
    const files = storedZipFiles(data);
    const result = files ? Promise.resolve(files) : checkCompression.call(this, data, message, onFile);
    unpacked.set(data.buffer as ArrayBuffer, result);
    return result;
  };

  // EmulatorJS runs the core's Emscripten script (280 kB for fceumm) on every start, for the
  // `EJS_Runtime` factory it defines; the factory makes a fresh module on each call, so the one
  // from the first start serves the next ones, without parsing the script again.
  proto.initGameCore = function (js, wasm, thread) {
    const known = runtimes.get(js);
    if (known) {
      window.EJS_Runtime = known;
      this.initModule(wasm, thread);
      return;
    }
    const script = document.createElement('script');
    script.src = URL.createObjectURL(
      new Blob([js as Uint8Array<ArrayBuffer>], { type: 'application/javascript' }),
    );
    script.addEventListener('load', () => {
      URL.revokeObjectURL(script.src);
      if (typeof window.EJS_Runtime === 'function') runtimes.set(js, window.EJS_Runtime);
      this.initModule(wasm, thread);
    });
    document.body.appendChild(script);
  };

  const initModule = proto.initModule;
  // The core's Emscripten runtime compiles its WebAssembly on every start; given
  // `instantiateWasm` it instantiates what it is handed instead: the module compiled once.
  proto.initModule = function (wasm, thread) {
    const runtime = window.EJS_Runtime;
    if (typeof runtime !== 'function') return initModule.call(this, wasm, thread);
    window.EJS_Runtime = (config) => {
      config.instantiateWasm = (
        imports: WebAssembly.Imports,
        receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void,
      ) => {
        moduleOf(wasm)
          .then(async (module) => receive(await WebAssembly.instantiate(module, imports), module))
          .catch((err: unknown) => {
            console.warn('Compiling the emulator core failed', err);
            this.startGameError(this.localization('Failed to start game'));
          });
        // Emscripten's contract: the exports come later, through `receive`.
        return {};
      };
      return runtime(config);
    };
    try {
      initModule.call(this, wasm, thread);
    } finally {
      window.EJS_Runtime = runtime;
    }
  };
}

function moduleOf(wasm: Uint8Array): Promise<WebAssembly.Module> {
  let module = compiled.get(wasm);
  if (!module) {
    module = WebAssembly.compile(wasm as Uint8Array<ArrayBuffer>);
    // A failed compile is not kept: the next start tries again.
    module.catch(() => compiled.delete(wasm));
    compiled.set(wasm, module);
  }
  return module;
}
