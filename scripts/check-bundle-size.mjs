#!/usr/bin/env node
// docs/operations.md#performance-budget: fails (exit 1) when the shop's first load or one of its lazy
// chunks outgrows its gzipped budget. Reads the build in dist/web (run `npm run build` first); no timing,
// only sizes, so it is cheap enough for every CI run.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const distDir = process.argv[2] ?? 'dist/web';
const assetsDir = join(distDir, 'assets');

/** Bytes, gzipped at level 9 (what a CDN's static compression gets); 1 kB = 1000 bytes, as Vite prints. */
const KB = 1000;
const budgets = {
  // docs/operations.md#performance-budget: react-dom alone is about 63 kB of it. 96.5 kB, not 95: issue 27 put
  // about 1 kB into every page (the search in the URL, the API client's blocked-account answer, the app's own
  // route table that lets unknown paths be 404s, the one phone rule); the new pages and dialogs are lazy.
  initialJs: 96.5 * KB,
  lazyChunk: 30 * KB,
};

/**
 * Lazy chunks of the shop's build that are not routes and have budgets of their own, with the reason.
 * A name matches a chunk's file name before its hash.
 */
const lazyExceptions = new Map([
  [
    'altcha-widget',
    'the bot-challenge widget: a dialog that loads only when the server asks for a check (428), never with a route; about 30 kB gzipped of a third-party web component',
  ],
]);

function gzipSize(file) {
  return gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length;
}

/** The files a page's HTML loads at once: its module scripts, modulepreloads and style sheets. */
function initialFilesOf(htmlFile) {
  const html = readFileSync(join(distDir, htmlFile), 'utf8');
  const files = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isScript = tag.startsWith('<script') && /\bsrc=/.test(tag);
    const isPreload = /\brel="modulepreload"/.test(tag);
    const isStyle = /\brel="stylesheet"/.test(tag);
    if (!isScript && !isPreload && !isStyle) continue;
    const url = tag.match(/\b(?:src|href)="([^"]+)"/)?.[1];
    if (!url || /^https?:/.test(url)) continue;
    files.push(url.replace(/^\//, ''));
  }
  return files;
}

const assetNames = new Set(existsSync(assetsDir) ? readdirSync(assetsDir) : []);

/** The chunks a chunk imports, statically or lazily: every asset file name its code mentions. */
function importsOf(file) {
  const code = readFileSync(join(distDir, file), 'utf8');
  const names = new Set();
  for (const [name] of code.matchAll(/[\w.-]+\.js\b/g)) {
    if (assetNames.has(name) && `assets/${name}` !== file) names.add(`assets/${name}`);
  }
  return names;
}

/** Every JS file a page can load, from its initial files through the imports of each. */
function reachableJs(initialFiles) {
  const seen = new Set();
  const queue = initialFiles.filter((file) => file.endsWith('.js'));
  while (queue.length > 0) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    seen.add(file);
    for (const next of importsOf(file)) queue.push(next);
  }
  return seen;
}

function chunkName(file) {
  return file.replace(/^assets\//, '').replace(/-[\w-]{8}\.(js|css)$/, '');
}

const kb = (bytes) => `${(bytes / KB).toFixed(1)} kB`;

if (!existsSync(join(distDir, 'index.html'))) {
  console.error(`size: ${distDir}/index.html is missing: run \`npm run build\` first.`);
  process.exit(1);
}

const rows = [];
const failures = [];

const shopInitial = initialFilesOf('index.html');
const shopInitialJs = shopInitial.filter((file) => file.endsWith('.js'));
const initialJsBytes = shopInitialJs.reduce((sum, file) => sum + gzipSize(file), 0);
for (const file of shopInitial) {
  rows.push({
    page: 'shop',
    kind: file.endsWith('.css') ? 'initial css' : 'initial js',
    file,
    bytes: gzipSize(file),
  });
}
rows.push({
  page: 'shop',
  kind: 'initial js, all',
  file: '',
  bytes: initialJsBytes,
  budget: budgets.initialJs,
});
if (initialJsBytes > budgets.initialJs) {
  failures.push(
    `the shop's initial JavaScript (${shopInitialJs.join(', ')}) is ${kb(initialJsBytes)} gzipped, over its budget of ${kb(budgets.initialJs)}`,
  );
}

const shopJs = reachableJs(shopInitial);
for (const file of [...shopJs].sort()) {
  if (shopInitialJs.includes(file)) continue;
  const bytes = gzipSize(file);
  const exception = lazyExceptions.get(chunkName(file));
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
if (existsSync(join(distDir, 'admin.html'))) {
  const consoleInitial = initialFilesOf('admin.html');
  const consoleJs = reachableJs(consoleInitial);
  for (const file of consoleInitial.filter((name) => name.endsWith('.css'))) {
    rows.push({ page: 'console', kind: 'initial css', file, bytes: gzipSize(file) });
  }
  for (const file of [...consoleJs].sort()) {
    if (shopJs.has(file)) continue;
    rows.push({
      page: 'console',
      kind: consoleInitial.includes(file) ? 'initial js' : 'lazy',
      file,
      bytes: gzipSize(file),
    });
  }
}

console.log('page     kind               gzipped     budget   file');
for (const row of rows) {
  const over = row.budget !== undefined && row.bytes > row.budget ? '  OVER' : '';
  console.log(
    `${row.page.padEnd(8)} ${row.kind.padEnd(18)} ${kb(row.bytes).padStart(9)} ${(row.budget ? kb(row.budget) : '-').padStart(10)}   ${row.file}${over}`,
  );
}
for (const [name, reason] of lazyExceptions) console.log(`exception: ${name}: ${reason}`);

if (failures.length > 0) {
  for (const failure of failures) console.error(`size: FAILED: ${failure}`);
  process.exit(1);
}
console.log(
  `size: within budget (initial JavaScript ${kb(initialJsBytes)} of ${kb(budgets.initialJs)}; lazy chunks at most ${kb(budgets.lazyChunk)} each)`,
);
