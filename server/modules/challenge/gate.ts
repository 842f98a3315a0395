import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { CHALLENGE_HEADER, challengeMessages } from '../../../contracts/challenge';
import { AppError } from '../../errors';
import { countAttempt } from './attempt-counter';
import { challengeKeys, parseSolutionHeader, spendSolution } from './bot-challenge';

export const CHALLENGE_WINDOW_MS = 15 * 60 * 1000;
export const CHALLENGE_COUNTER_PREFIX = 'challenge:';

export interface ChallengeGateOptions {
  /** The e-mail or mobile the request is about, counted apart from the IP; by default read from the body. */
  addressOf?: (request: FastifyRequest) => string | undefined;
  /** A further reason to ask whatever the counts say, e.g. failed logins on the account. */
  alsoWhen?: (request: FastifyRequest) => Promise<boolean>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The body's e-mail (any case) or mobile (its last 10 digits, however written); undefined without one. */
export function addressInBody(request: FastifyRequest): string | undefined {
  const body = request.body;
  if (!isRecord(body)) return undefined;
  for (const field of ['address', 'email']) {
    const value = body[field];
    if (typeof value === 'string' && value.trim() !== '') return value.trim().toLowerCase();
  }
  for (const field of ['mobile', 'phone', 'phoneNumber']) {
    const value = body[field];
    const digits = typeof value === 'string' ? value.replace(/\D/g, '').slice(-10) : '';
    if (digits !== '') return digits;
  }
  return undefined;
}

/**
 * docs/architecture.md#bot-challenge: a preHandler that counts the request per IP and per address and, past
 * either threshold in 15 minutes (or when `alsoWhen` says so), lets it through only with an unspent solution
 * in the X-Altcha header; otherwise 428. A route opts in with `preHandler: challengeGate(app)`.
 */
export function challengeGate(
  app: FastifyInstance,
  options: ChallengeGateOptions = {},
): preHandlerAsyncHookHandler {
  const { afterRequests } = app.config.botChallenge;
  const keys = challengeKeys(app.config.botChallenge);
  const addressOf = options.addressOf ?? addressInBody;

  async function overThreshold(request: FastifyRequest): Promise<boolean> {
    const ipCount = await countAttempt(
      app.db,
      `${CHALLENGE_COUNTER_PREFIX}ip:${request.ip}`,
      CHALLENGE_WINDOW_MS,
    );
    const address = addressOf(request);
    const addressCount = address
      ? await countAttempt(app.db, `${CHALLENGE_COUNTER_PREFIX}address:${address}`, CHALLENGE_WINDOW_MS)
      : 0;
    return ipCount > afterRequests.ip || addressCount > afterRequests.address;
  }

  return async function requireSolvedChallenge(request) {
    const payload = parseSolutionHeader(request.headers[CHALLENGE_HEADER]);
    const required = (await overThreshold(request)) || ((await options.alsoWhen?.(request)) ?? false);
    if (!required) return;
    if (payload && (await spendSolution(app.db, keys, payload))) return;
    throw new AppError('challenge_required', challengeMessages.required);
  };
}
