import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { emulatorjs } from './build/emulatorjs';
import { precompress } from './build/precompress';

const server = process.env.PIXELHALL_DEV_SERVER ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), emulatorjs(), precompress()],
  server: {
    port: 5173,
    // `npm run dev`: the API runs beside Vite; the app calls the same origin either way.
    proxy: { '/api': server, '/game-api': server, '/upload': server, '/healthz': server },
  },
  build: { target: 'es2022', outDir: 'dist', assetsDir: 'assets' },
});
