import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import {
  type CodAdvancePayment,
  type CodConfirmed,
  type CodEligibility,
  codMessages,
  maskedPhone,
  type PlacedCodOrder,
} from '../../contracts/cod';
import { codAdvanceMessages } from '../../contracts/cod-risk-rules';
import { couponMessages } from '../../contracts/coupon-rules';
import { paymentMessages } from '../../contracts/orders';
import type { Database } from '../db/client';
import { orderItems, orders } from '../db/schema';
import { AppError } from '../errors';
import type { Jobs } from '../job-queues';
import type { StaffActor } from '../modules/audit/audit-log';
import { recordAudit } from '../modules/audit/audit-log';
import { sendOtp, spendOtp } from '../modules/auth/otp-service';
import type { SmsGuard } from '../modules/auth/sms-guard';
import {
  type CodFacts,
  codEligibilityOf,
  codRiskDecisionOf,
  hasDeliveredOrder,
  pincodeRtoHistoryOf,
  rtoCountOf,
} from '../modules/cod/cod-eligibility';
import type { CodRiskDecision } from '../modules/cod/cod-risk';
import { recordCodRiskRefusal } from '../modules/cod/cod-risk-records';
import { readCodRiskSettings } from '../modules/cod/cod-risk-settings';
import type { CodServiceabilityLookup } from '../modules/cod/cod-serviceability';
import { type CodRules, readCodRules } from '../modules/cod/cod-settings';
import { orderOfCodConfirmToken, spendCodConfirmToken } from '../modules/cod/confirm-links';
import type { DeliveryPromises } from '../modules/delivery-promise/plugin';
import type { Notifier } from '../modules/notifications/notifier';
import { codCashAfterAdvancePaiseOf, codCashPaiseOf } from '../modules/orders/cod-advance';
import { awaitsCodConfirmation, type CodConfirmation } from '../modules/orders/lifecycle';
import { findUserOrder, isOrderId, orderNumberOf } from '../modules/orders/order-view';
import {
  applyOrderEvent,
  attachRazorpayOrder,
  lockOrder,
  pendingOrderWrites,
  transitionOrder,
} from '../modules/orders/order-writer';
import type { RazorpayGateway } from '../modules/payments/razorpay-gateway';
import { raiseSecurityAlert } from '../modules/security-alerts/security-alerts';
import { CouponNotHeld, holdCartStock } from '../modules/stock/availability';
import { lockOrderStock } from '../modules/stock/order-stock';
import { RazorpayError } from '../providers/razorpay/client';
import {
  checkoutsWithCode,
  lockShopperCheckouts,
  type PreparedCheckout,
  prepareCheckout,
  replaceCheckouts,
  withPrepaidOffer,
} from './checkout';

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
  /** docs/product.md#part-paid-cod: the advance is paid through a Razorpay order of its own. */
  razorpay: RazorpayGateway;
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
    ...(await codRiskFactsOf(deps.db, rules.enabled, user.id, prepared.order.shippingAddress.pincode.trim())),
  };
}

/** docs/product.md#cod-risk-rules: the owner's risk rules and what only they read. */
async function codRiskFactsOf(db: Database, codEnabled: boolean, userId: string, pincode: string) {
  const risk = await readCodRiskSettings(db);
  // Each fact is read only when its rule can refuse: with COD off, none is.
  const firstOrderLimit = codEnabled && risk.firstOrderLimitEnabled;
  const pincodeRule = codEnabled && risk.pincodeRtoEnabled;
  return {
    risk,
    hasDeliveredOrder: firstOrderLimit ? await hasDeliveredOrder(db, userId) : true,
    pincodeHistory: pincodeRule
      ? await pincodeRtoHistoryOf(db, pincode, risk.pincodeRtoWindow)
      : { codOrders: 0, rtos: 0 },
  };
}

