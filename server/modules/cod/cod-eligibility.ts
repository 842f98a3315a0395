import { and, eq, gte, or, sql } from 'drizzle-orm';
import { type CodEligibility, type CodRefusal, codMessages } from '../../../contracts/cod';
import { codRiskMessages } from '../../../contracts/cod-risk-rules';
import type { Database } from '../../db/client';
import { ndrReports, orders } from '../../db/schema';
import {
  type CodRiskDecision,
  type CodRiskSettingsValues,
  codAdvancePaiseOf,
  decideCodRisk,
  type PincodeRtoHistory,
  refusalOfRisk,
} from './cod-risk';
import type { CodRules } from './cod-settings';

// docs/product.md#cash-on-delivery: when checkout offers COD. The rules are pure; the facts are gathered by the
// COD flow (the settings, Shiprocket's answer for the pincode, the cart, the shopper).

export interface CodFacts {
  rules: CodRules;
  pincode: string;
  /** Whether a courier collects cash at the pincode; undefined when Shiprocket could not be asked. */
  pincodeServesCod: boolean | undefined;
  /** The order's value without the COD fee: the total after the code, shipping included. */
  orderPaise: number;
  /** The titles of the cart's products that do not allow COD. */
  productsWithoutCod: readonly string[];
  /** The shopper's COD orders that came back to origin. */
  rtoCount: number;
  mobileVerified: boolean;
  /** docs/product.md#cod-risk-rules: the owner's risk rules and the facts only they read. */
  risk: CodRiskSettingsValues;
  hasDeliveredOrder: boolean;
  pincodeHistory: PincodeRtoHistory;
}

/** docs/product.md#part-paid-cod: the advance the order would pay, as the owner set it (0: none can be taken). */
export function advancePaiseFor(facts: Pick<CodFacts, 'risk' | 'rules' | 'orderPaise'>): number {
  return codAdvancePaiseOf(facts.risk, facts.rules.feePaise, facts.orderPaise + facts.rules.feePaise);
}

/** docs/product.md#cod-risk-rules: which risk rule applies to these facts, if any. */
export function codRiskDecisionOf(facts: CodFacts): CodRiskDecision {
  return decideCodRisk(facts.risk, {
    pincode: facts.pincode,
    orderPaise: facts.orderPaise,
    rtoCount: facts.rtoCount,
    rtoLimit: facts.rules.rtoLimit,
    minOrderPaise: facts.rules.minOrderPaise,
    hasDeliveredOrder: facts.hasDeliveredOrder,
    pincodeHistory: facts.pincodeHistory,
    advancePaise: advancePaiseFor(facts),
  });
}

/**
 * docs/product.md#part-paid-cod: the advance a COD order pays and why, from the risk decision its refusals were
 * read from; none when COD is not offered, or offered without one.
 */
function codAdvanceOf(
  facts: CodFacts,
  decision: CodRiskDecision,
  offered: boolean,
): { advancePaise: number; reason: string | null } {
  const none = { advancePaise: 0, reason: null };
  if (!offered) return none;
  const advancePaise = advancePaiseFor(facts);
  if (decision.outcome === 'cod_with_advance') return { advancePaise, reason: decision.message };
  if (facts.risk.advanceFor === 'all' && advancePaise > 0) {
    return { advancePaise, reason: codRiskMessages.everyOrderAdvance };
  }
  return none;
}

/**
 * Every reason COD is not offered, in the order of docs/product.md#cash-on-delivery (the risk rules' as
 * `decision` says); empty: it is offered.
 */
