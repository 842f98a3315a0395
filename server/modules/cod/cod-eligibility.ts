import { and, count, eq } from 'drizzle-orm';
import { type CodEligibility, type CodRefusal, codMessages } from '../../../contracts/cod';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema';
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
}

/** Every reason COD is not offered, in the order of docs/product.md#cash-on-delivery; empty: it is offered. */
export function codRefusals(facts: CodFacts): CodRefusal[] {
  const { rules } = facts;
  if (!rules.enabled) return [{ reason: 'disabled', message: codMessages.disabled }];
  const refusals: CodRefusal[] = [];
  if (facts.pincodeServesCod === false) {
    refusals.push({ reason: 'pincode', message: codMessages.pincode(facts.pincode) });
  }
  if (facts.pincodeServesCod === undefined) {
    refusals.push({ reason: 'serviceability_unknown', message: codMessages.serviceabilityUnknown });
  }
  if (facts.orderPaise < rules.minOrderPaise) {
    refusals.push({ reason: 'below_minimum', message: codMessages.belowMinimum(rules.minOrderPaise) });
  }
  if (facts.orderPaise > rules.maxOrderPaise) {
    refusals.push({ reason: 'above_maximum', message: codMessages.aboveMaximum(rules.maxOrderPaise) });
  }
  if (facts.productsWithoutCod.length > 0) {
    refusals.push({ reason: 'product', message: codMessages.product(facts.productsWithoutCod) });
  }
  if (facts.rtoCount > rules.rtoLimit) refusals.push({ reason: 'rto_limit', message: codMessages.rtoLimit });
  if (!facts.mobileVerified) {
    refusals.push({ reason: 'mobile_unverified', message: codMessages.mobileUnverified });
  }
  return refusals;
}

export function codEligibilityOf(facts: CodFacts): CodEligibility {
  const refusals = codRefusals(facts);
  return {
    enabled: facts.rules.enabled,
    offered: refusals.length === 0,
    feePaise: facts.rules.feePaise,
    onlineTotalPaise: facts.orderPaise,
    prepaidOfferPaise: 0,
    codTotalPaise: facts.orderPaise + facts.rules.feePaise,
    refusals,
  };
}

/** The shopper's COD orders returned to origin (docs/product.md#cash-on-delivery: the RTO count). */
export async function rtoCountOf(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ rtos: count() })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.paymentMethod, 'COD'),
        eq(orders.status, 'returned_to_origin'),
      ),
    );
  return row?.rtos ?? 0;
}
