import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// One config for the client build and every vitest project. The API runs on its own port
// in development (PORT, default 8000); vite proxies /api to it so the client uses relative URLs.
const apiPort = process.env.PORT ?? '8000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 900,
  },
  worker: { format: 'es' },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/server/global-setup.ts'],
          // Server test files share their worker's modules: PGlite's WebAssembly start-up is
          // then paid once per worker, not once per file (each file still gets fresh
          // databases from tests/server/helpers.ts). About a third less CPU for the run.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
