import { defineConfig } from 'vitest/config';
import { testRunEnv, testTimeouts } from './server/test/test-run.ts';

export default defineConfig({
  test: {
    include: ['contracts/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    env: testRunEnv,
    globalSetup: ['server/test/vitest-global-setup.ts'],
    testTimeout: testTimeouts.testMs,
    hookTimeout: testTimeouts.setupMs,
  },
});
