import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

// Google Identity Services, only when real Google sign-in is configured (its documented CSP needs).
const GOOGLE_GSI = 'https://accounts.google.com/gsi/';
// Razorpay Checkout, only when real Razorpay keys are configured: its script, the payment window's frames
// and the calls they make.
const RAZORPAY_SCRIPT = 'https://checkout.razorpay.com';
const RAZORPAY_FRAMES = ['https://api.razorpay.com', 'https://checkout.razorpay.com'];
const RAZORPAY_CONNECT = ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'];

// docs/architecture.md#security: no feature of the browser the shop does not use; payments only for the
// page itself and, with real keys, Razorpay Checkout's frames.
function permissionsPolicy(razorpay: boolean): string {
  const payment = ['self', ...(razorpay ? RAZORPAY_FRAMES.map((origin) => `"${origin}"`) : [])].join(' ');
  return `camera=(), microphone=(), geolocation=(), usb=(), payment=(${payment})`;
}

/**
 * The headers helmet would set, computed once: with fixed options they are the same on every response, and
 * helmet rebuilding the Content-Security-Policy per request cost about a tenth of a catalogue read's CPU.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader() {},
  };
  helmet(options)({} as IncomingMessage, collector as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * docs/architecture.md#security: what a JSON reply needs (OWASP's REST set). The document headers (the page's
 * script and style policy, COOP, Permissions-Policy and the rest) govern pages a browser renders, and sending
 * them on every API reply cost the catalogue about 4% of its throughput.
 */
const API_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/** The API's replies, except its documentation's pages, which a browser renders. */
function isApiReply(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

/** Security headers and a strict Content-Security-Policy: no inline scripts or styles, nothing from elsewhere. */
export default fp(
  async (app) => {
    const google = app.config.google.clientId ? [GOOGLE_GSI] : [];
    const razorpay = app.config.razorpay !== undefined;
    const frames = [...google, ...(razorpay ? RAZORPAY_FRAMES : [])];
    // docs/architecture.md#product-images: product images load from the bucket's public origin when S3 is set.
    const images = app.config.productImages;
    // The bucket's public URL for product images, and its endpoint for return photos' signed URLs.
    const imageOrigins =
      images.kind === 's3'
        ? [...new Set([new URL(images.publicUrl).origin, new URL(images.endpoint).origin])]
        : [];
    const headers = helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...google, ...(razorpay ? [RAZORPAY_SCRIPT] : [])],
          // Files of ours: the bot challenge's proof-of-work worker (docs/architecture.md#bot-challenge) and the
          // console's push service worker (docs/architecture.md#staff-alerts).
          workerSrc: ["'self'"],
          styleSrc: ["'self'", ...google],
          frameSrc: frames.length > 0 ? frames : ["'none'"],
          imgSrc: ["'self'", 'data:', ...imageOrigins, ...(razorpay ? ['https://cdn.razorpay.com'] : [])],
          fontSrc: ["'self'"],
          connectSrc: ["'self'", ...google, ...(razorpay ? RAZORPAY_CONNECT : [])],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      crossOriginEmbedderPolicy: false,
      // Sent below, and only over HTTPS: over plain HTTP a browser ignores it, and it says nothing true.
      strictTransportSecurity: false,
      // Google's sign-in popup reports back to its opener, and Google checks the Referer against the
      // client's authorised origins: both are cut by helmet's defaults (same-origin, no-referrer).
      ...(google.length > 0
        ? {
            crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' as const },
            referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
          }
        : {}),
    });
    headers['permissions-policy'] = permissionsPolicy(razorpay);
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(isApiReply(request.url) ? API_HEADERS : headers);
      // request.protocol honours X-Forwarded-Proto only when TRUST_PROXY is on (docs/operations.md).
      if (request.protocol === 'https') {
        reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
      }
      done();
    });
  },
  { name: 'security' },
);
