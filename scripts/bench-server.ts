// One server for the benchmark, in its own process: `app` is the whole shop on a fresh PGlite; `bare` is a
// Fastify with nothing but a route returning the same catalogue JSON. Prints the port when listening.
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';

const kind = process.argv[2];

async function startApp() {
  // Production mode as shipped, with the payment and shipping simulators allowed (no real accounts here) and
  // no background workers competing with the requests being measured.
  const env = { NODE_ENV: 'production', LOG_LEVEL: 'silent', ALLOW_SIMULATORS: 'true', JOB_WORKERS: 'false' };
  const config = { ...loadConfig(env), dataDir: 'memory://' };
  return buildApp(config, { logger: false });
}

async function startBare(catalogueJson: string) {
  const payload: unknown = JSON.parse(catalogueJson);
  const bare = Fastify({ logger: false });
  bare.get('/api/products', async () => payload);
  return bare;
}

const server = kind === 'bare' ? await startBare(process.argv[3] ?? '{}') : await startApp();
await server.listen({ host: '127.0.0.1', port: 0 });
console.log(`listening ${(server.server.address() as AddressInfo).port}`);
process.on('SIGTERM', () => {
  server.close().then(() => process.exit(0));
});
