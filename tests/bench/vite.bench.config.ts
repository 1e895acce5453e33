// Builds the benchmark page (tests/bench/browser) on its own: it imports the real plate
// component and worker from src/, but is never part of the product's build.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Where the page is built to (ignored by git). */
export const benchOutDir = path.resolve(here, '../../.tmp/bench-browser');

export default defineConfig({
  root: path.join(here, 'browser'),
  base: './',
  plugins: [react()],
  logLevel: 'warn',
  worker: { format: 'es' },
  build: {
    outDir: benchOutDir,
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
    // the canvas page (index.html) and the screening tools' page (tools.html)
    rolldownOptions: {
      input: {
        index: path.join(here, 'browser/index.html'),
        tools: path.join(here, 'browser/tools.html'),
        campaign: path.join(here, 'browser/campaign.html'),
      },
    },
  },
  // Cross-origin isolated, so performance.now() ticks in 5 us steps instead of 100 us: a
  // step of the canvas lasts under 1 ms, and both sides of a ratio are read with one clock.
  preview: {
    host: '127.0.0.1',
    strictPort: true,
    headers: {
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Embedder-Policy': 'require-corp',
    },
  },
});
