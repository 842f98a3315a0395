import { describe, expect, it } from 'vitest';
import { assertSimulatorsAllowed, ConfigError, loadConfig, simulatedServices } from './config';
import { loggerOptions } from './logger-options';

describe('loadConfig', () => {
  it('defaults to embedded PGlite on port 3000', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      dataDir: 'data/pglite',
      env: 'development',
    });
  });

  it('caps OTP SMS at 300 an hour and 10 an hour a number prefix unless told otherwise', () => {
    expect(loadConfig({}).otpSms).toEqual({ hourlyBudget: 300, prefixHourlyLimit: 10 });
    expect(loadConfig({ OTP_SMS_HOURLY_BUDGET: '1000', OTP_SMS_PREFIX_HOURLY_LIMIT: '25' }).otpSms).toEqual({
      hourlyBudget: 1000,
      prefixHourlyLimit: 25,
    });
  });

  it('reads the database URL and port', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/shop', PORT: '8080' });
    expect(config.databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/shop');
    expect(config.port).toBe(8080);
  });

  it.each([
    ['PORT', 'eighty'],
    ['DATABASE_URL', 'mysql://root@localhost/shop'],
    ['LOG_LEVEL', 'loud'],
    ['TRUST_PROXY', 'yes'],
    ['OTP_SMS_HOURLY_BUDGET', '0'],
    ['OTP_SMS_PREFIX_HOURLY_LIMIT', 'ten'],
  ])('stops on a malformed %s, naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });

  it('starts a production shop without RazorpayX: payouts serve only COD refunds, not offered yet', () => {
    const production = loadConfig({
      NODE_ENV: 'production',
      RAZORPAY_KEY_ID: 'rzp_live_12345678',
      RAZORPAY_KEY_SECRET: 'a-key-secret',
      RAZORPAY_WEBHOOK_SECRET: 'a-webhook-secret',
    });
    const required = simulatedServices(production).filter((service) => service !== 'RazorpayX payouts');
    expect(simulatedServices(production)).toContain('RazorpayX payouts');
    expect(() => assertSimulatorsAllowed({ ...production, allowSimulators: false })).toThrow(
      required.join(', '),
    );
  });

  it('runs RazorpayX payouts on its simulator until its four settings are set, all of them', () => {
    const simulated = loadConfig({});
    expect(simulated.razorpayx).toBeUndefined();
    expect(simulatedServices(simulated)).toContain('RazorpayX payouts');
    const settings = {
      RAZORPAYX_KEY_ID: 'rzp_live_12345678',
      RAZORPAYX_KEY_SECRET: 'a-key-secret',
      RAZORPAYX_WEBHOOK_SECRET: 'a-webhook-secret',
      RAZORPAYX_ACCOUNT_NUMBER: '7878780080316316',
    };
    const real = loadConfig(settings);
    expect(real.razorpayx).toEqual({
      keyId: 'rzp_live_12345678',
      keySecret: 'a-key-secret',
      webhookSecret: 'a-webhook-secret',
      accountNumber: '7878780080316316',
      baseUrl: 'https://api.razorpay.com',
    });
    expect(simulatedServices(real)).not.toContain('RazorpayX payouts');
    const { RAZORPAYX_WEBHOOK_SECRET: _left, ...three } = settings;
    expect(() => loadConfig(three)).toThrow(
      'RAZORPAYX_KEY_ID, RAZORPAYX_KEY_SECRET, RAZORPAYX_WEBHOOK_SECRET and RAZORPAYX_ACCOUNT_NUMBER go together',
    );
    expect(() => loadConfig({ ...settings, RAZORPAYX_ACCOUNT_NUMBER: 'RZPX-1' })).toThrow(
      'RAZORPAYX_ACCOUNT_NUMBER',
    );
  });

  it('runs Shiprocket on its simulator until both API user fields are set', () => {
    const simulated = loadConfig({});
    expect(simulated.shiprocket).toBeUndefined();
    expect(simulatedServices(simulated)).toContain('Shiprocket shipping');
    expect(simulated.shipping).toEqual({
      pickupLocation: 'Primary',
      pickupPincode: '110001',
      webhookToken: undefined,
      simulatorStepSeconds: 60,
      simulatorNdrRate: 0,
    });

    const real = loadConfig({
      SHIPROCKET_EMAIL: 'api-user@ottomanmittens.in',
      SHIPROCKET_PASSWORD: 'correct horse',
      SHIPROCKET_PICKUP_LOCATION: 'Okhla Warehouse',
      SHIPROCKET_PICKUP_PINCODE: '110020',
      SHIPROCKET_WEBHOOK_TOKEN: 'a-token-of-sixteen+',
      SHIPROCKET_SIM_STEP_SECONDS: '5',
      SHIPROCKET_SIM_NDR_RATE: '0.2',
    });
    expect(real.shiprocket).toEqual({
      email: 'api-user@ottomanmittens.in',
      password: 'correct horse',
      baseUrl: 'https://apiv2.shiprocket.in/v1/external',
    });
    expect(real.shipping).toEqual({
      pickupLocation: 'Okhla Warehouse',
      pickupPincode: '110020',
      webhookToken: 'a-token-of-sixteen+',
      simulatorStepSeconds: 5,
      simulatorNdrRate: 0.2,
    });
    expect(simulatedServices(real)).not.toContain('Shiprocket shipping');
    expect(loadConfig({ SHIPROCKET_SIM_STEP_SECONDS: '0' }).shipping.simulatorStepSeconds).toBe(0);
    expect(() => loadConfig({ SHIPROCKET_SIM_NDR_RATE: '1.5' })).toThrow(/SHIPROCKET_SIM_NDR_RATE/);
  });

  it.each([
    [
      { SHIPROCKET_EMAIL: 'api-user@ottomanmittens.in' },
      'SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD go together',
    ],
    [{ SHIPROCKET_PASSWORD: 'correct horse' }, 'SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD go together'],
    [{ SHIPROCKET_WEBHOOK_TOKEN: 'too-short' }, 'SHIPROCKET_WEBHOOK_TOKEN'],
    [{ SHIPROCKET_PICKUP_PINCODE: '11001' }, 'SHIPROCKET_PICKUP_PINCODE'],
    [{ SHIPROCKET_BASE_URL: 'ftp://apiv2.shiprocket.in' }, 'SHIPROCKET_BASE_URL'],
    [
      { SHIPROCKET_SIM_STEP_SECONDS: '1.5' },
      'SHIPROCKET_SIM_STEP_SECONDS: must be a whole number of seconds',
    ],
    [{ SHIPROCKET_SIM_STEP_SECONDS: '-1' }, 'SHIPROCKET_SIM_STEP_SECONDS: must be 0 (no clock) or more'],
    [{ SHIPROCKET_SIM_STEP_SECONDS: '3601' }, 'SHIPROCKET_SIM_STEP_SECONDS: must be at most 3600 (an hour)'],
    [{ SHIPROCKET_SIM_STEP_SECONDS: 'fast' }, 'SHIPROCKET_SIM_STEP_SECONDS'],
  ])('stops on an incomplete or malformed Shiprocket setting %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  describe('browser push keys (docs/operations.md#alerts)', () => {
    const vapid = {
      VAPID_PUBLIC_KEY:
        'BIIHgkxs8sFtyYEotYZfNouqdFftJdl_Hp7i1_FwO9MLIODuZ9_tygLlu1MOoSxN0RXw_r98ojMlZcARr1ZfLVw',
      VAPID_PRIVATE_KEY: '-iRIaSv5simX9KIWleITffqpl7FXMdWk9a68GuXqkNs',
      VAPID_SUBJECT: 'mailto:owner@example.in',
    };

    it('uses the configured pair; without one, makes a pair in development and turns push off in production', () => {
      expect(loadConfig(vapid).webPush).toEqual({
        kind: 'configured',
        publicKey: vapid.VAPID_PUBLIC_KEY,
        privateKey: vapid.VAPID_PRIVATE_KEY,
        subject: 'mailto:owner@example.in',
      });
      expect(loadConfig({}).webPush).toEqual({ kind: 'generated', subject: 'mailto:care@ottomanmittens.in' });
      expect(loadConfig({ NODE_ENV: 'production' }).webPush).toEqual({ kind: 'off' });
      expect(loadConfig({ NODE_ENV: 'production', ...vapid }).webPush.kind).toBe('configured');
    });

    it.each([
      [{ VAPID_PUBLIC_KEY: vapid.VAPID_PUBLIC_KEY }, 'go together'],
      [{ ...vapid, VAPID_SUBJECT: 'owner@example.in' }, 'VAPID_SUBJECT'],
      [{ ...vapid, VAPID_PRIVATE_KEY: 'short' }, 'VAPID_PRIVATE_KEY'],
    ])('stops on an incomplete or malformed VAPID setting %o', (env, message) => {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(message);
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it("sends contact messages to the shop's care address, care@ottomanmittens.in unless set", () => {
    expect(loadConfig({}).careEmail).toBe('care@ottomanmittens.in');
    expect(loadConfig({ SHOP_CARE_EMAIL: 'help@example.in' }).careEmail).toBe('help@example.in');
    expect(() => loadConfig({ SHOP_CARE_EMAIL: 'not-an-address' })).toThrow('SHOP_CARE_EMAIL');
  });

  it('logs JSON in production, pretty when asked elsewhere (docs/operations.md#logs)', () => {
    expect(loadConfig({ NODE_ENV: 'production', LOG_FORMAT: 'pretty' }).logFormat).toBe('json');
    expect(loadConfig({ NODE_ENV: 'development', LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(loadConfig({ NODE_ENV: 'development', LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(loggerOptions({ logLevel: 'info', logFormat: 'json' })).not.toHaveProperty('transport');
    expect(loggerOptions({ logLevel: 'info', logFormat: 'pretty' })).toMatchObject({
      transport: { target: 'pino-pretty' },
    });
  });
});
