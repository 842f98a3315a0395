import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { expect } from 'vitest';
import { CHALLENGE_HEADER } from '../../contracts/challenge';
import type { BotChallenge } from '../../contracts/challenge-schema';
import type { TestApp } from './build-test-app';

/** Solves a challenge as the browser's widget does and encodes it for the X-Altcha header. */
export async function solutionFor(challenge: BotChallenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 10_000 });
  if (!solution) throw new Error('challenge not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** A fresh challenge from the app, solved: the header a browser sends after its 428. */
export async function solvedChallengeHeader(app: TestApp): Promise<Record<string, string>> {
  const response = await app.inject({ method: 'GET', url: '/api/challenge' });
  expect(response.statusCode, response.body).toBe(200);
  return { [CHALLENGE_HEADER]: await solutionFor(response.json<BotChallenge>()) };
}
