import { mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';

const apiPort = Number(process.env.API_PORT ?? 3001);

// docs/architecture.md#staff: the owner's console is a page of its own, web/admin.html, built after the shop by a
// second build into the same folder. Two builds rather than two inputs of one: one build would share the
// modules both pages use through a chunk of its own, and the shop's first load would carry the cost of it.
const CONSOLE_BUILD = 'OTTOMAN_CONSOLE_BUILD';
const consoleBuild = process.env[CONSOLE_BUILD] === '1';
const configFile = fileURLToPath(import.meta.url);
const zodWithoutEval = fileURLToPath(new URL('web/lib/zod-without-eval.ts', import.meta.url));

function consolePage(): Plugin {
  return {
    name: 'console-page',
    // The dev server serves both pages from web/: /admin and everything under it get admin.html, as the
    // server does for the build (server/http/pages/web-app.ts).
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const [pathname = '', query] = (request.url ?? '').split('?');
        const underAdmin = pathname === '/admin' || pathname.startsWith('/admin/');
        if (
          underAdmin &&
          !pathname.includes('.') &&
          (request.method === 'GET' || request.method === 'HEAD')
        ) {
          request.url = `/admin.html${query === undefined ? '' : `?${query}`}`;
        }
        next();
      });
    },
    // After the shop's build, the console's.
    async closeBundle(error) {
      if (error || consoleBuild || this.meta.watchMode || this.environment.config.build.ssr) return;
      process.env[CONSOLE_BUILD] = '1';
      try {
        await build({ configFile, logLevel: 'warn' });
      } finally {
        delete process.env[CONSOLE_BUILD];
      }
    },
  };
}

// docs/operations.md#performance-budget: `npm run size` reads each page's Vite manifest (the file each module went
// to, and what each file imports). Vite writes it inside the build's folder, which the server serves whole; it
// moves beside that folder, to dist/web-manifests/shop.json and console.json.
const MANIFEST_IN_BUILD = '.vite/manifest.json';
const manifestsDir = fileURLToPath(new URL('dist/web-manifests', import.meta.url));

function manifestBesideBuild(): Plugin {
  return {
    name: 'manifest-beside-build',
    writeBundle(options) {
      if (this.environment.config.build.ssr || !options.dir) return;
      mkdirSync(manifestsDir, { recursive: true });
      const target = path.join(manifestsDir, consoleBuild ? 'console.json' : 'shop.json');
      renameSync(path.join(options.dir, MANIFEST_IN_BUILD), target);
      rmSync(path.join(options.dir, path.dirname(MANIFEST_IN_BUILD)), { recursive: true, force: true });
    },
  };
}

// docs/architecture.md#pages-as-html: `vite build --ssr` (after the two page builds, in `npm run build`) makes
// the server's renderer of the catalogue pages, dist/ssr/entry-server.js. Its packages stay in node_modules.
const ssrBuild = {
  outDir: '../dist/ssr',
  emptyOutDir: true,
  copyPublicDir: false,
  target: 'node24',
  rolldownOptions: { input: fileURLToPath(new URL('web/entry-server.tsx', import.meta.url)) },
};

export default defineConfig(({ isSsrBuild }) => ({
  root: 'web',
  publicDir: 'public',
  plugins: [react(), consolePage(), manifestBesideBuild()],
  resolve: {
    // wouter imports the useSyncExternalStore shim for React 17; React 19 has its own (bundle budget).
    alias: [
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'react' },
      // docs/architecture.md#security: zod without its eval probe in the pages, not in the server's renderer
      // (zod's settings are the process's, and the server keeps its compiled parsers).
      ...(isSsrBuild ? [] : [{ find: /^zod$/, replacement: zodWithoutEval }]),
    ],
  },
  build: isSsrBuild
    ? ssrBuild
    : {
        outDir: '../dist/web',
        // The console's build adds its files to the shop's.
        emptyOutDir: !consoleBuild,
        target: 'es2022',
        manifest: MANIFEST_IN_BUILD,
        // One chunk holds everything the first load runs (below): nothing to preload at start, and browsers
        // without modulepreload still load lazy chunks, only without their dependencies fetched in parallel.
        modulePreload: { polyfill: false },
        rolldownOptions: {
          input: fileURLToPath(new URL(consoleBuild ? 'web/admin.html' : 'web/index.html', import.meta.url)),
          output: {
            codeSplitting: {
              // Everything statically imported from main.tsx in one file. Left to itself the bundler made nine
              // files of it (3.7 kB more gzipped); a vendor and app split would cost 0.7 kB and three requests.
              groups: [
                { name: consoleBuild ? 'admin' : 'index', tags: ['$initial'] },
                // zod in a file named for it, whichever of its modules the bundler would name it after.
                { name: 'zod', test: /\/node_modules\/zod\/|\/web\/lib\/zod-without-eval\.ts$/ },
                // The delivery check and promise line, with the one form field and the pincode's format they
                // need, as one file: the product and cart pages load it rather than the forms' file with the
                // address, OTP and password fields (docs/operations.md#performance-budget).
                {
                  name: 'delivery',
                  test: /web\/features\/location\/(api|hooks|components\/(check-delivery|delivery-promise-line)\.)|web\/components\/form\/form-field\.|web\/lib\/pincode-check\.|contracts\/pincode-format\./,
                },
                // The other form components every lazy form shares, with the address rules they check, as one
                // file: the first chunk lists each lazy file by name, and three names cost more than one.
                {
                  name: 'form',
                  test: /web\/components\/form\/|contracts\/(pincode|delivery|india-states)\.ts$/,
                },
                // docs/product.md#failed-deliveries: the failed delivery's words and clocks, which My Orders and the
                // delivery page share, with the link pages' client the review page shares: one file, one name in
                // the first chunk's list of lazy files rather than two.
                {
                  name: 'links',
                  test: /contracts\/ndr-rules\.ts$|web\/lib\/(deadline|fill-in|link-client)\.ts$/,
                },
              ],
            },
          },
        },
      },
  // The dev server's dependency scan starts from both pages (build.rolldownOptions.input names one).
  optimizeDeps: { entries: ['index.html', 'admin.html'] },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/sim': `http://127.0.0.1:${apiPort}`,
      '/dev': `http://127.0.0.1:${apiPort}`,
    },
  },
}));
