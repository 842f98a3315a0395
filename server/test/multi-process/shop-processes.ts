import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';

// docs/operations.md#scaling-out: the multi-process tests start real shop processes on one PostgreSQL and one
// Redis. Each test owns a ShopProcesses and stops it in afterAll, so no process outlives the run.

export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

export interface ShopProcess {
  base: string;
  child: ChildProcess;
  /** What the process wrote to stderr so far (warnings and errors: LOG_LEVEL is warn). */
  errors: () => string;
}

export class ShopProcesses {
  private readonly children: ChildProcess[] = [];

  /** Starts `server/main.ts` on a free port and resolves once /api/health answers 200. */
  async start(databaseUrl: string, env: Record<string, string> = {}): Promise<ShopProcess> {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // node itself with tsx's loader, not the tsx command: that one runs the shop in a child of its own, which
    // a SIGKILL of the command would leave running.
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'warn',
        DATABASE_URL: databaseUrl,
        TRUST_PROXY: '1',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    this.children.push(child);
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    const deadline = Date.now() + 45_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null)
        throw new Error(`the shop on ${base} exited with ${child.exitCode}: ${errors}`);
      if (await isHealthy(base)) return { base, child, errors: () => errors };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the shop on ${base} did not start in time: ${errors}`);
  }

  /** SIGKILLs every process still running and waits for each to exit. */
  async stopAll(): Promise<void> {
    for (const child of this.children) if (child.exitCode === null) child.kill('SIGKILL');
    await Promise.all(
      this.children.map((child) =>
        child.exitCode === null && child.signalCode === null ? once(child, 'exit') : undefined,
      ),
    );
  }
}

/** POSTs JSON to a shop process and returns the JSON reply; any status but 2xx throws with the reply. */
export async function postJson(
  base: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** A shopper's one-line cart, filled through `cartBase` (by default the same process), and its order's reply. */
export async function createOrderThroughProcess(
  base: string,
  headers: Record<string, string>,
  productId: number,
  cartBase = base,
): Promise<Record<string, unknown>> {
  await postJson(cartBase, '/api/cart/update', { cart: [{ id: productId, quantity: 1 }] }, headers);
  return postJson(base, '/api/payment/create-order', {}, headers);
}

/**
 * That order paid by UPI and reported through one process and its own Razorpay simulator, which keeps the
 * payment to itself.
 */
export async function payThroughProcess(
  base: string,
  headers: Record<string, string>,
  productId: number,
  cartBase = base,
): Promise<void> {
  const order = await createOrderThroughProcess(base, headers, productId, cartBase);
  const paid = await postJson(base, '/sim/razorpay/checkout/pay', {
    key: order.key,
    order_id: order.id,
    method: 'upi',
    vpa: 'success@razorpay',
  });
  await postJson(base, '/api/orders/create-with-payment', paid, headers);
}

export function isHealthy(base: string): Promise<boolean> {
  return fetch(`${base}/api/health`).then(
    (response) => response.ok,
    () => false,
  );
}

/** Whether this run has the PostgreSQL and Redis several processes need (PGlite is one process). */
export const canRunSeveralProcesses = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
