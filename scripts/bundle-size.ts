// docs/operations.md#performance-budget: what `npm run size` (scripts/check-bundle-size.mjs) checks, apart from
// its budgets, so that a test can run it on a build of its own. Node runs this file as it is (its types are
// only stripped), so it uses no TypeScript that needs compiling.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** One entry of Vite's build manifest (`build.manifest`): a file of the build and what it imports. */
export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  /** Manifest keys of the chunks it imports statically: they load before it runs. */
  imports?: string[];
  /** Manifest keys of the chunks it may load later, with `import()`. */
  dynamicImports?: string[];
  css?: string[];
}

/** Keyed by source path relative to web/ (`app/routes/product.tsx`), or `_name-hash.js` for a shared chunk. */
export type Manifest = Record<string, ManifestChunk>;

export interface RouteBudget {
  /** The path as the app's route table writes it: `/product/:id`. */
  route: string;
  /** The module the route table loads for it, as the manifest names it; none for a route in the first load. */
  module?: string;
  /** Gzipped bytes of JavaScript the route's first load may take. */
  budget: number;
  /** Why this much: printed with the check, and the first thing to read before raising it. */
  reason: string;
}

export interface Budgets {
  /** The shop's routes, each with the first load it may take. */
  routes: RouteBudget[];
  /** Gzipped bytes any other chunk of the shop may take. */
  lazyChunk: number;
  /** Lazy chunks with no budget, by name (the file name before its hash), with the reason. */
  lazyExceptions: Map<string, string>;
}

export interface Build {
  /** The shop's manifest. */
  shop: Manifest;
  /** The console's manifest, when it was built: reported, never failed. */
  console?: Manifest | undefined;
}

export interface Row {
  page: 'shop' | 'console';
  kind: string;
  file: string;
  bytes: number;
  budget?: number | undefined;
}

export interface Report {
  /** Each budgeted route's first load: its JavaScript files and their gzipped total. */
  routes: { budget: RouteBudget; files: string[]; bytes: number }[];
  /** The JavaScript the page's HTML loads at once, whatever the route. */
  pageFiles: string[];
  /** Every other chunk, one a row. */
  rows: Row[];
  /** One sentence for each budget passed, naming what passed it. */
  failures: string[];
}

/** 1 kB = 1000 bytes, as Vite prints. */
export const KB = 1000;

export const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} kB`;

/** Exact, for a budget a few bytes away: `96,392 bytes`. */
export const exactly = (bytes: number) => `${bytes.toLocaleString('en-US')} bytes`;

/** Where `vite build` leaves each page's manifest (vite.config.ts): beside the built app, not in it. */
export function manifestPaths(webDir: string) {
  return {
    shop: join(webDir, '..', 'web-manifests', 'shop.json'),
    console: join(webDir, '..', 'web-manifests', 'console.json'),
  };
}

/** The build in `webDir` and its manifests, or why it cannot be checked. */
export function readBuild(webDir: string): Build | string {
  const paths = manifestPaths(webDir);
  if (!existsSync(join(webDir, 'index.html')) || !existsSync(paths.shop)) {
    return `${webDir}/index.html or ${paths.shop} is missing: run \`npm run build\` first.`;
  }
  const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  return {
    shop: read(paths.shop),
    console: existsSync(paths.console) ? read(paths.console) : undefined,
  };
}

/** The file's size gzipped at level 9 (what a CDN's static compression gets). */
export function gzipSize(webDir: string, file: string): number {
  return gzipSync(readFileSync(join(webDir, file)), { level: 9 }).length;
}

function chunkOf(manifest: Manifest, key: string): ManifestChunk {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`the manifest names ${key} but has no entry for it`);
  return chunk;
}

/** Manifest keys of the given chunks and every chunk they import statically: what loads before they run. */
export function staticClosure(manifest: Manifest, keys: string[]): string[] {
  const seen = new Set<string>();
  const queue = [...keys];
  for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
    if (seen.has(key)) continue;
    seen.add(key);
    queue.push(...(chunkOf(manifest, key).imports ?? []));
  }
  return [...seen];
}

/** Manifest keys of everything the page can ever load, statically or with `import()`. */
export function reachable(manifest: Manifest, entry: string): string[] {
  const seen = new Set<string>();
  const queue = [entry];
  for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
    if (seen.has(key)) continue;
    seen.add(key);
    const chunk = chunkOf(manifest, key);
    queue.push(...(chunk.imports ?? []), ...(chunk.dynamicImports ?? []));
  }
  return [...seen];
}

/** The manifest key of the page's entry (its HTML file). */
export function entryOf(manifest: Manifest): string {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (entries.length !== 1 || entries[0] === undefined) {
    throw new Error(`the manifest has ${entries.length} entries, not one`);
  }
  return entries[0];
}

