import { randomUUID } from 'node:crypto';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import {
  type CodConfirmed,
  type CodEligibility,
  codMessages,
  maskedPhone,
  type PlacedCodOrder,
} from '../../contracts/cod';
import { paymentMessages } from '../../contracts/orders';
import type { Database } from '../db/client';
import { orders } from '../db/schema';
import { AppError } from '../errors';
import type { Jobs } from '../job-queues';
import type { StaffActor } from '../modules/audit/audit-log';
import { recordAudit } from '../modules/audit/audit-log';
import { sendOtp, spendOtp } from '../modules/auth/otp-service';
import type { SmsGuard } from '../modules/auth/sms-guard';
import { type CodFacts, codEligibilityOf, rtoCountOf } from '../modules/cod/cod-eligibility';
import type { CodServiceabilityLookup } from '../modules/cod/cod-serviceability';
import { readCodRules } from '../modules/cod/cod-settings';
import { orderOfCodConfirmToken, spendCodConfirmToken } from '../modules/cod/confirm-links';
import type { DeliveryPromises } from '../modules/delivery-promise/plugin';
import type { Notifier } from '../modules/notifications/notifier';
import { awaitsCodConfirmation, type CodConfirmation } from '../modules/orders/lifecycle';
import { findUserOrder, isOrderId, orderNumberOf } from '../modules/orders/order-view';
import {
  applyOrderEvent,
  lockOrder,
  pendingOrderWrites,
  transitionOrder,
} from '../modules/orders/order-writer';
import { holdCartStock } from '../modules/stock/availability';
import { lockOrderStock } from '../modules/stock/order-stock';
import { type PreparedCheckout, prepareCheckout } from './checkout';

// Cash on delivery, the order side (docs/product.md#cash-on-delivery): whether checkout offers it, placing a COD
// order, its confirmation by OTP, link or staff, and the sweep that cancels the unconfirmed.

export interface CodDeps {
  db: Database;
  jobs: Pick<Jobs, 'send'>;
  codServiceability: Pick<CodServiceabilityLookup, 'servesCod'>;
  delivery: Pick<DeliveryPromises, 'promiseFor'>;
  notifier: Notifier;
  smsGuard: SmsGuard;
  otpResendIntervalMs: number;
  log: SmsGuard['log'];
}

type OrderRow = typeof orders.$inferSelect;

async function codFactsOf(deps: CodDeps, prepared: PreparedCheckout): Promise<CodFacts> {
  const rules = await readCodRules(deps.db);
  const { user } = prepared;
  const withoutCod = prepared.products.filter((line) => !line.product.codAllowed);
  return {
    rules,
    pincode: prepared.order.shippingAddress.pincode.trim(),
    // Shiprocket is asked only when its answer can matter.
    pincodeServesCod: rules.enabled
      ? await deps.codServiceability.servesCod(prepared.order.shippingAddress.pincode.trim())
      : true,
    orderPaise: prepared.order.totalPaise,
    productsWithoutCod: [...new Set(withoutCod.map((line) => line.product.title))],
    rtoCount: await rtoCountOf(deps.db, user.id),
    mobileVerified: user.phoneVerifiedAt !== null && (user.phone ?? '') !== '',
  };
}

/** docs/product.md#cash-on-delivery: whether the shopper's checkout may be paid cash on delivery, and why not. */
export async function codEligibilityFor(deps: CodDeps, userId: string): Promise<CodEligibility> {
  const prepared = await prepareCheckout(deps.db, userId, deps.delivery);
  return codEligibilityOf(await codFactsOf(deps, prepared));
}

/** Sends the OTP that confirms the order to its mobile; false when it could not go (limits, SMS down). */
async function sendCodOtp(deps: CodDeps, order: Pick<OrderRow, 'id' | 'contact'>, ipAddress: string) {
  try {
    await sendOtp(
      deps.db,
      deps.notifier,
      { channel: 'sms', address: order.contact.phone },
      ipAddress,
      deps.smsGuard,
      // Its own scope: a sign-in code sent a moment ago neither delays nor replaces it.
      { resendIntervalMs: deps.otpResendIntervalMs, scope: 'cod_confirmation' },
    );
    return true;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    deps.log.warn({ orderId: order.id, reason: error.message }, 'COD confirmation OTP not sent');
    return false;
  }
}

function placedReply(
  order: Pick<OrderRow, 'id' | 'totalPaise' | 'contact' | 'codConfirmBy'>,
  otpSent: boolean,
) {
  return {
    orderId: order.id,
    orderNumber: orderNumberOf(order.id),
    totalPaise: order.totalPaise,
    otpSent,
    message: otpSent ? codMessages.otpSent(maskedPhone(order.contact.phone)) : codMessages.otpNotSent,
    confirmBy: (order.codConfirmBy ?? new Date()).toISOString(),
  };
}

