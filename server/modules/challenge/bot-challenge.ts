import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';
import { type BotChallenge, BotChallengeSchema } from '../../../contracts/challenge-schema';
import type { BotChallengeConfig } from '../../config';
import type { Database } from '../../db/client';
import { spentChallenges } from '../../db/schema';

const ALGORITHM = 'PBKDF2/SHA-256';
const CHALLENGE_LIFETIME_MS = 10 * 60 * 1000;
// A solution's header is a base64 JSON of about 600 bytes; anything much longer is not one of ours.
const MAX_HEADER_LENGTH = 4_096;

export interface ChallengeKeys {
  /** Signs the challenge's parameters. */
  signature: string;
  /** Signs the derived key the solver must find, so verifying costs one HMAC (altcha's deterministic mode). */
  keySignature: string;
}

// docs/operations.md#configuration: without ALTCHA_HMAC_KEY (development, tests) each process makes one up.
const processKey = randomBytes(32).toString('hex');

export function challengeKeys(config: BotChallengeConfig): ChallengeKeys {
  const key = config.hmacKey ?? processKey;
  return {
    signature: key,
    keySignature: createHmac('sha256', key).update('altcha-key-signature').digest('hex'),
  };
}

/** A fresh challenge: the solver must find a secret counter in the configured range. */
export async function createBotChallenge(
  config: BotChallengeConfig,
  keys: ChallengeKeys,
): Promise<BotChallenge> {
  const { cost, counterMin, counterMax } = config.difficulty;
  const challenge = await createChallenge({
    algorithm: ALGORITHM,
    cost,
    counter: randomInt(counterMin, counterMax + 1),
    deriveKey,
    expiresAt: new Date(Date.now() + CHALLENGE_LIFETIME_MS),
    hmacSignatureSecret: keys.signature,
    hmacKeySignatureSecret: keys.keySignature,
  });
  return BotChallengeSchema.parse(challenge);
}

const PayloadSchema = z.object({
  challenge: BotChallengeSchema,
  solution: z.object({ counter: z.number(), derivedKey: z.string().max(256) }),
});

type Payload = z.infer<typeof PayloadSchema>;

/** The header's base64 JSON, if it has the shape of a solution; anything else is no solution. */
export function parseSolutionHeader(header: unknown): Payload | undefined {
  if (typeof header !== 'string' || header.length === 0 || header.length > MAX_HEADER_LENGTH)
    return undefined;
  try {
    const parsed = PayloadSchema.safeParse(JSON.parse(Buffer.from(header, 'base64').toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether the payload solves a challenge we signed that has not expired and was never used; a good one is
 * spent here, so it passes one request only (the insert decides between two requests racing with it).
 */
export async function spendSolution(db: Database, keys: ChallengeKeys, payload: Payload): Promise<boolean> {
  const result = await verifySolution({
    challenge: payload.challenge,
    solution: payload.solution,
    deriveKey,
    hmacSignatureSecret: keys.signature,
    hmacKeySignatureSecret: keys.keySignature,
  }).catch(() => undefined);
  if (!result?.verified) return false;
  const spent = await db
    .insert(spentChallenges)
    .values({
      signature: payload.challenge.signature,
      expiresAt: new Date(payload.challenge.parameters.expiresAt * 1000),
    })
    .onConflictDoNothing()
    .returning({ signature: spentChallenges.signature });
  return spent.length === 1;
}
