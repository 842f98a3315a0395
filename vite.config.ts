import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiPort = Number(process.env.API_PORT ?? 3001);

// react-router's package exports only its development build (dev warnings included); production bundles
// take its production build instead (bundle budget).
const reactRouterProduction = fileURLToPath(
  new URL('node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

export default defineConfig(({ command }) => ({
  root: 'web',
  publicDir: 'public',
  plugins: [react()],
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    // One chunk holds everything the first load runs (below): nothing to preload at start, and browsers
    // without modulepreload still load lazy chunks, only without their dependencies fetched in parallel.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything statically imported from main.tsx in one file. Left to itself the bundler made nine
          // files of it (3.7 kB more gzipped); a vendor and app split would cost 0.7 kB and three requests.
          groups: [
            { name: 'index', tags: ['$initial'] },
            // The form components every lazy form shares, as one file: the first chunk lists each lazy file
            // by name, and three names cost more than one.
            { name: 'form', test: /web\/components\/form\// },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/sim': `http://127.0.0.1:${apiPort}`,
      '/dev': `http://127.0.0.1:${apiPort}`,
    },
  },
}));
