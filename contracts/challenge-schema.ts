import { z } from 'zod';

// Apart from contracts/challenge.ts, whose constants the browser's first chunk carries without zod.
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
