import { z } from 'zod';
import { OTP_RESEND_INTERVAL_SECONDS } from '../contracts/account';
import type { SmsLimits } from './modules/auth/sms-guard';
import type { OrderSmsTemplate } from './modules/notifications/sms-templates';
import { parseTrustProxy, type TrustProxy } from './trust-proxy';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('data/pglite'),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  WEB_DIST_DIR: z.string().min(1).default('dist/web'),
  TRUST_PROXY: z.string().optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  ALLOW_SIMULATORS: booleanFromEnv.default(false),
  DEV_TOOLS_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  METRICS_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  API_DOCS: booleanFromEnv.optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('Ottoman Mittens <care@ottomanmittens.in>'),
  SHOP_CARE_EMAIL: z.email().default('care@ottomanmittens.in'),
  MSG91_AUTH_KEY: z.string().min(8).optional(),
  MSG91_OTP_TEMPLATE_ID: z.string().min(4).optional(),
  MSG91_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://control.msg91.com'),
  MSG91_ORDER_CONFIRMED_TEMPLATE_ID: z.string().min(4).optional(),
  MSG91_ORDER_SHIPPED_TEMPLATE_ID: z.string().min(4).optional(),
  MSG91_ORDER_OUT_FOR_DELIVERY_TEMPLATE_ID: z.string().min(4).optional(),
  MSG91_ORDER_DELIVERED_TEMPLATE_ID: z.string().min(4).optional(),
  MSG91_ORDER_CANCELLED_TEMPLATE_ID: z.string().min(4).optional(),
  MSG91_ORDER_REFUNDED_TEMPLATE_ID: z.string().min(4).optional(),
  MSG91_ORDER_PARTIALLY_REFUNDED_TEMPLATE_ID: z.string().min(4).optional(),
  MSG91_COD_CONFIRM_REQUEST_TEMPLATE_ID: z.string().min(4).optional(),
  MSG91_COD_UNCONFIRMED_CANCELLED_TEMPLATE_ID: z.string().min(4).optional(),
  MSG91_RETURN_UPDATE_TEMPLATE_ID: z.string().min(4).optional(),
  MSG91_REVIEW_REQUEST_TEMPLATE_ID: z.string().min(4).optional(),
  MSG91_CHECKOUT_REMINDER_TEMPLATE_ID: z.string().min(4).optional(),
  MSG91_CHECKOUT_REMINDER_CODE_TEMPLATE_ID: z.string().min(4).optional(),
  MSG91_BACK_IN_STOCK_TEMPLATE_ID: z.string().min(4).optional(),
  MSG91_NDR_RAISED_TEMPLATE_ID: z.string().min(4).optional(),
  MSG91_NDR_REATTEMPT_TEMPLATE_ID: z.string().min(4).optional(),
  MSG91_NDR_RETURNING_TEMPLATE_ID: z.string().min(4).optional(),
  GOOGLE_CLIENT_ID: z.string().min(8).optional(),
  RAZORPAY_KEY_ID: z.string().min(8).optional(),
  RAZORPAY_KEY_SECRET: z.string().min(8).optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(8).optional(),
  RAZORPAY_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://api.razorpay.com'),
  RAZORPAYX_KEY_ID: z.string().min(8).optional(),
  RAZORPAYX_KEY_SECRET: z.string().min(8).optional(),
  RAZORPAYX_WEBHOOK_SECRET: z.string().min(8).optional(),
  RAZORPAYX_ACCOUNT_NUMBER: z
    .string()
    .regex(/^\d{9,20}$/, 'must be the RazorpayX account number, digits only')
    .optional(),
  RAZORPAYX_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://api.razorpay.com'),
  SHIPROCKET_EMAIL: z.email().optional(),
  SHIPROCKET_PASSWORD: z.string().min(1).optional(),
  SHIPROCKET_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://apiv2.shiprocket.in/v1/external'),
  SHIPROCKET_PICKUP_LOCATION: z.string().min(1).max(100).default('Primary'),
  // docs/product.md#shipping: pickup pincode 110001.
  SHIPROCKET_PICKUP_PINCODE: z
    .string()
    .regex(/^[1-9]\d{5}$/, 'must be a 6-digit Indian pincode')
    .default('110001'),
  SHIPROCKET_WEBHOOK_TOKEN: z.string().min(16).optional(),
  // docs/operations.md#configuration: the shipping simulator's clock; 0 stops it.
  SHIPROCKET_SIM_STEP_SECONDS: z.coerce
    .number()
    .int('must be a whole number of seconds')
    .min(0, 'must be 0 (no clock) or more')
    .max(3600, 'must be at most 3600 (an hour)')
    .default(60),
  // docs/operations.md#whatsapp: the Cloud API; without the four the simulator is used (never in production).
  WHATSAPP_ACCESS_TOKEN: z.string().min(20).optional(),
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .regex(/^\d{5,20}$/, 'must be the numeric phone number ID')
    .optional(),
  WHATSAPP_APP_SECRET: z.string().min(16).optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().min(16).optional(),
  WHATSAPP_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://graph.facebook.com'),
  // docs/operations.md#shipping-simulator-controls: the share of simulated delivery attempts that fail (an NDR).
  SHIPROCKET_SIM_NDR_RATE: z.coerce
    .number()
    .min(0, 'must be between 0 and 1')
    .max(1, 'must be between 0 and 1')
    .default(0),
  JOB_WORKERS: booleanFromEnv.default(true),
  JOB_POLLING_INTERVAL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(20),
  CONTACT_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(5),
  OTP_SMS_HOURLY_BUDGET: z.coerce.number().int().positive().default(300),
  OTP_SMS_PREFIX_HOURLY_LIMIT: z.coerce.number().int().positive().default(10),
  CONTACT_RATE_LIMIT_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
  PHOTO_UPLOADS_PER_SHOPPER: z.coerce.number().int().positive().default(12),
  PHOTO_UPLOADS_PER_IP: z.coerce.number().int().positive().default(30),
  ALTCHA_HMAC_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  STAFF_SECRETS_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  CHALLENGE_AFTER_REQUESTS_PER_ADDRESS: z.coerce.number().int().min(0).default(5),
  CHALLENGE_AFTER_REQUESTS_PER_IP: z.coerce.number().int().min(0).default(10),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{80,100}$/, 'must be a base64url VAPID public key')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{40,50}$/, 'must be a base64url VAPID private key')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL')
    .optional(),
  MEDIA_DIR: z.string().min(1).default('data/media'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  logLevel: Env['LOG_LEVEL'];
  /** docs/operations.md#logs: pretty in a development terminal (or when asked), JSON otherwise. */
  logFormat: 'json' | 'pretty';
  /** Real PostgreSQL when set; otherwise embedded PGlite in `dataDir` ('memory://' keeps it in memory). */
  databaseUrl: string | undefined;
  dataDir: string;
  redisUrl: string | undefined;
  webDistDir: string;
  /** docs/operations.md#configuration: hop count or proxy addresses, never "trust everything". */
  trustProxy: TrustProxy;
  contactRateLimit: { max: number; windowMs: number };
  /** Scales the growing delay after failed logins; tests shrink it. */
  loginFailureDelayScale: number;
  /** OTP sends, OTP checks, signups and logins per IP per 15 minutes (each route counted apart). */
  authRateLimitMax: number;
  /** docs/architecture.md#upload-budget: return photo uploads per shopper and per IP per 15 minutes. */
  photoUploadLimits: { perShopper: number; perIp: number };
  /** docs/architecture.md#accounts: OTP SMS the shop sends an hour, in all and to one number prefix. */
  otpSms: SmsLimits;
  /** docs/product.md#otp: a new code to the same address waits this long; tests of other rules set 0. */
  otpResendIntervalMs: number;
  /** Where shoppers reach the shop (links in e-mails); defaults to http://localhost:PORT. */
  publicUrl: string;
  /** With NODE_ENV=production, simulators run only when this says so explicitly. */
  allowSimulators: boolean;
  /**
   * docs/architecture.md#security: in production the dev outbox and the simulators' controls exist only with
   * this token, and answer only requests carrying it in `x-dev-tools-token`.
   */
  devToolsToken: string | undefined;
  /** docs/operations.md#metrics: /metrics exists only with this token, as `Authorization: Bearer <token>`. */
  metricsToken: string | undefined;
  /** Whether /api/docs is served: by default everywhere but in production. */
  apiDocs: boolean;
  mail: { smtpUrl: string | undefined; from: string };
  /** Where contact messages go (docs/product.md#contact-messages). */
  careEmail: string;
  sms: {
    msg91:
      | {
          authKey: string;
          otpTemplateId: string;
          templateIds: Partial<Record<OrderSmsTemplate, string>>;
          baseUrl: string;
        }
      | undefined;
  };
  google: { clientId: string | undefined };
  /** Real Razorpay when the keys are set; otherwise the simulator under /sim/razorpay. */
  razorpay: RazorpayConfig | undefined;
  /** Real RazorpayX payouts when its keys and account are set; otherwise the simulator under /sim/razorpayx. */
  razorpayx: RazorpayXConfig | undefined;
  /** Real Shiprocket when its API user is set; otherwise the simulator under /sim/shipping. */
  shiprocket: ShiprocketConfig | undefined;
  /**
   * docs/operations.md#whatsapp: the WhatsApp Cloud API when its settings are given; otherwise the simulator under
   * /sim/whatsapp, and in production no WhatsApp at all (messages go by e-mail or SMS).
   */
  whatsapp: WhatsAppConfig | undefined;
  /** Shipping settings that hold for real Shiprocket and its simulator alike. */
  shipping: ShippingConfig;
  /** Whether this process works background jobs (an API-only process still enqueues them). */
  jobWorkers: boolean;
  /** How often an idle background worker looks for new jobs. */
  jobPollingIntervalSeconds: number;
  /**
   * A failed job's first retry waits this long, doubling after each failure (5 s unless set). Tests of
   * retries shorten it; there is no setting for it.
   */
  jobRetryDelaySeconds?: number;
  /** Prefix of the rate-limit counters in Redis; tests use their own so runs never share counters. */
  rateLimitNamespace: string;
  /** docs/architecture.md#bot-challenge */
  botChallenge: BotChallengeConfig;
  /** Seals the console's TOTP secrets in the database (docs/architecture.md#staff); production requires it. */
  staffSecretsKey: string | undefined;
  /** docs/architecture.md#product-images: the data folder, or an S3-compatible bucket when S3_* are set. */
  productImages: ProductImagesConfig;
  /** docs/operations.md#alerts: browser push to the console. */
  webPush: WebPushConfig;
}

