#!/usr/bin/env node
// Runs every test runner (Vitest, then Playwright on a fresh build) and closes with one line that totals
// them: "N passed, N failed". `--skip-e2e` runs Vitest only (CI's second pass, on PostgreSQL). Each step
// prints how long it took ("phase vitest-pglite: 42 s"), which CI gathers into its summary.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const reportsDir = '.test-reports';
const skipE2e = process.argv.includes('--skip-e2e');

rmSync(reportsDir, { recursive: true, force: true });
mkdirSync(reportsDir, { recursive: true });

function run(phase, command, args) {
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  console.log(`phase ${phase}: ${Math.round((Date.now() - started) / 1000)} s`);
  return result.status === 0;
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

const results = [];

const database = process.env.DATABASE_URL ? 'postgresql' : 'pglite';
// On PostgreSQL (CI's second pass) only the tests that can meet a database: the components' tests (the `web`
// project) and the contracts' pure functions gave the same answers on both passes.
const databaseOnly = database === 'postgresql' ? ['--project=node', '--exclude=contracts/**'] : [];
const vitestOk = run(`vitest-${database}`, 'npx', [
  'vitest',
  'run',
  ...databaseOnly,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${reportsDir}/vitest.json`,
]);
const vitest = readJson(`${reportsDir}/vitest.json`);
results.push({
  runner: 'vitest',
  passed: vitest?.numPassedTests ?? 0,
  // A runner that died without a report counts as one failure, so a crash is never a green run.
  failed: vitest ? vitest.numFailedTests + (vitestOk || vitest.numFailedTests > 0 ? 0 : 1) : 1,
});

if (!skipE2e) {
  // The browser tests run the compiled server (docs/operations.md#compiled-server): the whole build.
  const built = run('build', 'npm', ['run', 'build', '--silent']);
  const playwrightOk = built && run('playwright', 'npx', ['playwright', 'test']);
  const playwright = readJson(`${reportsDir}/playwright.json`);
  const stats = playwright?.stats;
  const failed = stats ? stats.unexpected : 0;
  results.push({
    runner: 'playwright',
    passed: stats ? stats.expected + stats.flaky : 0,
    failed: failed + (playwrightOk || failed > 0 ? 0 : 1),
  });
}

for (const { runner, passed, failed } of results)
  console.log(`${runner}: ${passed} passed, ${failed} failed`);
const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
