import Fastify from 'fastify';
import { type Database, openDatabase } from '../../db/client';
import { createFaultInjector } from '../../simulators/faults';
import { simulatedRazorpayRoutes } from '../../simulators/razorpay/plugin';
import { keepRazorpayStateIn } from '../../simulators/razorpay/saved-state';
import { createRazorpaySimulator, SIMULATOR_BASE_PATH } from '../../simulators/razorpay/simulator';
import { createTestDatabase } from '../test-database';
import type { ShopProcesses } from './shop-processes';

// docs/operations.md#scaling-out: each shop process's own simulator makes up its own keys at start and posts
// its webhooks to itself alone, as no real Razorpay account would. Tests of several processes start this one instead, outside every shop process, and
// give each process its keys, as the shops in production share one Razorpay account.

/**
 * Posts a webhook as a load balancer in front of the shops would: to the first of `bases` that answers. A
 * process that is down refuses the connection and the next one gets it; when none answers the call throws,
 * and the simulator retries it later.
 */
async function postToFirstAlive(
  bases: readonly string[],
  target: string,
  headers: Record<string, string>,
  body: string,
): Promise<number> {
  let refusal: unknown = new Error('no shop process to post the webhook to');
  for (const base of bases) {
    try {
      const response = await fetch(`${base}${target}`, { method: 'POST', headers, body });
      await response.arrayBuffer();
      return response.status;
    } catch (error) {
      refusal = error;
    }
  }
  throw refusal;
}

/**
 * A Razorpay simulator on a port of its own, keeping its account in `db`, whose webhooks go to whichever of
 * `shopBases()` is up.
 */
export async function startSharedRazorpay(db: Database, shopBases: () => readonly string[]) {
  const saveErrors: unknown[] = [];
  const state = await keepRazorpayStateIn(db, (error) => saveErrors.push(error));
  const sim = createRazorpaySimulator({
    state: { saved: state.saved, onChange: state.onChange },
    postWebhook: (target, headers, body) => postToFirstAlive(shopBases(), target, headers, body),
    // Patient enough to outlast a process being restarted.
    webhookRetry: { attempts: 8, initialDelayMs: 100 },
  });
  const faults = createFaultInjector(SIMULATOR_BASE_PATH);
  const app = Fastify();
  await app.register(simulatedRazorpayRoutes(sim, faults), { prefix: SIMULATOR_BASE_PATH });
  app.addHook('preClose', async () => faults.reset());
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const { simulator } = sim;
  return {
    simulator,
    faults,
    /** What each shop process needs to use this account instead of a simulator of its own. */
    shopEnv: {
      RAZORPAY_KEY_ID: simulator.keyId,
      RAZORPAY_KEY_SECRET: simulator.keySecret,
      RAZORPAY_WEBHOOK_SECRET: simulator.webhookSecret,
      RAZORPAY_BASE_URL: `${address}${SIMULATOR_BASE_PATH}`,
    },
    async close() {
      await app.close();
      await sim.close();
      await state.flushed();
      if (saveErrors.length > 0) throw saveErrors[0];
    },
  };
}

/**
 * A new database, one shared Razorpay and two shop processes on them with job workers, the webhooks going to
 * the first of the two that answers until `webhooksTo` names others. `stop` ends them all (`shops` too).
 */
export async function startTwoShopsOnOneRazorpay(shops: ShopProcesses) {
  const database = await createTestDatabase(undefined);
  const url = database.url as string;
  let bases: readonly string[] = [];
  // Migrated by this handle before the processes start: the simulator keeps its account in the same database.
  const handle = await openDatabase({ url, dataDir: 'memory://' });
  let razorpay: Awaited<ReturnType<typeof startSharedRazorpay>> | undefined;
  const stopAll = async () => {
    await shops.stopAll();
    await razorpay?.close();
    await handle.close();
    await database.drop();
  };
  try {
    razorpay = await startSharedRazorpay(handle.db, () => bases);
    const env = { ...razorpay.shopEnv, JOB_WORKERS: 'true', JOB_POLLING_INTERVAL_SECONDS: '0.5' };
    const [a, b] = await Promise.all([shops.start(url, env), shops.start(url, env)]);
    bases = [a.base, b.base];
    return {
      a,
      b,
      handle,
      razorpay,
      /** Starts one more process like the two. */
      startAnother: () => shops.start(url, env),
      webhooksTo(next: readonly string[]) {
        bases = next;
      },
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