/**
 * docs/operations.md#alerts: `configured` with VAPID_*; without them, development and tests make a pair and keep
 * it in the database (`generated`), and production turns push off.
 */
export type WebPushConfig =
  | { kind: 'configured'; publicKey: string; privateKey: string; subject: string }
  | { kind: 'generated'; subject: string }
  | { kind: 'off' };

export type ProductImagesConfig =
  | { kind: 'disk'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      endpoint: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
      publicUrl: string;
    };

export interface BotChallengeConfig {
  /** Signs challenges; every process of one shop needs the same key, so production requires it. */
  hmacKey: string | undefined;
  /** Requests to the protected routes in 15 minutes, per address and per IP, before a solution is required. */
  afterRequests: { address: number; ip: number };
  /** PBKDF2 iterations a try, and the range the secret counter is drawn from: the work a solution takes. */
  difficulty: { cost: number; counterMin: number; counterMax: number };
}

export interface RazorpayConfig {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  baseUrl: string;
}

/** docs/architecture.md#razorpayx: payouts (refunds of cash-on-delivery orders to a UPI ID). */
export interface RazorpayXConfig {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** The account the money leaves from. */
  accountNumber: string;
  baseUrl: string;
}

export interface WhatsAppConfig {
  accessToken: string;
  phoneNumberId: string;
  /** Checks X-Hub-Signature-256 on the webhooks. */
  appSecret: string;
  /** Our answer to the webhook's verification handshake. */
  verifyToken: string;
  baseUrl: string;
}

