/// <reference types="vitest/config" />

import { availableParallelism } from 'node:os';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API (and the dev-only mail outbox and local checkout under /dev) run on port 3000; in development the
// SPA is served by Vite and forwards those paths, so the browser only ever talks to one origin.
const API_ORIGIN = 'http://localhost:3000';

// The public address of the site, for canonical URLs, Open Graph and the sitemap; the server's own setting.
const SITE_ORIGIN = (process.env.PUBLIC_URL || 'http://localhost:3000').replace(/\/+$/, '');

/** Node.js 25 and later have a localStorage of their own, which hides jsdom's from the tests: turned off. */
const NODE_WEBSTORAGE_OFF =
  Number(process.versions.node.split('.')[0]) >= 25 ? ['--no-experimental-webstorage'] : [];

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  define: { __SITE_ORIGIN__: JSON.stringify(SITE_ORIGIN) },
  server: {
    proxy: {
      '/api': { target: API_ORIGIN, changeOrigin: false },
      // A regular expression so that only /dev and /dev/… are forwarded, not any path starting with "dev".
      '^/dev(/|$)': { target: API_ORIGIN, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // The prerender step reads it to preload each page's route chunks, then removes it.
    manifest: !isSsrBuild,
    // One stylesheet for the whole app: a prerendered page is styled before any route code has loaded.
    cssCodeSplit: false,
    rolldownOptions: isSsrBuild
      ? undefined
      : {
          // A feature's index.ts only re-exports what other features use (ARCHITECTURE.md, "Layers and
          // imports"): without side effects of its own, importing one part of it does not pull the rest
          // of the feature into the importing page's chunk.
          treeshake: {
            moduleSideEffects: [
              { test: /[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/, sideEffects: false },
            ],
          },
          output: {
            // Libraries change less often than our code: separate chunks stay cached across deploys.
            codeSplitting: {
              groups: [
                { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
                { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
                // Forms validate with zod (through @cuadra/shared); a chunk of its own keeps it off pages
                // without forms, such as the landing page, instead of riding in the shared vendor chunk.
                { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
                { name: 'vendor', test: /node_modules[\\/]/ },
              ],
            },
          },
        },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    execArgv: NODE_WEBSTORAGE_OFF,
    restoreMocks: true,
    // Every core: Vitest's default (one fewer) runs a single file at a time on a two-core machine.
    maxWorkers: availableParallelism(),
    // A test's first render of a lazy route compiles its modules: seconds on a busy two-core machine.
    testTimeout: 20_000,
  },
}));
