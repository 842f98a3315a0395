import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { test as base, expect } from '@playwright/test';
import type { buildApp as BuildApp } from '../server/app';
import type { Database } from '../server/db/client';
import { type TestConfigOverrides, testAppConfig } from '../server/test/test-config';
import { createTestDatabase, type DatabaseTemplate } from '../server/test/test-database';
import { testTimeouts } from '../server/test/test-run';
import { TEMPLATE_ENV } from './global-setup';

export interface ShopServer {
  url: string;
  db: Database;
  /** The server itself, for its simulators' test controls (e.g. `app.shiprocketSimulator.advance()`). */
  app: Awaited<ReturnType<typeof BuildApp>>;
}

/**
 * docs/operations.md#compiled-server: the browser tests run the compiled server of `npm run build`
 * (dist/server/app.js, beside the web build), not the TypeScript source, so they prove what is deployed.
 */
async function compiledBuildApp(webDistDir: string): Promise<typeof BuildApp> {
  const compiled = path.resolve(webDistDir, '..', 'server', 'app.js');
  const module = (await import(pathToFileURL(compiled).href).catch((error: unknown) => {
    throw new Error(`The compiled server ${compiled} is missing: run npm run build first.`, { cause: error });
  })) as { buildApp: typeof BuildApp };
  return module.buildApp;
}

/**
 * Each Playwright worker runs the real server (the built app, the API, a database of its own) in its own
 * process, so a test can drive the browser and then check the rows its journey wrote.
 */
export const test = base.extend<object, { server: ShopServer; serverConfig: TestConfigOverrides }>({
  // A spec that needs other settings (e.g. a low bot-challenge threshold) sets them with test.use; only its
  // own workers start a server so configured.
  serverConfig: [{}, { scope: 'worker', option: true }],
  server: [
    async ({ serverConfig }, use) => {
      const template = process.env[TEMPLATE_ENV];
      const database = await createTestDatabase(
        template ? (JSON.parse(template) as DatabaseTemplate) : undefined,
      );
      const config = testAppConfig(database.url, {
        logLevel: 'warn',
        // E2E_WEB_DIST lets parallel work build and test its own copy of the app.
        webDistDir: process.env.E2E_WEB_DIST ?? 'dist/web',
        rateLimitNamespace: `mitten-e2e:${randomBytes(6).toString('hex')}:`,
        contactRateLimit: { max: 100, windowMs: 60_000 },
        // Every journey signs up from 127.0.0.1; the per-IP limits have their own integration tests.
        authRateLimitMax: 10_000,
        // Journeys wait for the shipment and e-mail jobs: an idle worker looks for them four times as often.
        jobPollingIntervalSeconds: 0.5,
        ...serverConfig,
      });
      const buildApp = await compiledBuildApp(config.webDistDir);
      const app = await buildApp(config, { logger: false, pgliteTemplate: database.pgliteTemplate });
      await app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = app.server.address() as AddressInfo;
      await use({ url: `http://127.0.0.1:${port}`, db: app.db, app });
      await app.close();
      await database.drop();
    },
    // Starting the server (PGlite, pg-boss) can outlast one test's 30 s on a busy machine.
    { scope: 'worker', timeout: testTimeouts.setupMs },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
  // A page the server rendered (docs/architecture.md#pages-as-html) shows before its code has hydrated it: a
  // click then would do nothing. After goto and reload, wait until the app says it is hydrated.
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const hydrated = () =>
        page.waitForFunction(
          () => !document.getElementById('app-state') || document.documentElement.dataset.hydrated === 'true',
        );
      const goto = page.goto.bind(page);
      page.goto = async (...args) => {
        const response = await goto(...args);
        await hydrated();
        return response;
      };
      const reload = page.reload.bind(page);
      page.reload = async (...args) => {
        const response = await reload(...args);
        await hydrated();
        return response;
      };
    }
    await use(page);
  },
});

export { expect };
