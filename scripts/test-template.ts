// docs/operations.md#tests: makes the PGlite template the test runners start from, if the cache lacks it, before
// `npm test` starts Vitest and Playwright together (each would otherwise make it at the same time).
import { pgliteTemplateDump } from '../server/test/test-database';

if (!process.env.DATABASE_URL) await pgliteTemplateDump();
