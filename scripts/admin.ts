import { existsSync } from 'node:fs';
import { ConfigError, loadConfig } from '../server/config';
import { DataFolderInUseError } from '../server/db/pglite-folder-lock';
import { runAdminCommandOnShop, waitingForShopMessage } from '../server/modules/staff/admin-command-runner';
import { CommandLineError } from '../server/modules/staff/command-line';

// docs/operations.md#staff: on the server's own database (PGlite folder or DATABASE_URL), through the running
// shop when it holds the PGlite folder.
async function main() {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const output = await runAdminCommandOnShop(config, process.argv.slice(2), {
    onWaiting: (holder) => console.error(waitingForShopMessage(config.dataDir, holder)),
  });
  console.log(output);
}

main().catch((error: unknown) => {
  const told =
    error instanceof CommandLineError ||
    error instanceof DataFolderInUseError ||
    error instanceof ConfigError;
  console.error(told ? error.message : error);
  process.exit(1);
});