export interface ShiprocketConfig {
  /** The API user (Settings > API), not the panel login. */
  email: string;
  password: string;
  baseUrl: string;
}

export interface ShippingConfig {
  /** The pickup address's name as configured in the Shiprocket panel. */
  pickupLocation: string;
  pickupPincode: string;
  /**
   * The `x-api-key` our tracking webhook requires. Unset with real Shiprocket: no webhook is accepted and
   * tracking relies on polling; unset with the simulator: it makes one up at each start.
   */
  webhookToken: string | undefined;
  /**
   * docs/operations.md#configuration: in development the simulator moves every parcel one status this often;
   * 0 leaves them where they are until a test or the dev control moves them. Real Shiprocket ignores it.
   */
  simulatorStepSeconds: number;
  /** docs/operations.md#shipping-simulator-controls: the share of the simulator's delivery attempts that fail. */
  simulatorNdrRate: number;
}

export class ConfigError extends Error {}

const RAZORPAYX_PAYOUTS = 'RazorpayX payouts';

/** The outside services that run on a local simulator in this configuration. */
export function simulatedServices(config: Config): string[] {
  const simulated: string[] = [];
  if (!config.mail.smtpUrl) simulated.push('e-mail (dev outbox)');
  if (!config.sms.msg91) simulated.push('SMS (dev outbox)');
  if (!config.google.clientId) simulated.push('Google sign-in');
  if (!config.razorpay) simulated.push('Razorpay payments');
  if (!config.razorpayx) simulated.push(RAZORPAYX_PAYOUTS);
  if (!config.shiprocket) simulated.push('Shiprocket shipping');
  return simulated;
}