function codRefusals(facts: CodFacts, decision: CodRiskDecision): CodRefusal[] {
  const { rules } = facts;
  if (!rules.enabled) return [{ reason: 'disabled', message: codMessages.disabled }];
  const refusals: CodRefusal[] = [];
  if (facts.pincodeServesCod === false) {
    refusals.push({ reason: 'pincode', message: codMessages.pincode(facts.pincode) });
  }
  if (facts.pincodeServesCod === undefined) {
    refusals.push({ reason: 'serviceability_unknown', message: codMessages.serviceabilityUnknown });
  }
  if (facts.orderPaise > rules.maxOrderPaise) {
    refusals.push({ reason: 'above_maximum', message: codMessages.aboveMaximum(rules.maxOrderPaise) });
  }
  if (facts.productsWithoutCod.length > 0) {
    refusals.push({ reason: 'product', message: codMessages.product(facts.productsWithoutCod) });
  }
  const risk = refusalOfRisk(decision);
  if (risk) refusals.push(risk);
  if (!facts.mobileVerified) {
    refusals.push({ reason: 'mobile_unverified', message: codMessages.mobileUnverified });
  }
  return refusals;
}

/** Whether COD is offered, why not, and the advance it asks: the risk rules decided once. */
export function codEligibilityOf(facts: CodFacts, decision = codRiskDecisionOf(facts)): CodEligibility {
  const refusals = codRefusals(facts, decision);
  const advance = codAdvanceOf(facts, decision, refusals.length === 0);
  const codTotalPaise = facts.orderPaise + facts.rules.feePaise;
  return {
    advancePaise: advance.advancePaise,
    advanceReason: advance.reason,
    enabled: facts.rules.enabled,
    offered: refusals.length === 0,
    feePaise: facts.rules.feePaise,
    onlineTotalPaise: facts.orderPaise,
    prepaidOfferPaise: 0,
    codTotalPaise,
    codCashPaise: codTotalPaise - advance.advancePaise,
    refusals,
  };
}

/** docs/product.md#failed-deliveries: an order whose parcel failed this many attempts counts toward the RTO count. */
export const REPEATED_NDR_ATTEMPTS = 2;

/**
 * The shopper's RTO count (docs/product.md#cash-on-delivery): their COD orders returned to origin, and their orders
 * whose parcel came back after a failed delivery or failed it repeatedly (docs/product.md#failed-deliveries), each
 * order once.
 */
export async function rtoCountOf(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ rtos: sql<number>`count(distinct ${orders.id})::int` })
    .from(orders)
    .leftJoin(ndrReports, eq(ndrReports.orderId, orders.id))
    .where(
      and(
        eq(orders.userId, userId),
        or(
          and(eq(orders.paymentMethod, 'COD'), eq(orders.status, 'returned_to_origin')),
          eq(ndrReports.status, 'returned'),
          gte(ndrReports.attempts, REPEATED_NDR_ATTEMPTS),
        ),
      ),
    );
  return Number(row?.rtos ?? 0);
}

/** docs/product.md#cod-risk-rules: whether any order of the shopper was delivered (the first-order limit). */
export async function hasDeliveredOrder(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'delivered')))
    .limit(1);
  return row !== undefined;
}

/**
 * docs/product.md#cod-risk-rules: the pincode's last `window` COD orders that reached an end (delivered or
 * returned to origin), newest placed first, through the partial index `orders_cod_outcome_pincode_idx`.
 */
export async function pincodeRtoHistoryOf(
  db: Database,
  pincode: string,
  window: number,
): Promise<PincodeRtoHistory> {
  const last = db
    .select({ status: orders.status })
    .from(orders)
    .where(
      // Written as the partial index's own predicate (literals, not parameters), so a generic plan still uses it.
      and(
        sql`${orders.paymentMethod} = 'COD' and ${orders.status} in ('delivered', 'returned_to_origin')`,
        sql`${orders.shippingAddress}->>'pincode' = ${pincode}`,
      ),
    )
    .orderBy(sql`${orders.createdAt} desc`)
    .limit(window)
    .as('last');
  const [row] = await db
    .select({
      codOrders: sql<number>`count(*)::int`,
      rtos: sql<number>`(count(*) filter (where ${last.status} = 'returned_to_origin'))::int`,
    })
    .from(last);
  return { codOrders: Number(row?.codOrders ?? 0), rtos: Number(row?.rtos ?? 0) };
}
