import { cpSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

// docs/operations.md#compiled-server: `npm run build` ends with this build, the server as plain JavaScript in
// dist/server (main.js starts it; app.js is the app without listening, which the browser tests run; admin.js
// and db-copy.js are `npm run admin` and `npm run db:copy` compiled; image-renderer.js is the process the shop
// renders uploaded pictures in). Packages
// stay in node_modules (an SSR build leaves every bare import external), so native modules load as they are.
const source = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));
const outDir = source('dist/server');

// Files the server reads next to its own module (`new URL('./…', import.meta.url)`): every module lands in
// dist/server itself, so each goes where that URL points from there.
const filesBesideModules: Record<string, string> = {
  'server/db/migrations': 'migrations',
  'server/simulators/razorpay/browser': 'browser',
};

function copyFilesBesideModules(): Plugin {
  return {
    name: 'copy-files-beside-modules',
    closeBundle() {
      for (const [from, to] of Object.entries(filesBesideModules)) {
        cpSync(source(from), `${outDir}/${to}`, { recursive: true });
      }
    },
  };
}

export default defineConfig({
  root: source('.'),
  publicDir: false,
  plugins: [copyFilesBesideModules()],
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    ssr: true,
    outDir,
    emptyOutDir: true,
    target: 'node24',
    minify: false,
    sourcemap: true,
    rolldownOptions: {
      input: {
        main: source('server/main.ts'),
        app: source('server/app.ts'),
        admin: source('scripts/admin.ts'),
        'db-copy': source('scripts/db-copy.ts'),
        // Forked by the shop to render uploaded pictures (server/modules/product-images/image-renderer-client.ts).
        'image-renderer': source('server/modules/product-images/image-renderer.ts'),
      },
      output: { chunkFileNames: '[name]-[hash].js' },
    },
  },
});
