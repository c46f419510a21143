import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { minify, type Plugin } from 'vite';
import { EJS_SOURCE_FILES, emulatorTranslations, parseEjsTranslations } from './emulatorjs-localization';
import { storedCore } from './stored-core';

/** The cores the catalogue's emulators use (their `core_name`); each is its own npm package. */
export const EMULATOR_CORES = ['fceumm', 'snes9x', 'gambatte', 'mgba', 'genesis_plus_gx'] as const;

/** Where the app loads EmulatorJS from, below the site root. */
export const EMULATOR_DIR = 'emulator';

// EmulatorJS's loader.js reads these one by one from src/ when there is no minified build (the
// npm package ships none). socket.io is left out: it only serves netplay, which stays off.
const SOURCES = [
  'emulator.js',
  'nipplejs.js',
  'shaders.js',
  'storage.js',
  'gamepad.js',
  'GameManager.js',
  'compression.js',
];
const COMPRESSION = ['extract7z.js', 'extractzip.js', 'libunrar.js', 'libunrar.wasm'];

// Where repacked cores are kept between builds (repacking one takes seconds).
const CORE_CACHE = fileURLToPath(new URL('../node_modules/.cache/pixelhall-stored-cores', import.meta.url));

const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

/**
 * The files of `dist/emulator/`: EmulatorJS as one minified script plus its stylesheet, its
 * decompressors, its menu and pad labels in the app's five other languages
 * (`emulatorjs-localization.ts`), and for each core its WebGL2 and legacy builds with the
 * build report EmulatorJS checks (the legacy build repacked as a stored zip: `stored-core.ts`). EmulatorJS looks for `cores/<core>-wasm.data` and
 * `cores/reports/<core>.json` under its data path and otherwise goes to a CDN; with every file
 * here, play needs nothing but our server. Thread builds are left out: they need
 * SharedArrayBuffer (cross-origin isolation), which the app does not turn on.
 */
export async function emulatorFiles(): Promise<Map<string, Uint8Array | string>> {
  const data = join(packageDir('@emulatorjs/emulatorjs'), 'data');
  const files = new Map<string, Uint8Array | string>();
  const source = SOURCES.map((file) => readFileSync(join(data, 'src', file), 'utf8')).join('\n;\n');
  const { code, errors } = await minify('emulator.js', source, { compress: true, mangle: true });
  if (errors.length > 0) throw new Error(`minifying EmulatorJS failed: ${errors[0]?.message}`);
  files.set('emulator.min.js', code);
  files.set('emulator.min.css', readFileSync(join(data, 'emulator.css'), 'utf8'));
  for (const file of COMPRESSION)
    files.set(`compression/${file}`, readFileSync(join(data, 'compression', file)));
  for (const [locale, file] of Object.entries(EJS_SOURCE_FILES)) {
    const source = parseEjsTranslations(readFileSync(join(data, 'localization', file), 'utf8'));
    const labels = emulatorTranslations(locale as keyof typeof EJS_SOURCE_FILES, source);
    files.set(`localization/${locale}.json`, JSON.stringify(labels));
  }
  const extract7z = readFileSync(join(data, 'compression', 'extract7z.js'), 'utf8');
  for (const core of EMULATOR_CORES) {
    const dir = packageDir(`@emulatorjs/core-${core}`);
    files.set(`cores/${core}-wasm.data`, readFileSync(join(dir, `${core}-wasm.data`)));
    // The legacy build is the one EmulatorJS loads (its reports set no `defaultWebGL2`, and the
    // app offers no switch): stored, so a start slices it instead of unpacking 7-Zip.
    const legacy = `${core}-legacy-wasm.data`;
    const stored = storedCore(readFileSync(join(dir, legacy)), extract7z, CORE_CACHE);
    files.set(`cores/${legacy}`, stored.zip);
    files.set(`cores/${legacy}.br`, stored.br);
    files.set(`cores/${legacy}.gz`, stored.gz);
    files.set(`cores/reports/${core}.json`, readFileSync(join(dir, 'reports', `${core}.json`)));
  }
  return files;
}

const CONTENT_TYPES: Record<string, string> = {
  js: 'text/javascript',
  css: 'text/css',
  json: 'application/json',
  wasm: 'application/wasm',
};

/** Copies EmulatorJS and the cores into the build under `emulator/`, and serves them in `vite dev`. */
export function emulatorjs(): Plugin {
  let files: Promise<Map<string, Uint8Array | string>> | null = null;
  const load = () => {
    files ??= emulatorFiles();
    return files;
  };
  return {
    name: 'pixelhall-emulatorjs',
    configureServer(server) {
      server.middlewares.use(`/${EMULATOR_DIR}/`, (req, res, next) => {
        const path = decodeURIComponent((req.url ?? '').split('?')[0] ?? '').replace(/^\//, '');
        load()
          .then((all) => {
            const body = all.get(path);
            if (body === undefined) return next();
            res.setHeader(
              'content-type',
              CONTENT_TYPES[path.split('.').pop() ?? ''] ?? 'application/octet-stream',
            );
            res.end(body);
          })
          .catch(next);
      });
    },
    async generateBundle() {
      for (const [path, source] of await load()) {
        this.emitFile({ type: 'asset', fileName: `${EMULATOR_DIR}/${path}`, source });
      }
    },
  };
}
