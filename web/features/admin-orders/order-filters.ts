import { orderPaymentStatuses, orderStatuses } from '../../../contracts/order-status';

export type OrderStatusFilter = (typeof orderStatuses)[number];
export type PaymentStatusFilter = (typeof orderPaymentStatuses)[number];

/** The orders list's filters, kept in the page's query string so a link or Back shows the same list. */
export interface OrderFilters {
  q?: string;
  status?: OrderStatusFilter;
  paymentStatus?: PaymentStatusFilter;
  from?: string;
  to?: string;
}

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((candidate) => candidate === value);
}

function nonEmpty(value: string | null): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function day(value: string | null): string | undefined {
  return value && isoDay.test(value) ? value : undefined;
}

/** Reads the filters from a query string, dropping what the API would refuse. */
export function filtersFromSearchParams(params: URLSearchParams): OrderFilters {
  const filters: OrderFilters = {};
  const q = nonEmpty(params.get('q'));
  const status = oneOf(orderStatuses, params.get('status'));
  const paymentStatus = oneOf(orderPaymentStatuses, params.get('paymentStatus'));
  const from = day(params.get('from'));
  const to = day(params.get('to'));
  if (q) filters.q = q;
  if (status) filters.status = status;
  if (paymentStatus) filters.paymentStatus = paymentStatus;
  if (from) filters.from = from;
  if (to) filters.to = to;
  return filters;
}

/** The filters as a query string, in a fixed order and without empty values. */
export function filtersToSearchParams(filters: OrderFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['q', 'status', 'paymentStatus', 'from', 'to'] as const) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  return params;
}
