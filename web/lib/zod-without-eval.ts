import { config } from 'zod/v4';

// docs/architecture.md#security: the browser builds resolve `zod` to this module (vite.config.ts). Building its
// first object schema, zod tries `new Function` to see whether it may compile faster parsers; the pages' CSP
// forbids eval, so the try fails quietly but the browser logs a CSP violation (an issue in the console, and
// Lighthouse's Best Practices). Told not to, zod never tries. The server keeps its compiled parsers.
config({ jitless: true });

export * from 'zod/v4';
