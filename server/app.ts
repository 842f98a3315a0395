import type { PGlite } from '@electric-sql/pglite';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { PageRenderer } from '../contracts/page-rendering';
import type { Config } from './config';
import { devToolsAccess, requireDevToolsToken } from './dev-tools';
import { loggerOptions } from './logger-options';
import accountRoutes from './modules/account/routes';
import adminCatalogueRoutes from './modules/admin-catalogue/routes';
import adminCustomerRoutes from './modules/admin-customers/routes';
import adminInboxRoutes from './modules/admin-inbox/routes';
import adminOrderRoutes from './modules/admin-orders/routes';
import adminStatsRoutes from './modules/admin-stats/routes';
import auditRoutes from './modules/audit/routes';
import authRoutes from './modules/auth/routes';
import cartRoutes, { couponOfferRoutes } from './modules/cart/routes';
import catalogueRoutes from './modules/catalogue/routes';
import challengeRoutes from './modules/challenge/routes';
import codServiceability from './modules/cod/plugin';
import codRoutes, { adminCodRoutes, codLinkRoutes } from './modules/cod/routes';
import codMoneyRoutes from './modules/cod-money/routes';
import contactRoutes from './modules/contact/routes';
import adminCouponRoutes from './modules/coupons/admin-routes';
import deliveryPromises from './modules/delivery-promise/plugin';
import deliveryPromiseRoutes from './modules/delivery-promise/routes';
import healthRoutes from './modules/health/routes';
import invoiceRoutes from './modules/invoices/routes';
import notifier from './modules/notifications/notifier';
import outboxRoutes from './modules/notifications/routes';
import orderHistoryRoutes from './modules/order-history/routes';
import orderRoutes from './modules/orders/routes';
import razorpayGateway from './modules/payments/razorpay-gateway';
import razorpayxGateway from './modules/payments/razorpayx-gateway';
import paymentRoutes from './modules/payments/routes';
import payoutWebhookRoute from './modules/payouts/routes';
import productImages from './modules/product-images/plugin';
import publicConfigRoutes from './modules/public-config/routes';
import returnRoutes, { adminReturnRoutes } from './modules/returns/routes';
import seoRoutes from './modules/seo/routes';
import shippingRoutes from './modules/shipping/routes';
import shiprocketGateway from './modules/shipping/shiprocket-gateway';
import shopSettingsRoutes from './modules/shop-settings/routes';
import staffRoutes from './modules/staff/routes';
import staffAlertRoutes from './modules/staff-alerts/routes';
import webPush from './modules/staff-alerts/web-push-plugin';
import wishlistRoutes from './modules/wishlist/routes';
import apiDocs from './plugins/api-docs';
import authentication from './plugins/authentication';
import catalogueEvents from './plugins/catalogue-events';
import commandChannel from './plugins/command-channel';
import compression from './plugins/compression';
import database from './plugins/database';
import errorHandling from './plugins/error-handling';
import jobs from './plugins/jobs';
import metrics from './plugins/metrics';
import rateLimit from './plugins/rate-limit';
import requestId from './plugins/request-id';
import security from './plugins/security';
import staffAuthentication from './plugins/staff-authentication';
import webApp from './plugins/web-app';
import { requestIdOf } from './request-id';
import googleSimulator from './simulators/google/plugin';
import razorpaySimulator from './simulators/razorpay/plugin';
import razorpayxSimulator from './simulators/razorpayx/plugin';
import shiprocketSimulator from './simulators/shiprocket/plugin';
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

  // After the simulators: without real keys, the gateways talk to them.
  await app.register(razorpayGateway);
  await app.register(razorpayxGateway);
  await app.register(shiprocketGateway);
  await app.register(deliveryPromises);
  await app.register(codServiceability);
  await app.register(workers);
  await app.register(productImages);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(catalogueRoutes);
      await api.register(contactRoutes);
      await api.register(challengeRoutes);
      await api.register(publicConfigRoutes);
      await api.register(authRoutes, { prefix: '/auth' });
      await api.register(accountRoutes, { prefix: '/auth' });
      await api.register(cartRoutes, { prefix: '/cart' });
      await api.register(couponOfferRoutes, { prefix: '/coupons' });
      await api.register(wishlistRoutes, { prefix: '/wishlist' });
      await api.register(paymentRoutes, { prefix: '/payment' });
      await api.register(codRoutes, { prefix: '/cod' });
      await api.register(codLinkRoutes, { prefix: '/cod' });
      await api.register(orderRoutes, { prefix: '/orders' });
      await api.register(returnRoutes, { prefix: '/orders' });
      await api.register(orderHistoryRoutes, { prefix: '/order-history' });
      // Its two paths sit under /shipping and /webhooks.
      await api.register(shippingRoutes);
      await api.register(deliveryPromiseRoutes);
      await api.register(adminOrderRoutes, { prefix: '/admin' });
      await api.register(adminCustomerRoutes, { prefix: '/admin' });
      await api.register(adminCatalogueRoutes, { prefix: '/admin' });
      await api.register(adminCouponRoutes, { prefix: '/admin' });
      await api.register(codMoneyRoutes, { prefix: '/admin' });
      await api.register(adminCodRoutes, { prefix: '/admin' });
      await api.register(adminReturnRoutes, { prefix: '/admin' });
      await api.register(staffRoutes, { prefix: '/admin' });
      await api.register(staffAlertRoutes, { prefix: '/admin' });
      await api.register(auditRoutes, { prefix: '/admin' });
      await api.register(adminInboxRoutes, { prefix: '/admin' });
      await api.register(adminStatsRoutes, { prefix: '/admin' });
      await api.register(shopSettingsRoutes, { prefix: '/admin' });
      await api.register(invoiceRoutes);
    },
    { prefix: '/api' },
  );
  // RazorpayX's payout webhook, at the full path set in its dashboard (PAYOUT_WEBHOOK_PATH, under /api).
  await app.register(payoutWebhookRoute);
  // docs/architecture.md#dev-outbox: the dev outbox exists only while messages go to it, and in production only
  // behind DEV_TOOLS_TOKEN (docs/architecture.md#security).
  if (app.notifier.outboxEnabled && devToolsAccess(config) !== 'off') {
    await app.register(async (scope) => {
      requireDevToolsToken(scope, config);
      await scope.register(outboxRoutes);
    });
  }

  // Before the web app, whose catch-all would answer these paths with the shop's page.
  await app.register(seoRoutes);
  await app.register(webApp, { config, pageRenderer: options.pageRenderer });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
