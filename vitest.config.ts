import { defineConfig } from 'vitest/config';
import { testRunEnv, testTimeouts, testWorkers } from './server/test/test-run.ts';

// vi.mock replaces a module only for files that import it afresh: these run with modules of their own. Other
// component tests fake the API (web/test/fake-api.ts), never a module.
const moduleMockingTests = ['web/components/bot-challenge/bot-challenge-keeper.test.tsx'];

export default defineConfig({
  test: {
    maxWorkers: testWorkers,
    projects: [
      {
        test: {
          name: 'node',
          include: ['contracts/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          env: testRunEnv,
          globalSetup: ['server/test/vitest-global-setup.ts'],
          // A worker keeps the modules it loaded for its next file: loading the app's modules again for every
          // file took about a fifth of a run. Each file still builds its own app on its own database.
          isolate: false,
          testTimeout: testTimeouts.testMs,
          hookTimeout: testTimeouts.setupMs,
        },
      },
      {
        test: {
          name: 'web',
          include: ['web/**/*.test.{ts,tsx}'],
          exclude: moduleMockingTests,
          environment: 'happy-dom',
          setupFiles: ['web/test/setup.ts'],
          // As for the node project: importing the app again for each file was two thirds of this project's
          // time (docs/operations.md#tests). The shared state a file could leave (the session, storage, the
          // fake API) is reset by each test's helpers and web/test/setup.ts.
          isolate: false,
        },
      },
      {
        test: {
          name: 'web-module-mocks',
          include: moduleMockingTests,
          environment: 'happy-dom',
          setupFiles: ['web/test/setup.ts'],
        },
      },
    ],
  },
});