/** The name Vite gave a file, before its hash: `assets/zod-BHqOpJuc.js` is `zod`. */
export function chunkName(file: string): string {
  return file.replace(/^assets\//, '').replace(/-[\w-]{8}\.(js|css)$/, '');
}

/**
 * The check: each route's first load (the page's own files, the chunk the route table loads for the route, and
 * every chunk those import statically) against its budget, then every other chunk of the shop against the
 * lazy one. `sizeOf` gives a file's gzipped bytes.
 */
export function checkBuild(build: Build, budgets: Budgets, sizeOf: (file: string) => number): Report {
  const failures: string[] = [];
  const shop = build.shop;
  const entry = entryOf(shop);
  const everything = reachable(shop, entry);
  const pageFiles = new Set(jsFilesOf(shop, staticClosure(shop, [entry])));

  const routes = budgets.routes.map((budget) => {
    const roots = [entry];
    if (budget.module !== undefined) {
      if (everything.includes(budget.module)) roots.push(budget.module);
      else {
        failures.push(
          `${budget.route}: the shop never loads ${budget.module}, the module its budget names (the route table loads another: name that one)`,
        );
      }
    }
    const files = jsFilesOf(shop, staticClosure(shop, roots));
    const bytes = files.reduce((sum, file) => sum + sizeOf(file), 0);
    if (bytes > budget.budget) {
      const largest = files
        .filter((file) => !pageFiles.has(file))
        .sort((a, b) => sizeOf(b) - sizeOf(a))
        .slice(0, 3)
        .map((file) => `${file} ${kb(sizeOf(file))}`);
      failures.push(
        `the first load of ${budget.route} is ${exactly(bytes)} gzipped, over its budget of ${exactly(budget.budget)}` +
          (largest.length > 0 ? ` (its largest files past the page's own: ${largest.join(', ')})` : ''),
      );
    }
    return { budget, files, bytes };
  });

  const rows: Row[] = [];
  for (const file of jsFilesOf(shop, everything).sort()) {
    if (pageFiles.has(file)) continue;
    const bytes = sizeOf(file);
    const exception = budgets.lazyExceptions.get(chunkName(file));
    rows.push({
      page: 'shop',
      kind: exception ? 'lazy (exception)' : 'lazy',
      file,
      bytes,
      budget: exception ? undefined : budgets.lazyChunk,
    });
    if (!exception && bytes > budgets.lazyChunk) {
      failures.push(
        `the shop's lazy chunk ${file} is ${kb(bytes)} gzipped, over its budget of ${kb(budgets.lazyChunk)}`,
      );
    }
  }

  // The console is a page of its own with its own budget (docs/architecture.md#staff): reported, never failed.
  if (build.console) {
    const consoleEntry = entryOf(build.console);
    const initial = new Set(jsFilesOf(build.console, staticClosure(build.console, [consoleEntry])));
    const shopFiles = new Set(jsFilesOf(shop, everything));
    for (const file of jsFilesOf(build.console, reachable(build.console, consoleEntry)).sort()) {
      if (shopFiles.has(file)) continue;
      rows.push({
        page: 'console',
        kind: initial.has(file) ? 'initial js' : 'lazy',
        file,
        bytes: sizeOf(file),
      });
    }
  }
  return { routes, pageFiles: [...pageFiles], rows, failures };
}

function jsFilesOf(manifest: Manifest, keys: string[]): string[] {
  return keys.map((key) => chunkOf(manifest, key).file).filter((file) => file.endsWith('.js'));
}

/** What `npm run size` prints: each route's first load, then every other chunk. */
export function formatReport(report: Report, budgets: Budgets, sizeOf: (file: string) => number): string[] {
  const pageFiles = new Set(report.pageFiles);
  const lines = ['route            first load     budget   files (gzipped; + past the page’s own)'];
  for (const { budget, files, bytes } of report.routes) {
    const own = budget.module === undefined;
    const listed = files
      .filter((file) => own || !pageFiles.has(file))
      .sort((a, b) => sizeOf(b) - sizeOf(a))
      .map((file) => `${chunkName(file)} ${kb(sizeOf(file))}`)
      .join(', ');
    const over = bytes > budget.budget ? '  OVER' : '';
    lines.push(
      `${budget.route.padEnd(16)} ${kb(bytes).padStart(10)} ${kb(budget.budget).padStart(10)}   ${own ? '' : '+ '}${listed}${over}`,
    );
  }
  for (const { budget } of report.routes) lines.push(`budget of ${budget.route}: ${budget.reason}`);
  lines.push('', 'page     kind               gzipped     budget   file');
  for (const row of report.rows) {
    const over = row.budget !== undefined && row.bytes > row.budget ? '  OVER' : '';
    lines.push(
      `${row.page.padEnd(8)} ${row.kind.padEnd(18)} ${kb(row.bytes).padStart(9)} ${(row.budget ? kb(row.budget) : '-').padStart(10)}   ${row.file}${over}`,
    );
  }
  for (const [name, reason] of budgets.lazyExceptions) lines.push(`exception: ${name}: ${reason}`);
  return lines;
}

/** The whole check on the build in `webDir`: what to print, what to print as errors, and whether it passed. */
export function runSizeCheck(
  webDir: string,
  budgets: Budgets,
): { ok: boolean; out: string[]; errors: string[] } {
  const build = readBuild(webDir);
  if (typeof build === 'string') return { ok: false, out: [], errors: [`size: ${build}`] };
  const sizes = new Map<string, number>();
  const sizeOf = (file: string) => {
    const size = sizes.get(file) ?? gzipSize(webDir, file);
    sizes.set(file, size);
    return size;
  };
  const report = checkBuild(build, budgets, sizeOf);
  const out = formatReport(report, budgets, sizeOf);
  if (report.failures.length > 0) {
    return { ok: false, out, errors: report.failures.map((failure) => `size: FAILED: ${failure}`) };
  }
  const summary = report.routes.map(
    ({ budget, bytes }) => `${budget.route} ${exactly(bytes)} of ${kb(budget.budget)}`,
  );
  out.push(
    `size: within budget (first loads: ${summary.join('; ')}; lazy chunks at most ${kb(budgets.lazyChunk)} each)`,
  );
  return { ok: true, out, errors: [] };
}
