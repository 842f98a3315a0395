import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

// Google Identity Services, only when real Google sign-in is configured (its documented CSP needs).
const GOOGLE_GSI = 'https://accounts.google.com/gsi/';

/** Security headers and a strict Content-Security-Policy: no inline scripts or styles, nothing from elsewhere. */
export default fp(
  async (app) => {
    const google = app.config.google.clientId ? [GOOGLE_GSI] : [];
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...google],
          styleSrc: ["'self'", ...google],
          frameSrc: google.length > 0 ? google : ["'none'"],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'"],
          connectSrc: ["'self'", ...google],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      crossOriginEmbedderPolicy: false,
    });
  },
  { name: 'security' },
);
