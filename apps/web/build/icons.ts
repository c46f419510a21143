/**
 * Draws the install icons of the web app manifest from `public/favicon.svg`. The PNGs are
 * committed beside it, so a build needs no image library: run this again after changing the logo
 * (`npx tsx apps/web/build/icons.ts`).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');
const logo = readFileSync(join(publicDir, 'favicon.svg'));
/** The dark theme's background (`--ph-bg`), behind the maskable icon's safe zone. */
const BACKGROUND = '#0e0f1a';

// The logo is 16×16 pixel art: nearest-neighbour keeps its edges sharp at every size.
const render = (size: number) =>
  sharp(logo, { density: 72 * (size / 16) }).resize(size, size, { kernel: 'nearest' });

await render(192).png().toFile(join(publicDir, 'icon-192.png'));
await render(512).png().toFile(join(publicDir, 'icon-512.png'));
// iOS rounds the corners itself and paints transparent ones black: fill them with the logo's colour.
await render(180).flatten({ background: '#7c5cff' }).png().toFile(join(publicDir, 'apple-touch-icon.png'));
// A launcher may cut a maskable icon to any shape inside the middle 80 %; the logo sits in it.
const inner = 384;
await sharp({ create: { width: 512, height: 512, channels: 4, background: BACKGROUND } })
  .composite([{ input: await render(inner).png().toBuffer(), gravity: 'center' }])
  .png()
  .toFile(join(publicDir, 'icon-maskable-512.png'));
