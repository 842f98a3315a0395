#!/usr/bin/env node
// Runs every test runner (Vitest, then Playwright on a fresh build) and closes with one line that totals
// them: "N passed, N failed".
// `--skip-e2e` runs Vitest only (CI's second pass, on PostgreSQL). Each step prints how long it took
// ("phase vitest-pglite: 42 s"), which CI gathers into its summary.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { relative } from 'node:path';

const reportsDir = '.test-reports';
const skipE2e = process.argv.includes('--skip-e2e');

rmSync(reportsDir, { recursive: true, force: true });
mkdirSync(reportsDir, { recursive: true });

const secondsSince = (started) => Math.round((Date.now() - started) / 1000);

function run(phase, command, args) {
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  console.log(`phase ${phase}: ${secondsSince(started)} s`);
  return result.status === 0;
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

const results = [];

/** docs/operations.md#tests: where a runner's time went, slowest first, for the CI log. */
function printSlowest(runner, files, tests, count = 12) {
  const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`.padStart(8);
  const top = (rows) => [...rows].sort((a, b) => b.ms - a.ms).slice(0, count);
  console.log(`${runner}: the ${count} slowest files`);
  for (const { name, ms } of top(files)) console.log(`${seconds(ms)}  ${name}`);
  console.log(`${runner}: the ${count} slowest tests`);
  for (const { name, ms } of top(tests)) console.log(`${seconds(ms)}  ${name}`);
}

function vitestTimes(report) {
  const files = report.testResults.map((file) => ({
    name: relative(process.cwd(), file.name),
    ms: file.endTime - file.startTime,
  }));
  const tests = report.testResults.flatMap((file) =>
    file.assertionResults.map((test) => ({
      name: `${relative(process.cwd(), file.name)} › ${test.title}`,
      ms: test.duration ?? 0,
    })),
  );
  return { files, tests };
}

function playwrightTimes(report) {
  const tests = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        for (const result of test.results)
          tests.push({ file: spec.file, name: `${spec.file} › ${spec.title}`, ms: result.duration });
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  const byFile = new Map();
  for (const test of tests) byFile.set(test.file, (byFile.get(test.file) ?? 0) + test.ms);
  return { files: [...byFile].map(([name, ms]) => ({ name, ms })), tests };
}

const database = process.env.DATABASE_URL ? 'postgresql' : 'pglite';
// On PostgreSQL (CI's second pass) only the tests that can meet a database: the components' tests (the `web`
// projects) and the contracts' pure functions gave the same answers on both passes.
const databaseOnly = database === 'postgresql' ? ['--project=node', '--exclude=contracts/**'] : [];
const vitestArgs = [
  'vitest',
  'run',
  ...databaseOnly,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${reportsDir}/vitest.json`,
];

const vitestOk = run(`vitest-${database}`, 'npx', vitestArgs);
let playwrightOk = false;
if (!skipE2e) {
  // The browser tests run the compiled server (docs/operations.md#compiled-server): the whole build. Run
  // after Vitest, not beside it: each keeps both cores busy, and together every test ran two to four times
  // slower, which made the whole no faster on a fresh clone.
  const built = run('build', 'npm', ['run', 'build', '--silent']);
  playwrightOk = built && run('playwright', 'npx', ['playwright', 'test']);
}

const vitest = readJson(`${reportsDir}/vitest.json`);
if (vitest) {
  const { files, tests } = vitestTimes(vitest);
  printSlowest('vitest', files, tests);
}
results.push({
  runner: 'vitest',
  passed: vitest?.numPassedTests ?? 0,
  // A runner that died without a report counts as one failure, so a crash is never a green run.
  failed: vitest ? vitest.numFailedTests + (vitestOk || vitest.numFailedTests > 0 ? 0 : 1) : 1,
});

if (!skipE2e) {
  const playwright = readJson(`${reportsDir}/playwright.json`);
  if (playwright) {
    const { files, tests } = playwrightTimes(playwright);
    printSlowest('playwright', files, tests);
  }
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
