import { defineConfig } from 'vitest/config';
import { testRunEnv, testTimeouts, testWorkers } from './server/test/test-run.ts';

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
          environment: 'happy-dom',
          setupFiles: ['web/test/setup.ts'],
        },
      },
    ],
  },
});
