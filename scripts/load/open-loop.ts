// An open-loop load generator (docs/operations.md#open-loop): each request is sent at its scheduled time
// whether or not earlier ones were answered, and its latency runs from that scheduled time to the end of its
// reply. A closed loop (each connection waiting for its reply before sending the next) sends nothing while
// the server stalls, so the requests a stall delays are never counted; here they are.
import http from 'node:http';

/** The generator's notion of time, in milliseconds; tests pass a fake one. */
export interface Clock {
  now(): number;
  sleepUntil(ms: number): Promise<void>;
}

export const realClock: Clock = {
  now: () => performance.now(),
  sleepUntil: (ms) =>
    new Promise((resolve) => {
      setTimeout(resolve, Math.max(0, ms - performance.now()));
    }),
};

/** Send times (ms from the start) of `rate` requests a second, evenly spaced, for `durationMs`. */
export function fixedRate(rate: number, durationMs: number, startMs = 0): number[] {
  const count = Math.floor((rate * durationMs) / 1000);
  return Array.from({ length: count }, (_, index) => startMs + (index * 1000) / rate);
}

/** One fixed rate after another: the send times of a ramp's steps, each after the last. */
export function steps(rates: readonly { rate: number; durationMs: number }[]): number[] {
  let startMs = 0;
  return rates.flatMap(({ rate, durationMs }) => {
    const times = fixedRate(rate, durationMs, startMs);
    startMs += durationMs;
    return times;
  });
}

/** How one request ended: `status` is absent when no reply came (refused, reset, timed out). */
export interface Outcome {
  status?: number;
  /** The reply's body (cut short) when it failed, or the network error's message. */
  detail?: string;
  /** What the request was, to report figures per kind (`create-order`, `catalogue`…). */
  label?: string;
}

export interface Sample {
  label: string;
  /** When it should have been sent, when it was, and when its reply ended, on the clock. */
  scheduledMs: number;
  sentMs: number;
  endMs: number;
  status?: number;
  detail?: string;
}

export const isError = (sample: Pick<Sample, 'status'>) =>
  sample.status === undefined || sample.status < 200 || sample.status >= 300;

/** Latency as an open loop counts it: from the scheduled send to the end of the reply. */
export const latencyOf = (sample: Sample) => sample.endMs - sample.scheduledMs;

export interface OpenLoopRun {
  samples: Sample[];
  /** The most requests waiting for their reply at one time. */
  peakInFlight: number;
  elapsedMs: number;
}

/**
 * Sends request `index` at `startMs + offsets[index]` for every index, without waiting for replies, and
 * resolves once every reply has come. `send` must not throw for a failed request: it returns its outcome.
 */
export async function runOpenLoop(options: {
  offsets: readonly number[];
  send: (index: number) => Promise<Outcome>;
  clock?: Clock;
  label?: string;
}): Promise<OpenLoopRun> {
  const clock = options.clock ?? realClock;
  const startMs = clock.now();
  const samples: Sample[] = [];
  const replies: Promise<void>[] = [];
  let inFlight = 0;
  let peakInFlight = 0;
  for (const [index, offset] of options.offsets.entries()) {
    const scheduledMs = startMs + offset;
    if (clock.now() < scheduledMs) await clock.sleepUntil(scheduledMs);
    const sentMs = clock.now();
    inFlight += 1;
    peakInFlight = Math.max(peakInFlight, inFlight);
    replies.push(
      options.send(index).then((outcome) => {
        inFlight -= 1;
        samples.push({
          label: outcome.label ?? options.label ?? 'request',
          scheduledMs,
          sentMs,
          endMs: clock.now(),
          status: outcome.status,
          detail: outcome.detail,
        });
      }),
    );
  }
  await Promise.all(replies);
  return { samples, peakInFlight, elapsedMs: clock.now() - startMs };
}

