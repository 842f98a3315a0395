import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { PageRenderer } from '../../contracts/page-rendering';
import { devToolsAccess, requireDevToolsToken } from '../dev-tools';
import auditRoutes from './console/audit';
import adminCatalogueRoutes from './console/catalogue';
import adminCodRoutes from './console/cod';
import codMoneyRoutes from './console/cod-money';
import adminCodRiskRoutes from './console/cod-risk';
import adminCouponRoutes from './console/coupons';
import adminCustomerRoutes from './console/customers';
import adminInboxRoutes from './console/inbox';
import adminNdrRoutes from './console/ndr';
import adminOrderRoutes from './console/orders';
import adminPrepaidOfferRoutes from './console/prepaid-offer';
import adminReturnRoutes from './console/returns';
import adminReviewRoutes from './console/reviews';
import shopSettingsRoutes from './console/shop-settings';
import staffRoutes from './console/staff';
import staffAlertRoutes from './console/staff-alerts';
import adminStatsRoutes from './console/stats';
import adminWinbackRoutes from './console/winback';
import healthRoutes from './health';
import invoiceRoutes from './invoices';
import outboxRoutes from './pages/dev-outbox';
import { mediaRoutes } from './pages/media';
import seoRoutes from './pages/seo';
import webApp from './pages/web-app';
import accountRoutes from './shop/account';
import authRoutes from './shop/auth';
import cartRoutes, { couponOfferRoutes } from './shop/cart';
import catalogueRoutes from './shop/catalogue';
import challengeRoutes from './shop/challenge';
import codRoutes, { codLinkRoutes } from './shop/cod';
import contactRoutes from './shop/contact';
import { deliveryIssueLinkRoutes, deliveryIssueOrderRoutes } from './shop/delivery-issue';
import deliveryPromiseRoutes from './shop/delivery-promise';
import orderHistoryRoutes from './shop/order-history';
import orderRoutes from './shop/orders';
import paymentRoutes from './shop/payments';
import publicConfigRoutes from './shop/public-config';
import returnRoutes from './shop/returns';
import reviewRoutes from './shop/reviews';
import shippingRoutes from './shop/shipping';
import whatsappConsentRoutes from './shop/whatsapp';
import winbackRoutes from './shop/winback';
import wishlistRoutes from './shop/wishlist';
import payoutWebhookRoute from './webhooks/payouts';
import razorpayWebhookRoute from './webhooks/razorpay';
import shiprocketWebhookRoute from './webhooks/shiprocket';
import whatsappWebhookRoute from './webhooks/whatsapp';

/** docs/architecture.md#http-edge: the API under /api, in the order its OpenAPI document lists it. */
const apiRoutes: FastifyPluginAsync = async (api) => {
  await api.register(healthRoutes);
  await api.register(catalogueRoutes);
  await api.register(contactRoutes);
  await api.register(challengeRoutes);
  await api.register(publicConfigRoutes);
  await api.register(authRoutes, { prefix: '/auth' });
  await api.register(accountRoutes, { prefix: '/auth' });
  await api.register(whatsappConsentRoutes);
  await api.register(cartRoutes, { prefix: '/cart' });
  await api.register(couponOfferRoutes, { prefix: '/coupons' });
  await api.register(wishlistRoutes, { prefix: '/wishlist' });
  // Razorpay's webhook, not a shopper's: no session, its own body parser.
  await api.register(razorpayWebhookRoute, { prefix: '/payment' });
  await api.register(paymentRoutes, { prefix: '/payment' });
  await api.register(codRoutes, { prefix: '/cod' });
  await api.register(codLinkRoutes, { prefix: '/cod' });
  await api.register(orderRoutes, { prefix: '/orders' });
  await api.register(returnRoutes, { prefix: '/orders' });
  await api.register(deliveryIssueOrderRoutes, { prefix: '/orders' });
  await api.register(deliveryIssueLinkRoutes);
  await api.register(orderHistoryRoutes, { prefix: '/order-history' });
  await api.register(reviewRoutes);
  await api.register(winbackRoutes);
  await api.register(shippingRoutes);
  await api.register(shiprocketWebhookRoute);
  await api.register(deliveryPromiseRoutes);
  await api.register(adminOrderRoutes, { prefix: '/admin' });
  await api.register(adminCustomerRoutes, { prefix: '/admin' });
  await api.register(adminCatalogueRoutes, { prefix: '/admin' });
  await api.register(adminCouponRoutes, { prefix: '/admin' });
  await api.register(codMoneyRoutes, { prefix: '/admin' });
  await api.register(adminCodRoutes, { prefix: '/admin' });
  await api.register(adminPrepaidOfferRoutes, { prefix: '/admin' });
  await api.register(adminCodRiskRoutes, { prefix: '/admin' });
  await api.register(adminReturnRoutes, { prefix: '/admin' });
  await api.register(adminNdrRoutes, { prefix: '/admin' });
  await api.register(adminReviewRoutes, { prefix: '/admin' });
  await api.register(staffRoutes, { prefix: '/admin' });
  await api.register(staffAlertRoutes, { prefix: '/admin' });
  await api.register(auditRoutes, { prefix: '/admin' });
  await api.register(adminInboxRoutes, { prefix: '/admin' });
  await api.register(adminStatsRoutes, { prefix: '/admin' });
  await api.register(adminWinbackRoutes, { prefix: '/admin' });
  await api.register(shopSettingsRoutes, { prefix: '/admin' });
  // The shopper's tax documents under /orders and the console's under /admin.
  await api.register(invoiceRoutes);
};

export interface HttpRoutesOptions {
  /** The catalogue pages' renderer; by default the SSR build's (docs/architecture.md#pages-as-html). */
  pageRenderer?: PageRenderer | undefined;
}

/**
 * docs/architecture.md#http-edge: every route the shop answers, registered after the plugins and capabilities
 * they use. Not encapsulated, so the web app's not-found handler is the app's.
 */
export default fp(
  async (app, options: HttpRoutesOptions) => {
    const { config } = app;
    if (config.productImages.kind === 'disk') await app.register(mediaRoutes(config.productImages.dir));
    await app.register(apiRoutes, { prefix: '/api' });
    // RazorpayX's payout webhook, at the full path set in its dashboard (PAYOUT_WEBHOOK_PATH, under /api).
    await app.register(payoutWebhookRoute);
    // docs/architecture.md#whatsapp: Meta's webhooks, at the callback URL set in the Meta app (under /api).
    await app.register(whatsappWebhookRoute);
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
  },
  { name: 'http-routes', dependencies: ['database', 'authentication', 'staff-authentication'] },
);
