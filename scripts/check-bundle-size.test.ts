import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Budgets, gzipSize, type Manifest, runSizeCheck } from './bundle-size.ts';

// docs/operations.md#performance-budget: `npm run size` on a build of a few files, laid out as `vite build`
// lays it out (the app in web/, Vite's manifest of it in web-manifests/shop.json).

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** Random text gzips to about its own size, so each file weighs what the test says. */
function fakeBuild(files: Record<string, number>, manifest: Manifest): string {
  const root = mkdtempSync(join(tmpdir(), 'mitten-size-'));
  folders.push(root);
  const webDir = join(root, 'web');
  mkdirSync(join(webDir, 'assets'), { recursive: true });
  mkdirSync(join(root, 'web-manifests'));
  writeFileSync(
    join(webDir, 'index.html'),
    '<!doctype html><script type="module" src="/assets/index-AAAAAAAA.js"></script>',
  );
  for (const [file, bytes] of Object.entries(files)) {
    writeFileSync(join(webDir, file), randomBytes(bytes).toString('base64'));
  }
  writeFileSync(join(root, 'web-manifests', 'shop.json'), JSON.stringify(manifest));
  return webDir;
}

const files = {
  'assets/index-AAAAAAAA.js': 3000,
  'assets/product-BBBBBBBB.js': 400,
  'assets/schemas-CCCCCCCC.js': 2000,
};

/** The shop's page, the product route it loads lazily, and zod's chunk, imported by the product route or not. */
function shopManifest(productImportsSchemas: boolean): Manifest {
  return {
    'index.html': {
      file: 'assets/index-AAAAAAAA.js',
      src: 'index.html',
      isEntry: true,
      dynamicImports: ['app/routes/product.tsx'],
    },
    'app/routes/product.tsx': {
      file: 'assets/product-BBBBBBBB.js',
      src: 'app/routes/product.tsx',
      isDynamicEntry: true,
      imports: productImportsSchemas ? ['index.html', '_schemas-CCCCCCCC.js'] : ['index.html'],
      dynamicImports: productImportsSchemas ? [] : ['_schemas-CCCCCCCC.js'],
    },
    '_schemas-CCCCCCCC.js': { file: 'assets/schemas-CCCCCCCC.js', name: 'schemas' },
  };
}

/** Budgets a little above the page alone and the page with the product route alone. */
function budgetsFor(webDir: string): Budgets {
  const page = gzipSize(webDir, 'assets/index-AAAAAAAA.js');
  const product = gzipSize(webDir, 'assets/product-BBBBBBBB.js');
  return {
    routes: [
      { route: '/', budget: page + 100, reason: 'the page' },
      {
        route: '/product/:id',
        module: 'app/routes/product.tsx',
        budget: page + product + 100,
        reason: 'the page and the product route',
      },
    ],
    lazyChunk: 30_000,
    lazyExceptions: new Map(),
  };
}

describe('npm run size', () => {
  it('fails naming the route whose first load passes its budget, and the chunk that walked into it', () => {
    const webDir = fakeBuild(files, shopManifest(true));

    const result = runSizeCheck(webDir, budgetsFor(webDir));

    expect(result.ok).toBe(false);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatch(
      /^size: FAILED: the first load of \/product\/:id is [\d,]+ bytes gzipped/,
    );
    expect(result.errors[0]).toContain('assets/schemas-CCCCCCCC.js');
    expect(result.out.find((line) => line.startsWith('/product/:id'))).toMatch(/OVER$/);
  });

  it('passes when every route is within its budget: a chunk the route loads only later is not its first load', () => {
    const webDir = fakeBuild(files, shopManifest(false));

    const result = runSizeCheck(webDir, budgetsFor(webDir));

    expect(result.errors).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.out.at(-1)).toMatch(/^size: within budget \(first loads: \/ [\d,]+ bytes of/);
    expect(result.out).toContainEqual(expect.stringMatching(/^shop +lazy .*assets\/schemas-CCCCCCCC\.js$/));
  });

  it('fails when the route table no longer loads the module a budget names', () => {
    const manifest = shopManifest(false);
    manifest['index.html'] = {
      ...manifest['index.html'],
      file: 'assets/index-AAAAAAAA.js',
      dynamicImports: [],
    };
    const webDir = fakeBuild(files, manifest);

    const result = runSizeCheck(webDir, budgetsFor(webDir));

    expect(result.ok).toBe(false);
    expect(result.errors).toEqual([
      expect.stringContaining('/product/:id: the shop never loads app/routes/product.tsx'),
    ]);
  });

  it('a lazy chunk past its budget fails, naming it', () => {
    const webDir = fakeBuild(files, shopManifest(false));

    const result = runSizeCheck(webDir, { ...budgetsFor(webDir), lazyChunk: 1000 });

    expect(result.errors).toEqual([
      expect.stringMatching(
        /^size: FAILED: the shop's lazy chunk assets\/schemas-CCCCCCCC\.js is .* over its budget of 1\.0 kB$/,
      ),
    ]);
  });

  it('runs as `node scripts/check-bundle-size.mjs`, and asks for a build when there is none', () => {
    const empty = mkdtempSync(join(tmpdir(), 'mitten-size-'));
    folders.push(empty);

    let failure: { status: number; stderr: string } | undefined;
    try {
      execFileSync(process.execPath, ['scripts/check-bundle-size.mjs', join(empty, 'web')], {
        stdio: 'pipe',
      });
    } catch (error) {
      failure = error as { status: number; stderr: string };
    }

    expect(failure?.status).toBe(1);
    expect(String(failure?.stderr)).toContain('run `npm run build` first');
  });
});