/** The shopper's COD order for the very same cart, still awaiting confirmation: a second PLACE ORDER reuses it. */
async function awaitingOrderFor(db: Database, userId: string, cartFingerprint: string) {
  const [found] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.status, 'pending'),
        eq(orders.paymentStatus, 'cod_due'),
        eq(orders.cartFingerprint, cartFingerprint),
      ),
    )
    .limit(1);
  return found?.codConfirmBy && found.codConfirmBy > new Date() ? found : undefined;
}

/**
 * docs/product.md#cash-on-delivery: PLACE ORDER with cash on delivery. The server checks again everything the
 * checkout showed, stores the order `pending` / `cod_due` holding its units and code until the time to confirm,
 * and sends the OTP to the order's mobile; the lifecycle queues the confirm link by SMS and e-mail.
 */
export async function placeCodOrder(
  deps: CodDeps,
  userId: string,
  expectedAmountPaise: number | undefined,
  ipAddress: string,
): Promise<PlacedCodOrder> {
  const prepared = await prepareCheckout(deps.db, userId, deps.delivery);
  const facts = await codFactsOf(deps, prepared);
  const eligibility = codEligibilityOf(facts);
  const [refusal] = eligibility.refusals;
  if (refusal) throw new AppError('conflict', refusal.message);
  const totalPaise = eligibility.codTotalPaise;
  if (expectedAmountPaise !== undefined && expectedAmountPaise !== totalPaise) {
    throw new AppError('conflict', paymentMessages.cartChanged);
  }
  const fingerprint = `cod:${facts.rules.feePaise}|${prepared.order.cartFingerprint}`;
  const id = randomUUID();
  const codConfirmBy = new Date(Date.now() + facts.rules.confirmHours * 3_600_000);
  const order = {
    ...prepared.order,
    id,
    paymentMethod: 'COD' as const,
    paymentStatus: 'cod_due' as const,
    codFeePaise: facts.rules.feePaise,
    totalPaise,
    cartFingerprint: fingerprint,
    codConfirmBy,
  };
  // One PLACE ORDER of a shopper at a time: a double tap finds the order the first one made and reuses it.
  const reusable = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cod-place-order:${userId}`}))`);
    const found = await awaitingOrderFor(tx, userId, fingerprint);
    if (found) return found;
    // docs/architecture.md#holds: the units and the code's use are held until the time to confirm runs out.
    await prepared.holding(
      holdCartStock(
        tx,
        { id, lines: prepared.lines, expiresAt: codConfirmBy, reusing: false, coupon: prepared.coupon },
        (when) => pendingOrderWrites(order, prepared.items, when),
      ),
    );
    return undefined;
  });
  if (reusable) return placedReply(reusable, await sendCodOtp(deps, reusable, ipAddress));
  await transitionOrder(deps.db, deps.jobs, id, { type: 'cod_placed' }, 'checkout');
  return placedReply(order, await sendCodOtp(deps, order, ipAddress));
}

/** Another OTP for the shopper's order awaiting confirmation (the abuse limits of every OTP apply). */
export async function resendCodOtp(deps: CodDeps, userId: string, orderId: string, ipAddress: string) {
  const order = await findUserOrder(deps.db, userId, orderId);
  if (!order) throw new AppError('not_found', paymentMessages.orderNotFound);
  if (order.paymentMethod !== 'COD') throw new AppError('conflict', codMessages.notCod);
  if (!awaitsCodConfirmation(order)) throw new AppError('conflict', codMessages.notAwaiting);
  return placedReply(order, await sendCodOtp(deps, order, ipAddress));
}

type ConfirmOutcome = 'confirmed' | 'already_confirmed' | 'expired' | 'not_awaiting';

/**
 * Confirms the COD order under its locks, through the lifecycle (its units taken, cart cleared, code used,
 * shipment queued, message sent), with `inTransaction` (a link spent, the audit row) in the same transaction.
 * Past its time to confirm, it is cancelled instead, as the sweep would.
 */
