import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BotChallenge } from '../../../contracts/challenge-schema';
import { assertProductionKeys, loadConfig } from '../../config';
import { attemptCounters, spentChallenges } from '../../db/schema';
import { uniqueContact } from '../../test/auth-helpers';
import { solutionFor, solvedChallengeHeader } from '../../test/bot-challenge-helpers';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { testBotChallenge } from '../../test/test-config';
import { sweepBotChallengeRows } from './sweep';

const HMAC_KEY = 'a-test-key-of-at-least-thirty-two-characters';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({
    authRateLimitMax: 100_000,
    contactRateLimit: { max: 100_000, windowMs: 60_000 },
    jobWorkers: false,
    botChallenge: { ...testBotChallenge, hmacKey: HMAC_KEY, afterRequests: { address: 2, ip: 3 } },
  });
});
afterAll(() => app.closeAndDrop());

const robot = { message: 'Please confirm you are not a robot.' };
let nextIp = 0;
/** An IP no other test has used, so each test counts from zero. */
const freshIp = () => `10.9.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;

function sendOtp(email: string, remoteAddress: string, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/send-otp',
    payload: { email },
    remoteAddress,
    headers,
  });
}

/** An address already past its threshold (2 requests), from fresh IPs: the next request needs a solution. */
async function addressPastThreshold() {
  const { email } = uniqueContact();
  for (let i = 0; i < 2; i += 1) expect((await sendOtp(email, freshIp())).statusCode).toBe(200);
  return email;
}

async function signedChallenge(options: { key?: string; expiresAt?: Date } = {}): Promise<BotChallenge> {
  return (await createChallenge({
    algorithm: 'PBKDF2/SHA-256',
    cost: 1,
    counter: 3,
    deriveKey,
    expiresAt: options.expiresAt ?? new Date(Date.now() + 60_000),
    hmacSignatureSecret: options.key ?? HMAC_KEY,
  })) as BotChallenge;
}

describe('GET /api/challenge', () => {
  it('gives a fresh signed challenge that no cache may keep', async () => {
    const [first, second] = await Promise.all([
      app.inject({ method: 'GET', url: '/api/challenge' }),
      app.inject({ method: 'GET', url: '/api/challenge' }),
    ]);
    expect(first?.statusCode).toBe(200);
    expect(first?.headers['cache-control']).toBe('no-store');
    const challenge = first?.json<BotChallenge>();
    expect(challenge?.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 1 });
    expect(challenge?.parameters.expiresAt).toBeGreaterThan(Date.now() / 1000 + 9 * 60);
    expect(challenge?.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(second?.json<BotChallenge>().signature).not.toBe(challenge?.signature);
  });
});

describe('the bot challenge gate', () => {
  it('asks past the threshold per address, from any IP, and lets a solved request through', async () => {
    const email = await addressPastThreshold();
    const refused = await sendOtp(email, freshIp());
    expect(refused.statusCode).toBe(428);
    expect(refused.json()).toEqual(robot);
    const solved = await sendOtp(email, freshIp(), await solvedChallengeHeader(app));
    expect(solved.statusCode, solved.body).toBe(200);
  });

  it('asks past the threshold per IP, whatever the address', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i += 1) expect((await sendOtp(uniqueContact().email, ip)).statusCode).toBe(200);
    expect((await sendOtp(uniqueContact().email, ip)).statusCode).toBe(428);
    expect((await sendOtp(uniqueContact().email, freshIp())).statusCode).toBe(200);
  });

  it('counts a mobile however it is written as one address', async () => {
    const { mobile } = uniqueContact();
    for (const written of [mobile, `+91${mobile}`]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/send-otp',
        payload: { mobile: written },
        remoteAddress: freshIp(),
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const third = await app.inject({
      method: 'POST',
      url: '/api/auth/send-otp',
      payload: { mobile: `+91${mobile}` },
      remoteAddress: freshIp(),
    });
    expect(third.statusCode).toBe(428);
  });

  it('guards signup and the contact form too', async () => {
    const ip = freshIp();
    const contact = { name: 'Asha Rao', email: uniqueContact().email, message: 'Do you ship to Kochi?' };
    const post = (headers: Record<string, string> = {}) =>
      app.inject({ method: 'POST', url: '/api/contact', payload: contact, remoteAddress: ip, headers });
    expect((await post()).statusCode).toBe(201);
    expect((await post()).statusCode).toBe(201);
    expect((await post()).json()).toEqual(robot);
    expect((await post(await solvedChallengeHeader(app))).statusCode).toBe(201);

    const signup = () =>
      app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { email: contact.email, password: 'a-long-password' },
        remoteAddress: freshIp(),
      });
    expect((await signup()).statusCode).toBe(428);
  });

  it('takes a solution once: a replay is asked again', async () => {
    const email = await addressPastThreshold();
    const header = await solvedChallengeHeader(app);
    expect((await sendOtp(email, freshIp(), header)).statusCode).toBe(200);
    const replay = await sendOtp(email, freshIp(), header);
    expect(replay.statusCode).toBe(428);
    expect(replay.json()).toEqual(robot);
  });

  it('lets only one of two parallel requests spend the same solution', async () => {
    const email = await addressPastThreshold();
    const header = await solvedChallengeHeader(app);
    const statuses = await Promise.all([
      sendOtp(email, freshIp(), header),
      sendOtp(email, freshIp(), header),
    ]);
    expect(statuses.map((response) => response.statusCode).sort()).toEqual([200, 428]);
  });

  it('refuses an expired challenge, one signed with another key, and a wrong or tampered solution', async () => {
    const email = await addressPastThreshold();
    const expired = await solutionFor(await signedChallenge({ expiresAt: new Date(Date.now() - 1000) }));
    const otherKey = await solutionFor(
      await signedChallenge({ key: 'another-key-of-at-least-thirty-two-chars' }),
    );
    const good = JSON.parse(Buffer.from(await solutionFor(await signedChallenge()), 'base64').toString());
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
    const wrongCounter = encode({
      ...good,
      solution: { ...good.solution, counter: good.solution.counter + 1 },
    });
    const longerLife = encode({
      ...good,
      challenge: { ...good.challenge, parameters: { ...good.challenge.parameters, expiresAt: 4102444800 } },
    });
    const wrongKey = encode({ ...good, solution: { ...good.solution, derivedKey: '00'.repeat(32) } });
    for (const header of [expired, otherKey, wrongCounter, longerLife, wrongKey]) {
      const response = await sendOtp(email, freshIp(), { 'x-altcha': header });
      expect(response.statusCode).toBe(428);
    }
    expect((await sendOtp(email, freshIp(), { 'x-altcha': encode(good) })).statusCode).toBe(200);
  });

  it('answers garbage in the header with a 428, never a 5xx', async () => {
    const email = await addressPastThreshold();
    const garbage = [
      '',
      'x',
      '%%%',
      'bnVsbA==',
      Buffer.from('{"challenge":1,"solution":[]}').toString('base64'),
      Buffer.from('{"challenge":{"parameters":{},"signature":"a"},"solution":{"counter":-1}}').toString(
        'base64',
      ),
      Buffer.from(
        JSON.stringify({
          challenge: {
            parameters: {
              algorithm: 'MD5',
              nonce: 'zz',
              salt: 'zz',
              cost: -1,
              keyLength: 1e9,
              keyPrefix: '',
              expiresAt: 1e20,
            },
            signature: 'not-hex',
          },
          solution: { counter: 1.5, derivedKey: 'ZZ' },
        }),
      ).toString('base64'),
      'A'.repeat(10_000),
    ];
    for (const header of garbage) {
      const response = await sendOtp(email, freshIp(), { 'x-altcha': header });
      expect(response.statusCode, header.slice(0, 40)).toBe(428);
      expect(response.json()).toEqual(robot);
    }
  });
});

describe('the sweep', () => {
  it('forgets spent solutions of expired challenges and counts whose window has passed', async () => {
    const old = new Date(Date.now() - 16 * 60_000);
    await app.db.insert(spentChallenges).values([
      { signature: 'sweep-expired', expiresAt: old },
      { signature: 'sweep-live', expiresAt: new Date(Date.now() + 60_000) },
    ]);
    await app.db.insert(attemptCounters).values([
      { key: 'challenge:ip:sweep-old', count: 4, windowStartedAt: old },
      { key: 'challenge:ip:sweep-new', count: 4 },
      { key: 'someone-else:sweep-old', count: 4, windowStartedAt: old },
    ]);
    expect(await sweepBotChallengeRows(app.db)).toBeGreaterThanOrEqual(2);
    const spent = await app.db.select().from(spentChallenges);
    expect(spent.map((row) => row.signature)).toContain('sweep-live');
    expect(spent.map((row) => row.signature)).not.toContain('sweep-expired');
    for (const [key, kept] of [
      ['challenge:ip:sweep-old', false],
      ['challenge:ip:sweep-new', true],
      ['someone-else:sweep-old', true],
    ] as const) {
      const rows = await app.db.select().from(attemptCounters).where(eq(attemptCounters.key, key));
      expect(rows.length, key).toBe(kept ? 1 : 0);
    }
  });
});

describe('ALTCHA_HMAC_KEY and STAFF_SECRETS_KEY', () => {
  it('are required in production, where processes must agree, and optional elsewhere', () => {
    const staffKey = 'staff-secrets-key-0123456789abcdef0123';
    expect(() => assertProductionKeys(loadConfig({ NODE_ENV: 'production' }))).toThrow(
      'ALTCHA_HMAC_KEY is required with NODE_ENV=production\n  STAFF_SECRETS_KEY is required with NODE_ENV=production',
    );
    expect(() =>
      assertProductionKeys(loadConfig({ NODE_ENV: 'production', ALTCHA_HMAC_KEY: HMAC_KEY })),
    ).toThrow('STAFF_SECRETS_KEY is required');
    expect(() =>
      assertProductionKeys(
        loadConfig({ NODE_ENV: 'production', ALTCHA_HMAC_KEY: HMAC_KEY, STAFF_SECRETS_KEY: staffKey }),
      ),
    ).not.toThrow();
    expect(() => assertProductionKeys(loadConfig({}))).not.toThrow();
    expect(() => loadConfig({ ALTCHA_HMAC_KEY: 'short' })).toThrow('ALTCHA_HMAC_KEY');
  });

  it('reads the thresholds, 5 per address and 10 per IP unless set', () => {
    expect(loadConfig({}).botChallenge.afterRequests).toEqual({ address: 5, ip: 10 });
    expect(
      loadConfig({ CHALLENGE_AFTER_REQUESTS_PER_ADDRESS: '2', CHALLENGE_AFTER_REQUESTS_PER_IP: '0' })
        .botChallenge.afterRequests,
    ).toEqual({ address: 2, ip: 0 });
  });
});
