import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PluginOption } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { EMULATOR_CORES } from './emulatorjs';

const require = createRequire(import.meta.url);

/**
 * The runtime cache of `/emulator/`, named for what it holds: EmulatorJS's files keep their names
 * from one release to the next, so a new EmulatorJS, new cores or a new way of packing them (any
 * build script here, e.g. emulatorjs.ts and stored-core.ts) get a new cache, and the app drops the
 * old ones (shell/service-worker.ts). A change to an unrelated build script costs one re-download.
 */
export function emulatorCacheName(): string {
  const hash = createHash('sha256');
  for (const name of ['@emulatorjs/emulatorjs', ...EMULATOR_CORES.map((c) => `@emulatorjs/core-${c}`)])
    hash.update(`${name}@${require(`${name}/package.json`).version}\n`);
  const buildDir = dirname(fileURLToPath(import.meta.url));
  const scripts = readdirSync(buildDir, { withFileTypes: true }).filter((e) => e.isFile());
  for (const file of scripts.map((e) => e.name).sort()) hash.update(readFileSync(join(buildDir, file)));
  return `pixelhall-emulator-${hash.digest('hex').slice(0, 12)}`;
}

/** Visitors' copies of the first screen's public reads, refreshed on every use. */
export const PUBLIC_PAGES_CACHE = 'pixelhall-public-pages';

/**
 * The installable, offline app: the web app manifest and a Workbox service worker that
 * precaches the shell (index.html and the hashed bundles), keeps EmulatorJS and its cores once
 * fetched, and serves visitors the public first pages stale-while-revalidate. The app registers
 * it itself after the first screen (shell/service-worker.ts); a new build waits for the member's
 * go-ahead (`registerType: 'prompt'`).
 */
export function serviceWorker(emulatorCache: string): PluginOption {
  return VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    manifest: {
      id: '/',
      name: 'Pixelhall',
      short_name: 'Pixelhall',
      description: 'Pixelhall: the community for retro-game players.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: '#0e0f1a',
      background_color: '#0e0f1a',
      icons: [
        { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      // The shell; the .br/.gz twins and the emulator are not (the emulator is cached on first play).
      globPatterns: ['index.html', 'assets/*.{js,css}'],
      cleanupOutdatedCaches: true,
      navigateFallback: 'index.html',
      // The router lives in the hash: the one page is `/` (with a provider's `?code=` or `?theme=`).
      navigateFallbackAllowlist: [/^\/(\?.*)?$/],
      runtimeCaching: [
        {
          // Serialised into sw.js: the matchers cannot use anything from this module.
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/emulator/'),
          handler: 'CacheFirst',
          options: {
            cacheName: emulatorCache,
            // Five cores in two builds each, their reports, the runtime and its decompressors.
            expiration: { maxEntries: 40, purgeOnQuotaError: true },
            cacheableResponse: { statuses: [200] },
          },
        },
        {
          // Only a visitor's answer (no Authorization) is kept. A member's request matches no
          // route at all, so it goes to the network as if there were no service worker and
          // nothing a member reads is ever stored where someone else could be served it.
          urlPattern: ({ url, request, sameOrigin }) =>
            sameOrigin &&
            !request.headers.has('authorization') &&
            /^\/api\/(home\/posts|home\/feeds|topic\/category|banner\/lists|pop\/up|color\/lists|get\/options)$/.test(
              url.pathname,
            ),
          handler: 'StaleWhileRevalidate',
          options: {
            cacheName: PUBLIC_PAGES_CACHE,
            expiration: { maxEntries: 60, maxAgeSeconds: 7 * 24 * 3600 },
            cacheableResponse: { statuses: [200] },
            plugins: [
              {
                // The answers are in the request's language, which the URL does not say.
                cacheKeyWillBeUsed: async ({ request }) =>
                  `${request.url}#${request.headers.get('accept-language') ?? ''}`,
              },
            ],
          },
        },
      ],
    },
  });
}