/** docs/product.md#cod-risk-rules: a risk rule that refused the shopper is recorded for the console. */
async function recordRiskRefusal(db: Database, userId: string, facts: CodFacts, decision: CodRiskDecision) {
  // An order the rule lets pay COD with an advance was not refused.
  if (!facts.rules.enabled || decision.outcome !== 'online_only') return;
  const entry = { rule: decision.rule, userId, pincode: facts.pincode, orderPaise: facts.orderPaise };
  await recordCodRiskRefusal(db, entry);
}

/**
 * docs/product.md#cash-on-delivery: whether the shopper's checkout may be paid cash on delivery, and why not;
 * and docs/product.md#prepaid-offer: what paying online takes off, as create-order will charge it.
 */
export async function codEligibilityFor(deps: CodDeps, userId: string): Promise<CodEligibility> {
  const prepared = await prepareCheckout(deps.db, userId, deps.delivery);
  const online = withPrepaidOffer(prepared);
  const facts = await codFactsOf(deps, prepared);
  const decision = codRiskDecisionOf(facts);
  await recordRiskRefusal(deps.db, userId, facts, decision);
  return {
    ...codEligibilityOf(facts, decision),
    onlineTotalPaise: online.order.totalPaise,
    prepaidOfferPaise: online.order.prepaidDiscountPaise,
  };
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

type PlacedOrder = Pick<
  OrderRow,
  'id' | 'userId' | 'totalPaise' | 'contact' | 'codConfirmBy' | 'codAdvancePaise' | 'codAdvance'
>;

function placedReply(
  order: PlacedOrder,
  otpSent: boolean,
  replaced: readonly Pick<OrderRow, 'id' | 'userId'>[] = [],
  advance: CodAdvancePayment | null = null,
): PlacedCodOrder {
  // Another account's order replaced by this one (same mobile) is theirs to hear of, not this shopper's.
  const replacedNumbers = replaced
    .filter((earlier) => earlier.userId === order.userId)
    .map((earlier) => orderNumberOf(earlier.id));
  return {
    orderId: order.id,
    orderNumber: orderNumberOf(order.id),
    totalPaise: order.totalPaise,
    advance,
    otpSent,
    message: advance
      ? codAdvanceMessages.split(advance.amount, advance.cashPaise)
      : otpSent
        ? codMessages.otpSent(maskedPhone(order.contact.phone))
        : codMessages.otpNotSent,
    confirmBy: (order.codConfirmBy ?? new Date()).toISOString(),
    replacedOrderNumbers: replacedNumbers,
    replacedMessage: replacedNumbers.length > 0 ? codMessages.replaced(replacedNumbers) : null,
  };
}

/**
 * docs/product.md#part-paid-cod: the Razorpay order the COD order's advance is paid through, made once (the
 * first attached stays when two PLACE ORDERs of one cart each made one).
 */
async function advancePaymentOf(deps: CodDeps, order: PlacedOrder & Pick<OrderRow, 'razorpayOrderId'>) {
  let razorpayOrderId = order.razorpayOrderId;
  if (!razorpayOrderId) {
    const created = await deps.razorpay.client
      .createOrder({
        amount: order.codAdvancePaise,
        currency: 'INR',
        receipt: order.id,
        notes: { orderId: order.id, userId: order.userId ?? '', purpose: 'cod_advance' },
      })
      .catch((error: unknown) => {
        if (error instanceof RazorpayError) {
          throw new AppError('upstream_failed', paymentMessages.initializeFailed);
        }
        throw error;
      });
    razorpayOrderId = (await attachRazorpayOrder(deps.db, order.id, created.id)) ?? null;
    if (!razorpayOrderId) throw new AppError('upstream_failed', paymentMessages.initializeFailed);
  }
  return {
    id: razorpayOrderId,
    key: deps.razorpay.keyId,
    amount: order.codAdvancePaise,
    currency: 'INR' as const,
    cashPaise: codCashAfterAdvancePaiseOf(order),
  };
}

/** What PLACE ORDER answers for the order: its advance to pay, or the OTP sent to confirm it. */
async function answerPlaced(
  deps: CodDeps,
  order: PlacedOrder & Pick<OrderRow, 'razorpayOrderId'>,
  ipAddress: string,
  replaced: readonly Pick<OrderRow, 'id' | 'userId'>[] = [],
): Promise<PlacedCodOrder> {
  if (order.codAdvance === 'due') {
    return placedReply(order, false, replaced, await advancePaymentOf(deps, order));
  }
  return placedReply(order, await sendCodOtp(deps, order, ipAddress), replaced);
}

/** The mobiles a COD order is tied to: the one its OTP goes to and the one the courier calls. */
function mobilesOf(contact: OrderRow['contact']): string[] {
  return [...new Set([contact.phone, contact.deliveryPhone ?? ''].filter((mobile) => mobile !== ''))];
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
 * docs/product.md#one-checkout: the COD orders awaiting confirmation that a new one replaces: the shopper's, and
 * any tied to one of its mobiles (another account's is told it was cancelled). Found through the partial index
 * of the orders awaiting confirmation, however many orders the shop has.
 */
async function awaitingCodOrdersTo(tx: Database, userId: string, mobiles: readonly string[]) {
  const rows = await tx
    .select({ id: orders.id, userId: orders.userId })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'pending'),
        eq(orders.paymentStatus, 'cod_due'),
        or(
          eq(orders.userId, userId),
          inArray(sql`${orders.contact}->>'phone'`, [...mobiles]),
          inArray(sql`${orders.contact}->>'deliveryPhone'`, [...mobiles]),
        ),
      ),
    );
  return rows.map((row) => ({ id: row.id, notify: row.userId !== userId }));
}

