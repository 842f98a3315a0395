import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BotChallengeSchema } from '../../../contracts/challenge-schema';
import { errorReplies } from '../../../contracts/http';
import { challengeKeys, createBotChallenge } from '../../modules/challenge/bot-challenge';

const challengeRoutes: FastifyPluginAsyncZod = async (app) => {
  const keys = challengeKeys(app.config.botChallenge);

  app.get(
    '/challenge',
    {
      // Making a challenge costs one key derivation: a generous cap keeps it from being a free CPU sink.
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags: ['auth'],
        summary: 'A fresh bot challenge (ALTCHA) to solve after a 428 (docs/architecture.md#bot-challenge)',
        response: { 200: BotChallengeSchema, ...errorReplies(429) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return createBotChallenge(app.config.botChallenge, keys);
    },
  );
};

export default challengeRoutes;
