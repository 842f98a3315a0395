import { existsSync } from 'node:fs';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import {
  assertProductionKeys,
  assertSimulatorsAllowed,
  ConfigError,
  loadConfig,
  simulatedServices,
} from './config';
import { DataFolderInUseError } from './db/pglite-folder-lock';
import { missingSellerDetailsHint } from './modules/shop-settings/missing-details-hint';
import { firstOwnerHint } from './modules/staff/first-owner-hint';

async function main() {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  assertSimulatorsAllowed(config);
  assertProductionKeys(config);
  const app = await buildApp(config);
  const simulated = simulatedServices(config);
  if (simulated.length > 0) app.log.warn({ simulated }, 'outside services running on local simulators');

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });

  await app.listen({ host: config.host, port: config.port });
  // docs/operations.md#logs: the address a person opens, alone on its line.
  app.log.info(`Ottoman Mittens is open at ${config.publicUrl}`);
  const hint = await firstOwnerHint(app.db, config.env).catch(() => undefined);
  if (hint) app.log.info(hint);
  const missing = await missingSellerDetailsHint(app.db).catch(() => undefined);
  if (missing) app.log.warn(missing);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataFolderInUseError) {
    console.error(error.message);
  } else {
    console.error('The server could not start:', error);
  }
  process.exit(1);
});
