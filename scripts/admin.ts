import { existsSync } from 'node:fs';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { CommandLineError, runAdminCommand } from '../server/modules/staff/command-line';

// docs/operations.md#staff: opens the server's own database (PGlite folder or DATABASE_URL), migrating first.
async function main() {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const handle = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    console.log(await runAdminCommand(handle.db, process.argv.slice(2), config.publicUrl));
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof CommandLineError ? error.message : error);
  process.exit(1);
});
