import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { catalogParts } from './build/catalog-parts';
import { emulatorjs } from './build/emulatorjs';
import { firstScreenChunks } from './build/first-screen-chunks';
import { precompress } from './build/precompress';
import { routeTablePlugin } from './build/route-table';
import { emulatorCacheName, serviceWorker } from './build/service-worker';
import { thirdPartyNoticesFile } from './build/third-party-notices';

const server = process.env.PIXELHALL_DEV_SERVER ?? 'http://127.0.0.1:8080';
const emulatorCache = emulatorCacheName();

export default defineConfig({
  // precompress stays last: it compresses the whole build, sw.js and the manifest included.
  plugins: [
    react(),
    routeTablePlugin(),
    catalogParts(),
    firstScreenChunks(),
    emulatorjs(),
    serviceWorker(emulatorCache),
    thirdPartyNoticesFile(),
    precompress(),
  ],
  define: { __EMULATOR_CACHE__: JSON.stringify(emulatorCache) },
  server: {
    port: 5173,
    // `npm run dev`: the API runs beside Vite; the app calls the same origin either way.
    proxy: { '/api': server, '/game-api': server, '/upload': server, '/healthz': server },
  },
  build: { target: 'es2022', outDir: 'dist', assetsDir: 'assets' },
});
