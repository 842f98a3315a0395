import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['contracts/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
