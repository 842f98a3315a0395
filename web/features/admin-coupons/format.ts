import type { Coupon, CouponKind, CouponStats } from '../../../contracts/coupons';
import { formatRupees, fromIndiaWallClock, inIndia } from '../../../contracts/format';
import { formatIstDateTime } from '../../lib/console-format';

export const couponKindLabels: Record<CouponKind, string> = {
  percent: 'Percent off',
  flat: 'Flat amount off',
  free_shipping: 'Free shipping',
};

type CouponValue = Pick<Coupon, 'kind' | 'percentOff' | 'maxDiscountRupees' | 'amountOffRupees'>;

/** "10% off, up to ₹200", "₹100 off" or "Free shipping". */
export function couponValueText(coupon: CouponValue): string {
  if (coupon.kind === 'percent') {
    const cap = coupon.maxDiscountRupees === null ? '' : `, up to ${formatRupees(coupon.maxDiscountRupees)}`;
    return `${coupon.percentOff ?? 0}% off${cap}`;
  }
  if (coupon.kind === 'flat') return `${formatRupees(coupon.amountOffRupees ?? 0)} off`;
  return 'Free shipping';
}

/** "From 1 Dec 2026, 10:00 am IST until 31 Dec 2026, 11:59 pm IST", or "… with no end". */
export function couponValidityText(coupon: Pick<Coupon, 'validFrom' | 'validUntil'>): string {
  const from = `From ${formatIstDateTime(coupon.validFrom)}`;
  return coupon.validUntil === null
    ? `${from}, no end`
    : `${from} until ${formatIstDateTime(coupon.validUntil)}`;
}

/** "3/100" (used of the total), or "3 (no limit)". */
export function couponUsesText(coupon: Pick<Coupon, 'totalUses'>, stats: Pick<CouponStats, 'usedCount'>) {
  return coupon.totalUses === null
    ? `${stats.usedCount} (no limit)`
    : `${stats.usedCount}/${coupon.totalUses}`;
}

const wallClockPattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** An instant as a datetime-local input shows it on India's clock: "2026-12-01T10:00". */
export function istInputValue(instant: string): string {
  return inIndia(new Date(instant)).toISOString().slice(0, 16);
}

/**
 * A datetime-local value read on India's clock, as the ISO instant the API takes; what is not such a value is
 * handed on as it is, for the contract's schema to refuse in its own words.
 */
export function instantFromIstInput(value: string): string {
  const match = wallClockPattern.exec(value.trim());
  if (!match) return value;
  const [, year, month, day, hour, minute] = match.map(Number) as number[];
  const wallClock = Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0);
  const instant = fromIndiaWallClock(wallClock);
  // 2026-02-30 rolls over to March: not a date the owner meant.
  return istInputValue(instant.toISOString()) === value.trim() ? instant.toISOString() : value;
}
