import { defineConfig } from '@playwright/test';
import { testRunEnv, testTimeouts, testWorkers } from './server/test/test-run.ts';

// The workers run the app in process, so they take the same environment as Vitest's.
Object.assign(process.env, testRunEnv);

// Debian's Chromium, never a downloaded browser (the build machines have no internet).
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Specs that need a worker of their own (another server configuration, or processes of their own) go first: a
// worker started for them at the end of the run made a tail nothing else ran beside (docs/operations.md#tests).
const ownWorkerSpecs = ['compiled-server.spec.ts', 'bot-challenge.spec.ts', 'admin-bot-challenge.spec.ts'];

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  projects: [
    { name: 'own-worker', testMatch: ownWorkerSpecs },
    { name: 'journeys', testIgnore: ownWorkerSpecs },
  ],
  globalSetup: './e2e/global-setup.ts',
  timeout: testTimeouts.testMs,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  workers: testWorkers,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: '.test-reports/playwright.json' }]],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