async function confirmCodOrder(
  deps: Pick<CodDeps, 'db' | 'jobs'>,
  orderId: string,
  via: CodConfirmation,
  inTransaction?: (tx: Database) => Promise<void>,
): Promise<{ order: OrderRow; outcome: ConfirmOutcome }> {
  const result = await deps.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, orderId);
    if (!locked) throw new AppError('not_found', paymentMessages.orderNotFound);
    if (locked.order.paymentMethod !== 'COD') throw new AppError('conflict', codMessages.notCod);
    await inTransaction?.(tx);
    const source = via === 'staff' ? 'shop' : 'shopper';
    const awaiting = awaitsCodConfirmation(locked.state);
    const confirmBy = locked.order.codConfirmBy;
    if (awaiting && confirmBy && confirmBy <= new Date()) {
      await applyOrderEvent(locked, deps.jobs, { type: 'cod_confirmation_expired' }, 'system');
      return { order: locked.order, outcome: 'expired' as const };
    }
    // docs/architecture.md#stock: the products' rows are locked after the order's.
    const stockCovered = awaiting ? (await lockOrderStock(tx, orderId)).length === 0 : true;
    const decision = await applyOrderEvent(
      locked,
      deps.jobs,
      { type: 'cod_confirmed', via, stockCovered },
      source,
    );
    if (decision.outcome === 'refused') return { order: locked.order, outcome: 'not_awaiting' as const };
    return {
      order: locked.order,
      outcome: awaiting ? ('confirmed' as const) : ('already_confirmed' as const),
    };
  });
  // Refusals are answered once the transaction has committed: an expired order stays cancelled.
  if (result.outcome === 'expired' || result.outcome === 'not_awaiting') {
    throw new AppError('conflict', codMessages.notAwaiting);
  }
  return result;
}

function confirmedReply(order: OrderRow): CodConfirmed {
  return {
    orderId: order.id,
    orderNumber: orderNumberOf(order.id),
    message: codMessages.confirmed(order.totalPaise),
  };
}

/** The shopper types the OTP on the checkout page. A confirmed order answers the same again. */
export async function confirmCodByOtp(
  deps: CodDeps,
  userId: string,
  orderId: string,
  otp: string,
): Promise<CodConfirmed> {
  const order = await findUserOrder(deps.db, userId, orderId);
  if (!order) throw new AppError('not_found', paymentMessages.orderNotFound);
  if (order.paymentMethod !== 'COD') throw new AppError('conflict', codMessages.notCod);
  if (order.codConfirmedAt) return confirmedReply(order);
  if (!awaitsCodConfirmation(order)) throw new AppError('conflict', codMessages.notAwaiting);
  await spendOtp(deps.db, { channel: 'sms', address: order.contact.phone, otp }, 'cod_confirmation');
  return confirmedReply((await confirmCodOrder(deps, order.id, 'otp')).order);
}

/** The confirm link, opened by anyone who has it: it works once, for its order, until the time to confirm. */
export async function confirmCodByLink(
  deps: Pick<CodDeps, 'db' | 'jobs'>,
  token: string,
): Promise<CodConfirmed> {
  const orderId = await orderOfCodConfirmToken(deps.db, token);
  if (!orderId) throw new AppError('invalid', codMessages.linkInvalid);
  const { order } = await confirmCodOrder(deps, orderId, 'link', async (tx) => {
    // Spent with the confirmation, so a failed one leaves the link working; of two opened at once, one spends it.
    if (!(await spendCodConfirmToken(tx, token))) throw new AppError('invalid', codMessages.linkInvalid);
  });
  return confirmedReply(order);
}

/** docs/product.md#cash-on-delivery: staff confirm an order after calling its shopper; audited. */
export async function confirmCodByStaff(
  deps: Pick<CodDeps, 'db' | 'jobs'>,
  orderId: string,
  actor: StaffActor,
): Promise<CodConfirmed> {
  if (!isOrderId(orderId)) throw new AppError('not_found', paymentMessages.orderNotFound);
  const { order } = await confirmCodOrder(deps, orderId, 'staff', (tx) =>
    recordAudit(tx, {
      staffId: actor.staffId,
      action: 'order.cod_confirm',
      entityType: 'order',
      entityId: orderId,
      after: { codConfirmedVia: 'staff' },
      ipAddress: actor.ipAddress,
    }),
  );
  return { ...confirmedReply(order), message: codMessages.confirmedByStaff };
}

const EXPIRY_SWEEP_LIMIT = 200;

/**
 * The expiry sweep (a pg-boss job every minute): COD orders still unconfirmed past their time are cancelled
 * through the lifecycle, which gives back their units and code and tells the shopper. Returns how many.
 */
export async function expireUnconfirmedCodOrders(
  deps: Pick<CodDeps, 'db' | 'jobs'>,
  now = new Date(),
): Promise<number> {
  const due = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(eq(orders.status, 'pending'), eq(orders.paymentStatus, 'cod_due'), lte(orders.codConfirmBy, now)),
    )
    .orderBy(asc(orders.codConfirmBy))
    .limit(EXPIRY_SWEEP_LIMIT);
  let cancelled = 0;
  for (const { id } of due) {
    const decision = await transitionOrder(
      deps.db,
      deps.jobs,
      id,
      { type: 'cod_confirmation_expired' },
      'system',
    );
    if (decision?.outcome === 'applied' && decision.next.status === 'cancelled') cancelled += 1;
  }
  return cancelled;
}
