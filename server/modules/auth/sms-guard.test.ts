import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../contracts/messages';
import { mobileMessages } from '../../../contracts/phone';
import { otpCodes, securityAlerts } from '../../db/schema';
import { uniqueContact } from '../../test/auth-helpers';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { readOutbox } from '../../test/dev-outbox';
import { listOpenSecurityAlerts, raiseSecurityAlert } from '../security-alerts/security-alerts';
import { assertSmsWithinLimits } from './sms-guard';

// docs/architecture.md#accounts: SMS pumping is stopped by an hourly budget and a per-prefix limit.

const HOURLY_BUDGET = 8;
const PREFIX_LIMIT = 3;
const refusal = {
  message: 'We cannot send an OTP by SMS right now. Please use your email instead, or try again later.',
};

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({
    authRateLimitMax: 10_000,
    otpSms: { hourlyBudget: HOURLY_BUDGET, prefixHourlyLimit: PREFIX_LIMIT },
  });
});
afterAll(() => app.closeAndDrop());

const sendOtp = (payload: object) => app.inject({ method: 'POST', url: '/api/auth/send-otp', payload });

async function smsCount(to: string) {
  return (await readOutbox(app, to)).filter((message) => message.channel === 'sms').length;
}

describe('OTP SMS limits', () => {
  it('refuses numbers that are not mobiles before sending anything', async () => {
    // docs/product.md#phone-and-email: each says why.
    const refusals: [string, string][] = [
      ['0000000000', messages.phoneNotMobile],
      ['1111111111', messages.phoneNotMobile],
      ['1234567890', messages.phoneNotMobile],
      ['9999999999', mobileMessages.repeatedDigit],
      ['9876543210', mobileMessages.straightRun],
    ];
    for (const [mobile, message] of refusals) {
      const response = await sendOtp({ mobile });
      expect(response.statusCode, mobile).toBe(400);
      expect(response.json()).toMatchObject({ message });
      expect(await smsCount(mobile)).toBe(0);
    }
  });

  it('stops a prefix, then the whole hourly budget, raising one counted alert each', async () => {
    const prefixNumbers = Array.from(
      { length: PREFIX_LIMIT + 2 },
      (_, i) => `98765${String(i + 10).padStart(5, '0')}`,
    );
    const statuses = [];
    for (const mobile of prefixNumbers) statuses.push((await sendOtp({ mobile })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const refused = await sendOtp({ mobile: '9876509999' });
    expect(refused.json()).toEqual(refusal);
    for (const mobile of prefixNumbers.slice(PREFIX_LIMIT)) expect(await smsCount(mobile)).toBe(0);
    expect(await smsCount('9876509999')).toBe(0);

    const otherPrefixes = Array.from({ length: HOURLY_BUDGET - PREFIX_LIMIT }, (_, i) =>
      `9${i + 1}12340000`.slice(0, 10),
    );
    for (const mobile of otherPrefixes) expect((await sendOtp({ mobile })).statusCode, mobile).toBe(200);
    const overBudget = ['7712340001', '8812340001'];
    for (const mobile of overBudget) {
      const response = await sendOtp({ mobile });
      expect(response.statusCode).toBe(429);
      expect(response.json()).toEqual(refusal);
      expect(await smsCount(mobile)).toBe(0);
    }
    // An e-mail OTP is not an SMS: the shop still sends it.
    expect((await sendOtp({ email: uniqueContact().email })).statusCode).toBe(200);

    const sms = await app.db.select().from(otpCodes).where(eq(otpCodes.channel, 'sms'));
    expect(sms).toHaveLength(HOURLY_BUDGET);
    const alerts = await listOpenSecurityAlerts(app.db);
    expect(alerts).toHaveLength(2);
    expect(alerts[0]).toMatchObject({ kind: 'sms_prefix_velocity', subject: '987650', occurrences: 3 });
    expect(alerts[0]?.detail).toBe(
      '3 OTP SMS in the last hour to numbers starting 987650 reached the limit of 3.',
    );
    expect(alerts[1]).toMatchObject({ kind: 'sms_budget_exhausted', subject: '', occurrences: 2 });
    expect(alerts[1]?.detail).toBe('8 OTP SMS in the last hour reached the hourly budget of 8.');
  });

  it('counts only the last hour of delivered codes', async () => {
    await app.db.update(otpCodes).set({ createdAt: new Date(Date.now() - 61 * 60 * 1000) });
    expect((await sendOtp({ mobile: '9876500099' })).statusCode).toBe(200);
    await app.db.update(otpCodes).set({ delivered: false });
    for (let i = 0; i < PREFIX_LIMIT; i += 1)
      expect((await sendOtp({ mobile: `98765001${i}0` })).statusCode).toBe(200);
  });

  it('logs a warning with the alert when it refuses', async () => {
    expect((await sendOtp({ mobile: '7012340001' })).statusCode).toBe(200);
    const warnings: [object, string][] = [];
    const guard = {
      limits: { hourlyBudget: 1_000, prefixHourlyLimit: 1 },
      log: { warn: (object: object, message: string) => warnings.push([object, message]) },
    };
    await expect(
      assertSmsWithinLimits(app.db, guard, { channel: 'sms', address: '7012340002' }),
    ).rejects.toMatchObject({ statusCode: 429, message: refusal.message });
    expect(warnings).toEqual([
      [
        { alert: { kind: 'sms_prefix_velocity', subject: '701234', occurrences: 1 } },
        'OTP SMS refused: 1 OTP SMS in the last hour to numbers starting 701234 reached the limit of 1.',
      ],
    ]);
    await expect(
      assertSmsWithinLimits(app.db, guard, { channel: 'email', address: 'asha@example.in' }),
    ).resolves.toBeUndefined();
  });
});

describe('security alerts', () => {
  it('keep one open row per kind and subject, even when raised at once', async () => {
    const alert = { kind: 'sms_prefix_velocity', subject: '912345', detail: 'test' } as const;
    await Promise.all(Array.from({ length: 6 }, () => raiseSecurityAlert(app.db, alert)));
    const [open] = (await listOpenSecurityAlerts(app.db)).filter((row) => row.subject === '912345');
    expect(open?.occurrences).toBe(6);
    expect(open?.lastSeenAt.getTime()).toBeGreaterThanOrEqual(open?.raisedAt.getTime() ?? Infinity);

    await app.db
      .update(securityAlerts)
      .set({ resolvedAt: new Date() })
      .where(eq(securityAlerts.subject, '912345'));
    const reopened = await raiseSecurityAlert(app.db, alert);
    expect(reopened.occurrences).toBe(1);
    expect(reopened.id).not.toBe(open?.id);
    const rows = await app.db.select().from(securityAlerts).where(eq(securityAlerts.subject, '912345'));
    expect(rows).toHaveLength(2);
  });
});
