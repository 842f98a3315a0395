import { z } from 'zod';

/** docs/architecture.md#bot-challenge: the solved challenge travels in this header, so no body changes. */
export const CHALLENGE_HEADER = 'x-altcha';

export const challengeMessages = {
  required: 'Please confirm you are not a robot.',
} as const;

/** An ALTCHA (v2) challenge as `GET /api/challenge` gives it; the widget reads it as is. */
export const BotChallengeSchema = z
  .object({
    parameters: z.object({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      keySignature: z.string().optional(),
      expiresAt: z.number(),
    }),
    signature: z.string(),
  })
  .meta({ id: 'BotChallenge' });

export type BotChallenge = z.infer<typeof BotChallengeSchema>;