/** The value below which `percent` of the sorted values lie (nearest rank); 0 for none. */
export function percentile(sorted: readonly number[], percent: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((percent / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? 0;
}

/** A request sent this much after its time means the generator, not the server, was behind. */
export const LATE_SEND_MS = 10;
const ERROR_EXAMPLES = 3;
/** A reply's own request id: left out so that failures differing only in it count as one example. */
const REQUEST_ID = /,?"requestId":"[^"]*"/g;

export interface Summary {
  count: number;
  errors: number;
  /** The first few kinds of failure: status (or "network") and the start of the body or the error. */
  errorExamples: string[];
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** How late the generator itself sent: its p99 and worst, and whether that makes the figures suspect. */
  sendLag: { p99: number; max: number; behind: boolean };
}

export function summarize(samples: readonly Sample[]): Summary {
  const latencies = samples.map(latencyOf).sort((a, b) => a - b);
  const lags = samples.map((sample) => sample.sentMs - sample.scheduledMs).sort((a, b) => a - b);
  const failed = samples.filter(isError).sort((a, b) => a.scheduledMs - b.scheduledMs);
  const lagP99 = percentile(lags, 99);
  return {
    count: samples.length,
    errors: failed.length,
    errorExamples: [
      ...new Set(
        failed.map((sample) =>
          `${sample.status ?? 'network'} ${(sample.detail ?? '').replace(REQUEST_ID, '').slice(0, 160)}`.trim(),
        ),
      ),
    ].slice(0, ERROR_EXAMPLES),
    p50: percentile(latencies, 50),
    p90: percentile(latencies, 90),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? 0,
    sendLag: { p99: lagP99, max: lags.at(-1) ?? 0, behind: lagP99 > LATE_SEND_MS },
  };
}

/** Samples grouped by label, in the order each label first appears. */
export function byLabel(samples: readonly Sample[]): Map<string, Sample[]> {
  const groups = new Map<string, Sample[]>();
  for (const sample of samples) {
    const group = groups.get(sample.label);
    if (group) group.push(sample);
    else groups.set(sample.label, [sample]);
  }
  return groups;
}

/** One line: count, errors, p50/p90/p99/max, and a warning when the generator fell behind. */
export function formatSummary(summary: Summary): string {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const lag = summary.sendLag.behind
    ? `; GENERATOR BEHIND (sends late by ${ms(summary.sendLag.p99)} at p99, ${ms(summary.sendLag.max)} at worst): the client, not only the server, was slow`
    : '';
  const examples = summary.errorExamples.length > 0 ? ` [first: ${summary.errorExamples.join(' | ')}]` : '';
  return `${summary.count} requests, ${summary.errors} errors${examples}, p50 ${ms(summary.p50)}, p90 ${ms(summary.p90)}, p99 ${ms(summary.p99)}, max ${ms(summary.max)}${lag}`;
}

export interface HttpRequest {
  /** `http://host:port`. */
  base: string;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  label?: string;
}

const DETAIL_CHARS = 300;

/**
 * A keep-alive HTTP client for open loops: it opens a new connection whenever every open one is waiting, so a
 * slow reply never holds back the next send (node:http's agent rather than fetch, to control that).
 */
export function httpSender(options: { timeoutMs?: number } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  const timeoutMs = options.timeoutMs ?? 30_000;
  /** Sends; with `parseJson`, also gives the reply's JSON, for a request whose answer the next one needs. */
  const send = (request: HttpRequest, parseJson = false): Promise<Outcome & { json?: unknown }> =>
    new Promise((resolve) => {
      const failed = (error: Error) => resolve({ detail: error.message, label: request.label });
      const body = request.body === undefined ? {} : { 'content-length': Buffer.byteLength(request.body) };
      const outgoing = http.request(
        new URL(request.path, request.base),
        {
          agent,
          method: request.method,
          headers: {
            ...(request.body === undefined ? {} : { 'content-type': 'application/json', ...body }),
            ...request.headers,
          },
          timeout: timeoutMs,
        },
        (response) => {
          const status = response.statusCode ?? 0;
          const ok = status >= 200 && status < 300;
          const keep = !ok || parseJson;
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => {
            if (keep) chunks.push(chunk);
          });
          response.on('error', failed);
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString();
            if (!ok) resolve({ status, detail: text.slice(0, DETAIL_CHARS), label: request.label });
            else
              resolve({
                status,
                label: request.label,
                json: parseJson ? parsedOrUndefined(text) : undefined,
              });
          });
        },
      );
      outgoing.on('timeout', () => outgoing.destroy(new Error(`no reply in ${timeoutMs} ms`)));
      outgoing.on('error', failed);
      outgoing.end(request.body);
    });
  return { send, close: () => agent.destroy() };
}

function parsedOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