/** docs/architecture.md#simulators: in production the server refuses to start on a simulator unless told explicitly. */
export function assertSimulatorsAllowed(config: Config) {
  // Payouts serve only cash-on-delivery refunds, which the shop does not offer yet: a shop without RazorpayX
  // keys starts, and its payouts (none are made) have nowhere to go (docs/operations.md#configuration).
  const simulated = simulatedServices(config).filter((service) => service !== RAZORPAYX_PAYOUTS);
  if (config.env === 'production' && simulated.length > 0 && !config.allowSimulators) {
    throw new ConfigError(
      `NODE_ENV=production but these services would run on local simulators: ${simulated.join(', ')}. ` +
        'Configure them (see .env.example) or set ALLOW_SIMULATORS=true.',
    );
  }
}

/**
 * docs/operations.md#configuration: in production several processes must agree on the challenge key, and the
 * console's secrets are sealed under a key of the operator's, never the development one.
 */
export function assertProductionKeys(config: Config) {
  if (config.env !== 'production') return;
  const missing = [
    config.botChallenge.hmacKey ? undefined : 'ALTCHA_HMAC_KEY',
    config.staffSecretsKey ? undefined : 'STAFF_SECRETS_KEY',
  ].filter((name) => name !== undefined);
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n${missing.map((name) => `  ${name} is required with NODE_ENV=production`).join('\n')}`,
    );
  }
}

/** Reads the environment once; a malformed value stops the start with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nonEmpty = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = EnvSchema.safeParse(nonEmpty);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const razorpayKeys = [e.RAZORPAY_KEY_ID, e.RAZORPAY_KEY_SECRET, e.RAZORPAY_WEBHOOK_SECRET];
  if (razorpayKeys.some(Boolean) && !razorpayKeys.every(Boolean)) {
    throw new ConfigError(
      'Invalid configuration:\n  RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET go together',
    );
  }
  const razorpayxSettings = [
    e.RAZORPAYX_KEY_ID,
    e.RAZORPAYX_KEY_SECRET,
    e.RAZORPAYX_WEBHOOK_SECRET,
    e.RAZORPAYX_ACCOUNT_NUMBER,
  ];
  if (razorpayxSettings.some(Boolean) && !razorpayxSettings.every(Boolean)) {
    throw new ConfigError(
      'Invalid configuration:\n  RAZORPAYX_KEY_ID, RAZORPAYX_KEY_SECRET, RAZORPAYX_WEBHOOK_SECRET and RAZORPAYX_ACCOUNT_NUMBER go together',
    );
  }
  const whatsappSettings = [
    e.WHATSAPP_ACCESS_TOKEN,
    e.WHATSAPP_PHONE_NUMBER_ID,
    e.WHATSAPP_APP_SECRET,
    e.WHATSAPP_VERIFY_TOKEN,
  ];
  if (whatsappSettings.some(Boolean) && !whatsappSettings.every(Boolean)) {
    throw new ConfigError(
      'Invalid configuration:\n  WHATSAPP_ACCESS_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET and WHATSAPP_VERIFY_TOKEN go together',
    );
  }
  if (Boolean(e.SHIPROCKET_EMAIL) !== Boolean(e.SHIPROCKET_PASSWORD)) {
    throw new ConfigError('Invalid configuration:\n  SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD go together');
  }
  const productImages = productImagesOf(e);
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if (typeof trustProxy === 'object' && 'problem' in trustProxy) {
    throw new ConfigError(`Invalid configuration:\n  ${trustProxy.problem}`);
  }
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    logFormat: logFormatOf(e),
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    redisUrl: e.REDIS_URL,
    webDistDir: e.WEB_DIST_DIR,
    trustProxy,
    contactRateLimit: {
      max: e.CONTACT_RATE_LIMIT_MAX,
      windowMs: e.CONTACT_RATE_LIMIT_WINDOW_MINUTES * 60_000,
    },
    rateLimitNamespace: 'mitten:rate-limit:',
    authRateLimitMax: e.AUTH_RATE_LIMIT_MAX,
    photoUploadLimits: { perShopper: e.PHOTO_UPLOADS_PER_SHOPPER, perIp: e.PHOTO_UPLOADS_PER_IP },
    otpSms: { hourlyBudget: e.OTP_SMS_HOURLY_BUDGET, prefixHourlyLimit: e.OTP_SMS_PREFIX_HOURLY_LIMIT },
    loginFailureDelayScale: 1,
    otpResendIntervalMs: OTP_RESEND_INTERVAL_SECONDS * 1000,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    allowSimulators: e.ALLOW_SIMULATORS,
    devToolsToken: e.DEV_TOOLS_TOKEN,
    metricsToken: e.METRICS_TOKEN,
    apiDocs: e.API_DOCS ?? e.NODE_ENV !== 'production',
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    careEmail: e.SHOP_CARE_EMAIL,
    sms: {
      msg91:
        e.MSG91_AUTH_KEY && e.MSG91_OTP_TEMPLATE_ID
          ? {
              authKey: e.MSG91_AUTH_KEY,
              otpTemplateId: e.MSG91_OTP_TEMPLATE_ID,
              templateIds: orderTemplateIdsOf(e),
              baseUrl: e.MSG91_BASE_URL,
            }
          : undefined,
    },
    google: { clientId: e.GOOGLE_CLIENT_ID },
    razorpay:
      e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET && e.RAZORPAY_WEBHOOK_SECRET
        ? {
            keyId: e.RAZORPAY_KEY_ID,
            keySecret: e.RAZORPAY_KEY_SECRET,
            webhookSecret: e.RAZORPAY_WEBHOOK_SECRET,
            baseUrl: e.RAZORPAY_BASE_URL,
          }
        : undefined,
    razorpayx:
      e.RAZORPAYX_KEY_ID && e.RAZORPAYX_KEY_SECRET && e.RAZORPAYX_WEBHOOK_SECRET && e.RAZORPAYX_ACCOUNT_NUMBER
        ? {
            keyId: e.RAZORPAYX_KEY_ID,
            keySecret: e.RAZORPAYX_KEY_SECRET,
            webhookSecret: e.RAZORPAYX_WEBHOOK_SECRET,
            accountNumber: e.RAZORPAYX_ACCOUNT_NUMBER,
            baseUrl: e.RAZORPAYX_BASE_URL,
          }
        : undefined,
    shiprocket:
      e.SHIPROCKET_EMAIL && e.SHIPROCKET_PASSWORD
        ? { email: e.SHIPROCKET_EMAIL, password: e.SHIPROCKET_PASSWORD, baseUrl: e.SHIPROCKET_BASE_URL }
        : undefined,
    whatsapp:
      e.WHATSAPP_ACCESS_TOKEN &&
      e.WHATSAPP_PHONE_NUMBER_ID &&
      e.WHATSAPP_APP_SECRET &&
      e.WHATSAPP_VERIFY_TOKEN
        ? {
            accessToken: e.WHATSAPP_ACCESS_TOKEN,
            phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
            appSecret: e.WHATSAPP_APP_SECRET,
            verifyToken: e.WHATSAPP_VERIFY_TOKEN,
            baseUrl: e.WHATSAPP_BASE_URL,
          }
        : undefined,
    shipping: {
      pickupLocation: e.SHIPROCKET_PICKUP_LOCATION,
      pickupPincode: e.SHIPROCKET_PICKUP_PINCODE,
      webhookToken: e.SHIPROCKET_WEBHOOK_TOKEN,
      simulatorStepSeconds: e.SHIPROCKET_SIM_STEP_SECONDS,
      simulatorNdrRate: e.SHIPROCKET_SIM_NDR_RATE,
    },
    jobWorkers: e.JOB_WORKERS,
    jobPollingIntervalSeconds: e.JOB_POLLING_INTERVAL_SECONDS,
    staffSecretsKey: e.STAFF_SECRETS_KEY,
    botChallenge: {
      hmacKey: e.ALTCHA_HMAC_KEY,
      afterRequests: {
        address: e.CHALLENGE_AFTER_REQUESTS_PER_ADDRESS,
        ip: e.CHALLENGE_AFTER_REQUESTS_PER_IP,
      },
      difficulty: { cost: 1_000, counterMin: 1_000, counterMax: 4_000 },
    },
    productImages,
    webPush: webPushOf(e),
  };
}

function webPushOf(e: Env): WebPushConfig {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: subject } = e;
  if (publicKey && privateKey && subject) return { kind: 'configured', publicKey, privateKey, subject };
  if (publicKey || privateKey || subject) {
    throw new ConfigError(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT go together',
    );
  }
  if (e.NODE_ENV === 'production') return { kind: 'off' };
  return { kind: 'generated', subject: `mailto:${e.SHOP_CARE_EMAIL}` };
}

function productImagesOf(e: Env): ProductImagesConfig {
  const s3 = {
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    publicUrl: e.S3_PUBLIC_URL,
  };
  const values = Object.values(s3);
  if (values.every((value) => value === undefined)) return { kind: 'disk', dir: e.MEDIA_DIR };
  const { bucket, endpoint, region, accessKeyId, secretAccessKey, publicUrl } = s3;
  if (!bucket || !endpoint || !region || !accessKeyId || !secretAccessKey || !publicUrl) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and S3_PUBLIC_URL go together',
    );
  }
  return { kind: 's3', bucket, endpoint, region, accessKeyId, secretAccessKey, publicUrl };
}

// Every template named, so a new one cannot be forgotten here.
function orderTemplateIdsOf(e: Env): Record<OrderSmsTemplate, string | undefined> {
  return {
    order_confirmed: e.MSG91_ORDER_CONFIRMED_TEMPLATE_ID,
    order_shipped: e.MSG91_ORDER_SHIPPED_TEMPLATE_ID,
    order_out_for_delivery: e.MSG91_ORDER_OUT_FOR_DELIVERY_TEMPLATE_ID,
    order_delivered: e.MSG91_ORDER_DELIVERED_TEMPLATE_ID,
    order_cancelled: e.MSG91_ORDER_CANCELLED_TEMPLATE_ID,
    order_refunded: e.MSG91_ORDER_REFUNDED_TEMPLATE_ID,
    order_partially_refunded: e.MSG91_ORDER_PARTIALLY_REFUNDED_TEMPLATE_ID,
    cod_confirm_request: e.MSG91_COD_CONFIRM_REQUEST_TEMPLATE_ID,
    cod_unconfirmed_cancelled: e.MSG91_COD_UNCONFIRMED_CANCELLED_TEMPLATE_ID,
    return_update: e.MSG91_RETURN_UPDATE_TEMPLATE_ID,
    review_request: e.MSG91_REVIEW_REQUEST_TEMPLATE_ID,
    checkout_reminder: e.MSG91_CHECKOUT_REMINDER_TEMPLATE_ID,
    checkout_reminder_code: e.MSG91_CHECKOUT_REMINDER_CODE_TEMPLATE_ID,
    back_in_stock: e.MSG91_BACK_IN_STOCK_TEMPLATE_ID,
    ndr_raised: e.MSG91_NDR_RAISED_TEMPLATE_ID,
    ndr_reattempt: e.MSG91_NDR_REATTEMPT_TEMPLATE_ID,
    ndr_returning: e.MSG91_NDR_RETURNING_TEMPLATE_ID,
  };
}

/** docs/operations.md#logs: JSON in production; elsewhere pretty when asked or on a terminal. */
function logFormatOf(e: Env): 'json' | 'pretty' {
  if (e.NODE_ENV === 'production') return 'json';
  if (e.LOG_FORMAT) return e.LOG_FORMAT;
  return process.stdout.isTTY ? 'pretty' : 'json';
}
