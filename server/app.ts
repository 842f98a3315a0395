import type { PGlite } from '@electric-sql/pglite';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { PageRenderer } from '../contracts/page-rendering';
import type { Config } from './config';
import apiDocs from './http/api-docs';
import authentication from './http/authentication';
import errorHandling from './http/error-handling';
import httpRoutes from './http/routes';
import staffAuthentication from './http/staff-authentication';
import { loggerOptions } from './logger-options';
import codServiceability from './modules/cod/plugin';
import deliveryPromises from './modules/delivery-promise/plugin';
import notifier from './modules/notifications/notifier';
import razorpayGateway from './modules/payments/razorpay-gateway';
import razorpayxGateway from './modules/payments/razorpayx-gateway';
import productImages from './modules/product-images/plugin';
import shiprocketGateway from './modules/shipping/shiprocket-gateway';
import webPush from './modules/staff-alerts/web-push-plugin';
import whatsappGateway from './modules/whatsapp/whatsapp-gateway';
import catalogueEvents from './plugins/catalogue-events';
import commandChannel from './plugins/command-channel';
import compression from './plugins/compression';
import database from './plugins/database';
import jobs from './plugins/jobs';
import metrics from './plugins/metrics';
import rateLimit from './plugins/rate-limit';
import requestId from './plugins/request-id';
import security from './plugins/security';
import { requestIdOf } from './request-id';
import googleSimulator from './simulators/google/plugin';
import razorpaySimulator from './simulators/razorpay/plugin';
import razorpayxSimulator from './simulators/razorpayx/plugin';
import shiprocketSimulator from './simulators/shiprocket/plugin';
import whatsappSimulator from './simulators/whatsapp/plugin';
import { fastifyTrustProxy } from './trust-proxy';
import workers from './workers';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

// No request this API accepts is anywhere near this; a larger body is refused before it is parsed.
const BODY_LIMIT_BYTES = 64 * 1024;

export interface BuildAppOptions {
  logger?: FastifyServerOptions['logger'];
  /** PGlite only: a dumped data folder to start from instead of an empty one (tests load a migrated one). */
  pgliteTemplate?: Blob | undefined;
  /** PGlite only: an open database the app uses and leaves open when it closes (tests lend one per worker). */
  pgliteClient?: PGlite | undefined;
  /** docs/architecture.md#pages-as-html: the pages' renderer (tests pass the source's); by default the SSR build's. */
  pageRenderer?: PageRenderer | undefined;
}

/** Builds the whole app (API and web) without listening: main.ts listens, tests use `app.inject`. */
export async function buildApp(config: Config, options: BuildAppOptions = {}) {
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    return503OnClosing: true,
    genReqId: requestIdOf,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);

  await app.register(requestId);
  await app.register(errorHandling);
  await app.register(database, {
    config,
    pgliteTemplate: options.pgliteTemplate,
    pgliteClient: options.pgliteClient,
  });
  await app.register(catalogueEvents);
  await app.register(commandChannel);
  await app.register(jobs, {
    pollingIntervalSeconds: config.jobPollingIntervalSeconds,
    ...(config.jobRetryDelaySeconds === undefined ? {} : { retryDelaySeconds: config.jobRetryDelaySeconds }),
  });
  if (config.metricsToken) await app.register(metrics, { token: config.metricsToken });
  await app.register(security);
  await app.register(compression);
  await app.register(rateLimit, { config });
  if (config.apiDocs) await app.register(apiDocs);
  await app.register(authentication);
  await app.register(staffAuthentication);
  await app.register(notifier);
  await app.register(webPush);
  await app.register(googleSimulator);
  await app.register(razorpaySimulator);
  await app.register(razorpayxSimulator);
  await app.register(shiprocketSimulator);
  await app.register(whatsappSimulator);

  // After the simulators: without real keys, the gateways talk to them.
  await app.register(razorpayGateway);
  await app.register(razorpayxGateway);
  await app.register(shiprocketGateway);
  await app.register(whatsappGateway);
  await app.register(deliveryPromises);
  await app.register(codServiceability);
  await app.register(workers);
  await app.register(productImages);

  await app.register(httpRoutes, { pageRenderer: options.pageRenderer });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
