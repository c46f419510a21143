import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Below this a compressed answer saves less than its headers cost. */
export const PRECOMPRESS_MIN_BYTES = 1024;
// Text and WebAssembly shrink; pictures, fonts in woff2 and 7-Zip cores are compressed already
// (they are still tried: a file is kept compressed only when it comes out clearly smaller).
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|wasm|data|map)$/;
/** Brotli's best quality costs seconds a megabyte; big files get a quality that stays fast. */
const BIG_FILE_BYTES = 512 * 1024;

async function compressFile(file: string): Promise<number> {
  const source = readFileSync(file);
  const [br, gzipped] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: source.length > BIG_FILE_BYTES ? 9 : 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gz(source, { level: 9 }),
  ]);
  let saved = 0;
  // Serving a "compressed" file that is barely smaller only costs the phone decoding time.
  if (br.length < source.length * 0.9) {
    writeFileSync(`${file}.br`, br);
    saved = source.length - br.length;
  }
  if (gzipped.length < source.length * 0.9) writeFileSync(`${file}.gz`, gzipped);
  return saved;
}

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else yield path;
  }
}

/**
 * A file emitted with its compressed copies by this build (the stored emulator cores, compressed
 * once and cached by build/stored-core.ts) is not compressed again. A copy written before the
 * build started is a previous build's, left in an output folder that was not emptied: serving it
 * would send the old app.
 */
function compressedAlready(file: string, buildStarted: number): boolean {
  const brotli = `${file}.br`;
  return existsSync(brotli) && statSync(brotli).mtimeMs >= buildStarted;
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of the build, so the server
 * sends them as they are (`@fastify/static`'s `preCompressed`) to clients that accept them,
 * instead of compressing the same bytes on every request.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  let buildStarted = 0;
  return {
    name: 'pixelhall:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    buildStart() {
      buildStarted = Date.now();
    },
    // Other plugins write files in closeBundle too (the service worker): this one goes after them.
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = [...walk(outDir)].filter(
          (file) =>
            COMPRESSIBLE.test(file) &&
            statSync(file).size >= PRECOMPRESS_MIN_BYTES &&
            !compressedAlready(file, buildStarted),
        );
        const saved = await Promise.all(files.map(compressFile));
        const total = saved.reduce((a, b) => a + b, 0);
        this.info(`precompressed ${files.length} files (brotli saves ${(total / 1e6).toFixed(1)} MB)`);
      },
    },
  };
}
