import type { AdhocOrderInput, ServiceabilityReply } from './types';

// Cash on delivery through Shiprocket (docs/architecture.md#shiprocket-cod): the booking's amounts, and which
// couriers collect cash at a pincode.

/**
 * Shiprocket's status ids the COD work acts on. 7 is in Shiprocket's samples; 9 and 10 are the ones merchants
 * report and the panel shows, not confirmed by a published sample (docs/architecture.md#shiprocket).
 */
export const SHIPROCKET_STATUS = {
  delivered: 7,
  cancelled: 8,
  rtoInitiated: 9,
  rtoDelivered: 10,
} as const;

/** A COD order's amounts as the shop stores them, in paise. */
export interface CodAmounts {
  /** What the courier collects from the shopper: the order's whole total. */
  collectPaise: number;
  /** The COD fee, part of collectPaise. */
  codFeePaise: number;
  /** The shipping charged to the shopper, part of collectPaise. */
  shippingPaise: number;
  /**
   * An advance paid online at checkout (docs/product.md#part-paid-cod), already taken off collectPaise; sent as
   * the booking's discount so the items keep their value.
   */
  advancePaise?: number;
}

export type CodBookingFields = Required<
  Pick<AdhocOrderInput, 'payment_method' | 'sub_total' | 'shipping_charges' | 'transaction_charges'>
> &
  Pick<AdhocOrderInput, 'total_discount'>;

function wholePaise(name: string, value: number) {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a whole number of paise, not ${value}`);
  }
}

/**
 * The adhoc order's payment fields for a COD booking: the courier collects `sub_total + shipping_charges +
 * transaction_charges`, which is the order's total (Shiprocket totals nothing itself), with the COD fee sent
 * as the transaction charge so the label and the panel show it apart.
 */
export function codBookingFields(amounts: CodAmounts): CodBookingFields {
  wholePaise('collectPaise', amounts.collectPaise);
  wholePaise('codFeePaise', amounts.codFeePaise);
  wholePaise('shippingPaise', amounts.shippingPaise);
  const advancePaise = amounts.advancePaise ?? 0;
  wholePaise('advancePaise', advancePaise);
  const itemsPaise = amounts.collectPaise + advancePaise - amounts.codFeePaise - amounts.shippingPaise;
  if (itemsPaise < 0) {
    throw new RangeError('the COD fee and shipping cannot be more than the amount to collect');
  }
  return {
    payment_method: 'COD',
    // Rupees, paise as decimals.
    sub_total: itemsPaise / 100,
    shipping_charges: amounts.shippingPaise / 100,
    transaction_charges: amounts.codFeePaise / 100,
    ...(advancePaise > 0 ? { total_discount: advancePaise / 100 } : {}),
  };
}

type BookingAmounts = Pick<
  AdhocOrderInput,
  | 'payment_method'
  | 'sub_total'
  | 'shipping_charges'
  | 'giftwrap_charges'
  | 'transaction_charges'
  | 'total_discount'
>;

/** What the courier collects for a booking, in paise: nothing for a prepaid parcel. */
export function codAmountToCollectPaise(booking: BookingAmounts): number {
  if (booking.payment_method !== 'COD') return 0;
  const paise = (rupees: number | undefined) => Math.round((rupees ?? 0) * 100);
  return (
    paise(booking.sub_total) +
    paise(booking.shipping_charges) +
    paise(booking.giftwrap_charges) +
    paise(booking.transaction_charges) -
    paise(booking.total_discount)
  );
}

/** A courier that collects cash at the pincode asked about. */
export interface CodCourier {
  courierCompanyId: number;
  courierName: string;
  /** What the parcel costs the shop with the COD charge, in paise. */
  ratePaise: number;
  /** The courier's COD charge in paise, when the reply gives it apart. */
  codChargesPaise: number | undefined;
  /** "Jul 01, 2024", as Shiprocket gives it. */
  etd: string;
  estimatedDeliveryDays: string;
}

/** Shiprocket's answer to "can a courier collect cash here?" for one pincode. */
export interface CodServiceability {
  deliveryPostcode: string;
  /** Some courier delivers there and collects cash. */
  available: boolean;
  /** Those couriers, in Shiprocket's order. */
  couriers: CodCourier[];
  /** Shiprocket's recommended courier if it collects cash, else the first that does; null when none. */
  recommendedCourierId: number | null;
}

const toPaise = (rupees: number) => Math.round(rupees * 100);

/** Reads a serviceability reply asked with cod=1: only couriers whose `cod` is 1 count. */
export function codServiceabilityOf(deliveryPostcode: string, reply: ServiceabilityReply): CodServiceability {
  const couriers = reply.data.available_courier_companies
    // Defensive: a reply to cod=1 should list only these; one that does not must not offer COD.
    .filter((option) => Number(option.cod) === 1)
    .map(
      (option): CodCourier => ({
        courierCompanyId: option.courier_company_id,
        courierName: option.courier_name,
        ratePaise: toPaise(option.rate),
        codChargesPaise: typeof option.cod_charges === 'number' ? toPaise(option.cod_charges) : undefined,
        etd: option.etd,
        estimatedDeliveryDays: String(option.estimated_delivery_days),
      }),
    );
  const recommended = couriers.find(
    (courier) => courier.courierCompanyId === reply.data.recommended_courier_company_id,
  );
  return {
    deliveryPostcode,
    available: couriers.length > 0,
    couriers,
    recommendedCourierId: (recommended ?? couriers[0])?.courierCompanyId ?? null,
  };
}
