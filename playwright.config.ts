import { defineConfig } from '@playwright/test';
import { testRunEnv, testTimeouts, testWorkers } from './server/test/test-run.ts';

// The workers run the app in process, so they take the same environment as Vitest's.
Object.assign(process.env, testRunEnv);

// Debian's Chromium, never a downloaded browser (the build machines have no internet).
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
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
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