/**
 * The units (and the code's use) a COD order holds, taken again as it is reused or confirmed: only what it no
 * longer holds, refused when the stock less what other checkouts hold is short (docs/product.md#cod-confirmation).
 * The code's use is checked for uses left only: the order was placed while the code applied.
 */
async function holdAgain(tx: Database, order: OrderRow, expiresAt: Date) {
  const lines = await tx
    .select({ productId: orderItems.productId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id));
  const coupon = order.couponId !== null && order.couponUse === 'reserved' ? order.couponId : undefined;
  await holdCartStock(tx, {
    id: order.id,
    lines,
    expiresAt,
    reusing: true,
    ...(coupon === undefined ? {} : { coupon: { id: coupon, usesOnly: true } }),
  }).catch((error: unknown) => {
    if (error instanceof CouponNotHeld) throw new AppError('conflict', couponMessages.usedUp);
    throw error;
  });
}

/** How long a COD order placed now holds its units: the shop's hold, never past its time to confirm. */
function holdEndOf(rules: CodRules, confirmBy: Date, now = Date.now()): Date {
  return new Date(Math.min(confirmBy.getTime(), now + rules.holdMinutes * 60_000));
}

/**
 * docs/architecture.md#security: more COD orders than the shop allows in its period, by one shopper or to one
 * mobile (replaced ones count: placing them is the abuse), raise a security alert for the owner.
 */
