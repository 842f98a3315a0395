import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  type Clock,
  fixedRate,
  httpSender,
  latencyOf,
  type Outcome,
  percentile,
  runOpenLoop,
  type Sample,
  steps,
  summarize,
} from './open-loop';

/** Lets every promise that can settle now settle (no time passes on the fake clock). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** A clock that moves only when told, or when the generator sleeps (by `oversleepMs` more than asked). */
function fakeClock(oversleepMs = 0) {
  let now = 0;
  const clock: Clock & { set(ms: number): void } = {
    now: () => now,
    sleepUntil: async (ms) => {
      // Replies already in hand are taken before time moves on, as the event loop does.
      await settle();
      now = Math.max(now, ms + oversleepMs);
    },
    set: (ms) => {
      now = ms;
    },
  };
  return clock;
}

function sample(latencyMs: number, status: number | 'network' = 200): Sample {
  return {
    label: 'request',
    scheduledMs: 0,
    sentMs: 0,
    endMs: latencyMs,
    status: status === 'network' ? undefined : status,
    detail: `body ${latencyMs}`,
  };
}

describe('schedules', () => {
  it('spaces a fixed rate evenly over the duration', () => {
    const times = fixedRate(400, 1000);
    expect(times).toHaveLength(400);
    expect(times.slice(0, 3)).toEqual([0, 2.5, 5]);
    expect(times.at(-1)).toBe(997.5);
  });

  it('puts each step of a ramp after the one before', () => {
    expect(
      steps([
        { rate: 2, durationMs: 1000 },
        { rate: 4, durationMs: 1000 },
      ]),
    ).toEqual([0, 500, 1000, 1250, 1500, 1750]);
  });
});

describe('runOpenLoop', () => {
  it('sends each request at its time while none is answered, and counts latency from that time', async () => {
    const clock = fakeClock();
    const answers: ((outcome: Outcome) => void)[] = [];
    const running = runOpenLoop({
      offsets: fixedRate(100, 100),
      clock,
      label: 'stalled',
      send: () => new Promise((resolve) => answers.push(resolve)),
    });
    // The server stalls: nothing comes back, and yet all ten go out, each on time.
    while (answers.length < 10) await settle();
    clock.set(500);
    for (const answer of answers) answer({ status: 200 });
    const run = await running;

    expect(run.peakInFlight).toBe(10);
    expect(run.samples.every((each) => each.sentMs === each.scheduledMs)).toBe(true);
    expect(run.samples.map(latencyOf)).toEqual([500, 490, 480, 470, 460, 450, 440, 430, 420, 410]);
    expect(summarize(run.samples)).toMatchObject({ count: 10, errors: 0, p50: 450, max: 500 });
    expect(summarize(run.samples).sendLag.behind).toBe(false);
  });

  it('flags a generator that sends late, and still counts from the scheduled time', async () => {
    const clock = fakeClock(25);
    const run = await runOpenLoop({
      offsets: [10, 110, 210],
      clock,
      send: async () => ({ status: 204 }),
    });
    const summary = summarize(run.samples);
    expect(summary.sendLag).toEqual({ p99: 25, max: 25, behind: true });
    // Sent 25 ms late, answered at once: 25 ms from when it should have gone.
    expect(summary.p99).toBe(25);
  });

  it('labels each sample by its outcome, else by the run', async () => {
    const run = await runOpenLoop({
      offsets: [0, 1],
      clock: fakeClock(),
      label: 'default',
      send: async (index) => ({ status: 200, label: index === 0 ? 'first' : undefined }),
    });
    expect(run.samples.map((each) => each.label).sort()).toEqual(['default', 'first']);
  });
});

describe('summarize', () => {
  it('gives each kind of failure once, whatever its request id', () => {
    const failure = (requestId: string): Sample => ({
      ...sample(5, 500),
      detail: `{"message":"Something went wrong.","requestId":"${requestId}"}`,
    });
    expect(summarize([failure('a'), failure('b'), sample(6, 409)]).errorExamples).toEqual([
      '500 {"message":"Something went wrong."}',
      '409 body 6',
    ]);
  });

  it('gives nearest-rank percentiles', () => {
    const values = Array.from({ length: 100 }, (_, index) => index + 1);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 99)).toBe(0);
  });

  it('counts non-2xx replies and network errors as errors, with the first ones as examples', () => {
    const summary = summarize([
      sample(5),
      sample(6, 503),
      sample(7, 'network'),
      sample(8, 302),
      sample(9, 409),
    ]);
    expect(summary.errors).toBe(4);
    expect(summary.errorExamples).toEqual(['503 body 6', 'network body 7', '302 body 8']);
    expect(summary.max).toBe(9);
  });
});

describe('httpSender', () => {
  it('reports a reply status and the body of a failure, and a refused connection without a status', async () => {
    const server = http.createServer((request, response) => {
      if (request.url === '/fails') response.writeHead(500).end('it broke');
      else response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const sender = httpSender();
    try {
      expect(await sender.send({ base, method: 'GET', path: '/', label: 'home' }, true)).toEqual({
        status: 200,
        label: 'home',
        json: { ok: true },
      });
      expect(await sender.send({ base, method: 'POST', path: '/fails', body: '{}' })).toMatchObject({
        status: 500,
        detail: 'it broke',
      });
    } finally {
      sender.close();
      server.close();
      await once(server, 'close');
    }
    const refused = await sender.send({ base, method: 'GET', path: '/' });
    expect(refused.status).toBeUndefined();
    expect(refused.detail).toMatch(/ECONNREFUSED/);
  });
});
