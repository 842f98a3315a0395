import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * docs/operations.md#fault-controls: what the next calls to a simulator's API suffer. `error` answers a 5xx,
 * `latency` answers late, `timeout` holds the call open past any client's patience (until the client gives up,
 * the faults are reset, or `delayMs` passes) and then answers 504.
 */
export const FaultSchema = z
  .object({
    kind: z.enum(['error', 'latency', 'timeout']),
    /** A path under the simulator's API ('/v1/orders', '/orders/create/adhoc'); every call when absent. */
    endpoint: z.string().startsWith('/').optional(),
    method: z.enum(['GET', 'POST', 'PATCH', 'PUT', 'DELETE']).optional(),
    /** The next this many matching calls; with `fraction`, this share of them at random; otherwise every one. */
    count: z.number().int().positive().optional(),
    fraction: z.number().gt(0).max(1).optional(),
    status: z.number().int().min(500).max(599).default(503),
    delayMs: z.number().int().min(0).max(120_000).optional(),
  })
  .refine((fault) => fault.count === undefined || fault.fraction === undefined, {
    message: 'give count or fraction, not both',
  });

export type Fault = z.infer<typeof FaultSchema>;

const DEFAULT_LATENCY_MS = 1_000;
const DEFAULT_HANG_MS = 60_000;

interface ActiveFault extends Fault {
  remaining: number | undefined;
  hit: number;
}

export interface FaultInjector {
  add(fault: Fault): void;
  /** Removes every fault and lets held calls go. */
  reset(): void;
  list(): ActiveFault[];
}

/**
 * Adds the fault controls to a simulator: an `onRequest` hook on its API (`scope`, paths under `basePath`) and,
 * in `controls`, GET/POST/DELETE `/faults`. Paths under `${basePath}/control` are never faulted.
 */
export function createFaultInjector(basePath: string): FaultInjector & {
  hook: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;
  routes: FastifyPluginAsyncZod;
} {
  let faults: ActiveFault[] = [];
  const held = new Set<() => void>();

  function matching(request: FastifyRequest): ActiveFault | undefined {
    const path = request.url.split('?')[0]?.slice(basePath.length) ?? '';
    if (path.startsWith('/control')) return undefined;
    for (const fault of faults) {
      if (fault.endpoint && !path.startsWith(fault.endpoint)) continue;
      if (fault.method && fault.method !== request.method) continue;
      if (fault.remaining === 0) continue;
      if (fault.fraction !== undefined && Math.random() >= fault.fraction) continue;
      if (fault.remaining !== undefined) fault.remaining -= 1;
      fault.hit += 1;
      return fault;
    }
    return undefined;
  }

  function wait(ms: number, reply: FastifyReply): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        held.delete(done);
        reply.raw.off('close', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      held.add(done);
      // The client gave up (its timeout fired): nothing is left to answer.
      reply.raw.once('close', done);
    });
  }

  const injector: FaultInjector = {
    add(fault) {
      faults.push({ ...fault, remaining: fault.count, hit: 0 });
    },
    reset() {
      faults = [];
      for (const release of [...held]) release();
    },
    list: () => faults,
  };

  return {
    ...injector,
    async hook(request, reply) {
      const fault = matching(request);
      if (!fault) return;
      if (fault.kind === 'latency') {
        await wait(fault.delayMs ?? DEFAULT_LATENCY_MS, reply);
        return;
      }
      if (fault.kind === 'timeout') {
        await wait(fault.delayMs ?? DEFAULT_HANG_MS, reply);
        return reply.code(504).send({ error: { code: 'GATEWAY_TIMEOUT', description: 'Simulated timeout' } });
      }
      return reply
        .code(fault.status)
        .send({ error: { code: 'SERVER_ERROR', description: 'Simulated failure' } });
    },
    routes: async (controls) => {
      const hidden = { hide: true } as const;
      controls.get('/faults', { schema: hidden }, async () => ({ faults: injector.list() }));
      controls.post(
        '/faults',
        { schema: { ...hidden, body: z.union([FaultSchema, z.array(FaultSchema)]) } },
        async (request) => {
          for (const fault of [request.body].flat()) injector.add(fault);
          return { faults: injector.list() };
        },
      );
      controls.delete('/faults', { schema: hidden }, async () => {
        injector.reset();
        return { faults: injector.list() };
      });
    },
  };
}

/** Registers the hook on a simulator's scope; call before its routes so they inherit it. */
export function addFaultHook(scope: FastifyInstance, injector: ReturnType<typeof createFaultInjector>) {
  scope.addHook('onRequest', injector.hook);
}
