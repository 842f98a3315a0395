// npm run dev: the API on API_PORT (3001) and Vite's dev server on PORT (3000), which proxies /api to it.
import { createServer } from 'vite';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { firstOwnerHint } from '../server/modules/staff/first-owner-hint';

const config = loadConfig();
const apiPort = Number(process.env.API_PORT ?? 3001);
const api = await buildApp({ ...config, port: apiPort });
await api.listen({ host: '127.0.0.1', port: apiPort });

const vite = await createServer({ configFile: 'vite.config.ts', server: { port: config.port } });
await vite.listen();
vite.printUrls();
const hint = await firstOwnerHint(api.db, config.env).catch(() => undefined);
if (hint) api.log.info(hint);

async function shutdown() {
  await vite.close();
  await api.close();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
