import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { copyToPostgres } from '../server/db/copy-to-postgres';

const usage = 'npm run db:copy -- --to postgres://user:password@host:5432/shop [--from data/pglite]';

// docs/operations.md#moving-off-pglite: the shop's PGlite folder (DATA_DIR, or --from) into an empty
// PostgreSQL database. Stop the server first: PGlite's folder has one user at a time, and a folder a live
// shop holds is refused (docs/operations.md#pglite-lock).
async function main() {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const { values } = parseArgs({ options: { to: { type: 'string' }, from: { type: 'string' } } });
  if (!values.to || !/^postgres(ql)?:\/\//.test(values.to)) throw new Error(`Usage: ${usage}`);
  const dataDir = values.from ?? loadConfig().dataDir;
  if (!existsSync(dataDir)) throw new Error(`No PGlite folder at ${dataDir} (set DATA_DIR or --from).`);
  const source = await openDatabase({ dataDir });
  try {
    const { rows } = await copyToPostgres(source.executeSql, values.to);
    for (const [table, count] of Object.entries(rows)) console.log(`${table}: ${count}`);
    console.log(`Copied ${dataDir} into PostgreSQL. Set DATABASE_URL to it and start the shop.`);
  } finally {
    await source.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
