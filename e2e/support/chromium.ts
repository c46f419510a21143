/** Debian's Chromium; CHROMIUM_PATH points at another. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * How the journeys and the benchmarks start it: the new headless mode, no GPU (WebGL runs on
 * SwiftShader), and no traffic of its own (this machine's network is closed). Kept free of
 * vitest so the benchmarks can share it.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
