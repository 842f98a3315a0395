import { describe, expect, it } from 'vitest';
import { filtersFromSearchParams, filtersToSearchParams } from './order-filters';

describe('the orders list filters in the query string', () => {
  it('reads the filters the API accepts', () => {
    const params = new URLSearchParams(
      'q=%2B91+98765&status=shipped&paymentStatus=paid&from=2026-11-01&to=2026-11-23',
    );
    expect(filtersFromSearchParams(params)).toEqual({
      q: '+91 98765',
      status: 'shipped',
      paymentStatus: 'paid',
      from: '2026-11-01',
      to: '2026-11-23',
    });
  });

  it('drops unknown statuses, bad dates and blank searches', () => {
    const params = new URLSearchParams('q=+++&status=lost&paymentStatus=maybe&from=1-2-3&to=');
    expect(filtersFromSearchParams(params)).toEqual({});
  });

  it('writes the filters back in a fixed order without empty values', () => {
    expect(filtersToSearchParams({ to: '2026-11-23', q: 'OM-1', status: 'confirmed' }).toString()).toBe(
      'q=OM-1&status=confirmed&to=2026-11-23',
    );
  });

  it('round-trips', () => {
    const filters = { q: 'a@b.in', paymentStatus: 'refunded' as const, from: '2026-01-01' };
    expect(filtersFromSearchParams(filtersToSearchParams(filters))).toEqual(filters);
  });
});