async function alertOnCodVelocity(
  deps: CodDeps,
  rules: CodRules,
  order: Pick<OrderRow, 'userId' | 'contact'>,
  mobiles: readonly string[],
) {
  const userId = order.userId ?? '';
  const since = new Date(Date.now() - rules.velocityHours * 3_600_000);
  const codSince = and(eq(orders.paymentMethod, 'COD'), gt(orders.createdAt, since));
  const count = async (whose: SQL | undefined) => {
    const [row] = await deps.db
      .select({ placed: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(codSince, whose));
    return Number(row?.placed ?? 0);
  };
  const allowed = `in ${rules.velocityHours} h; the shop allows ${rules.velocityOrders}.`;
  const placedBy = await count(eq(orders.userId, userId));
  const subjects = [
    {
      subject: `shopper:${userId}`,
      placed: placedBy,
      detail: `${order.contact.name} (shopper ${userId}) placed ${placedBy} cash-on-delivery orders ${allowed}`,
    },
  ];
  for (const mobile of mobiles) {
    const toMobile = or(
      sql`${orders.contact}->>'phone' = ${mobile}`,
      sql`${orders.contact}->>'deliveryPhone' = ${mobile}`,
    );
    const placed = await count(toMobile);
    subjects.push({
      subject: `mobile:${mobile}`,
      placed,
      detail: `${placed} cash-on-delivery orders to mobile ${mobile} ${allowed}`,
    });
  }
  for (const { subject, placed, detail } of subjects) {
    if (placed <= rules.velocityOrders) continue;
    deps.log.warn({ subject, placed }, `COD orders placed too fast: ${detail}`);
    await raiseSecurityAlert(deps.db, { kind: 'cod_order_velocity', subject, detail });
  }
}

/**
 * docs/product.md#cash-on-delivery: PLACE ORDER with cash on delivery. The server checks again everything the
 * checkout showed, stores the order `pending` / `cod_due` holding its units and code for the shop's hold (not
 * the whole time to confirm), replaces the order awaiting confirmation of the shopper or its mobiles, and sends
 * the OTP to the order's mobile; the lifecycle queues the confirm link by SMS and e-mail.
 */
export async function placeCodOrder(
  deps: CodDeps,
  userId: string,
  expectedAmountPaise: number | undefined,
  ipAddress: string,
): Promise<PlacedCodOrder> {
  const prepared = await prepareCheckout(deps.db, userId, deps.delivery);
  const facts = await codFactsOf(deps, prepared);
  const decision = codRiskDecisionOf(facts);
  const eligibility = codEligibilityOf(facts, decision);
  const [refusal] = eligibility.refusals;
  if (refusal) {
    await recordRiskRefusal(deps.db, userId, facts, decision);
    throw new AppError('conflict', refusal.message);
  }
  const totalPaise = eligibility.codTotalPaise;
  if (expectedAmountPaise !== undefined && expectedAmountPaise !== totalPaise) {
    throw new AppError('conflict', paymentMessages.cartChanged);
  }
  const { rules } = facts;
  // docs/product.md#part-paid-cod: an order that pays an advance is confirmed by paying it, not by an OTP.
  const { advancePaise } = eligibility;
  const fingerprint = `cod:${rules.feePaise}|advance:${advancePaise}|${prepared.order.cartFingerprint}`;
  const id = randomUUID();
  const codConfirmBy = new Date(Date.now() + rules.confirmHours * 3_600_000);
  const order = {
    ...prepared.order,
    id,
    paymentMethod: 'COD' as const,
    paymentStatus: 'cod_due' as const,
    codFeePaise: rules.feePaise,
    totalPaise,
    cartFingerprint: fingerprint,
    codConfirmBy,
    codAdvancePaise: advancePaise,
    codAdvance: advancePaise > 0 ? ('due' as const) : null,
    razorpayOrderId: null,
  };
  const mobiles = mobilesOf(order.contact);
  // docs/product.md#one-checkout: one PLACE ORDER of a shopper (and of a mobile) at a time; a double tap finds
  // the order the first one made and reuses it, any other COD order awaiting confirmation is replaced.
  const placed = await prepared.refusingCoupon(
    deps.db.transaction(async (tx) => {
      await lockShopperCheckouts(tx, userId, mobiles);
      const found = await awaitingOrderFor(tx, userId, fingerprint);
      if (found?.codConfirmBy) {
        await holdAgain(tx, found, holdEndOf(rules, found.codConfirmBy));
        return { order: found, replaced: [] };
      }
      const earlier = [
        ...(await awaitingCodOrdersTo(tx, userId, mobiles)),
        ...(prepared.coupon ? await checkoutsWithCode(tx, userId, prepared.coupon.id) : []),
      ];
      const productIds = prepared.lines.map((line) => line.productId);
      const replaced = await replaceCheckouts(tx, deps.jobs, earlier, productIds);
      await prepared.codeStillApplies(tx);
      // docs/architecture.md#holds: the units and the code's use are held for the shop's hold, as a checkout's.
      await holdCartStock(
        tx,
        {
          id,
          lines: prepared.lines,
          expiresAt: holdEndOf(rules, codConfirmBy),
          reusing: false,
          coupon: prepared.coupon,
        },
        (when) => pendingOrderWrites(order, prepared.items, when),
      );
      return { order: undefined, replaced };
    }),
  );
  if (placed.order) return answerPlaced(deps, placed.order, ipAddress);
  await transitionOrder(deps.db, deps.jobs, id, { type: 'cod_placed' }, 'checkout');
  await alertOnCodVelocity(deps, rules, order, mobiles);
  return answerPlaced(deps, order, ipAddress, placed.replaced);
}

/** Another OTP for the shopper's order awaiting confirmation (the abuse limits of every OTP apply). */
export async function resendCodOtp(deps: CodDeps, userId: string, orderId: string, ipAddress: string) {
  const order = await findUserOrder(deps.db, userId, orderId);
  if (!order) throw new AppError('not_found', paymentMessages.orderNotFound);
  if (order.paymentMethod !== 'COD') throw new AppError('conflict', codMessages.notCod);
  if (!awaitsCodConfirmation(order)) throw new AppError('conflict', codMessages.notAwaiting);
  return answerPlaced(deps, order, ipAddress);
}

type ConfirmOutcome = 'confirmed' | 'already_confirmed' | 'expired' | 'not_awaiting';

/** A hold taken again while confirming is given back by the confirmation in the same transaction. */
const CONFIRMING_HOLD_MS = 60_000;

async function holdAgainAndRelock(tx: Database, order: OrderRow) {
  await holdAgain(tx, order, new Date(Date.now() + CONFIRMING_HOLD_MS));
  const relocked = await lockOrder(tx, order.id);
  if (!relocked) throw new AppError('not_found', paymentMessages.orderNotFound);
  return relocked;
}

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
    // docs/product.md#cod-confirmation: its units were held only for the shop's hold; what it no longer holds is
    // taken again if the stock less what other checkouts hold covers it, else the confirmation is refused.
    // The products' rows are locked after the order's (docs/architecture.md#locks).
    // Read again (its locks are held already), so the lifecycle gives back the holds just taken.
    const current = awaiting ? await holdAgainAndRelock(tx, locked.order) : locked;
    const stockCovered = awaiting ? (await lockOrderStock(tx, orderId)).length === 0 : true;
    const decision = await applyOrderEvent(
      current,
      deps.jobs,
      { type: 'cod_confirmed', via, stockCovered },
      source,
    );
    if (decision.outcome === 'refused' && decision.reason === 'advance_due') {
      throw new AppError('conflict', codAdvanceMessages.advanceDue);
    }
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
    message: codMessages.confirmed(codCashPaiseOf(order)),
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
  if (order.codAdvance === 'due') throw new AppError('conflict', codAdvanceMessages.advanceDue);
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

/**
 * docs/product.md#whatsapp-cod: "Confirm order" tapped on WhatsApp. The button's token is spent with the
 * confirmation, as the link's is, so of two taps (or a tap and a "Cancel") the first one counts.
 */
export async function confirmCodByWhatsApp(
  deps: Pick<CodDeps, 'db' | 'jobs'>,
  orderId: string,
  token: string,
): Promise<CodConfirmed> {
  const { order } = await confirmCodOrder(deps, orderId, 'whatsapp', async (tx) => {
    if ((await spendCodConfirmToken(tx, token)) !== orderId)
      throw new AppError('invalid', codMessages.linkInvalid);
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
