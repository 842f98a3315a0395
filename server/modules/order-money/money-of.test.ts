import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type MoneyEntry, moneyOf } from './money-of';

// docs/architecture.md#money-record: the fold every view reads, over random entries.

const ITEMS = ['item-a', 'item-b', 'item-c'];

const entry: fc.Arbitrary<MoneyEntry> = fc.record({
  kind: fc.constantFrom(
    'charge' as const,
    'void' as const,
    'collect' as const,
    'refund' as const,
    'credit' as const,
  ),
  part: fc.constantFrom('goods' as const, 'shipping' as const, 'cod_fee' as const, 'order' as const),
  orderItemId: fc.option(fc.constantFrom(...ITEMS), { nil: null }),
  units: fc.integer({ min: 0, max: 5 }),
  amountPaise: fc.integer({ min: 0, max: 200_000 }),
  codeDiscountPaise: fc.integer({ min: 0, max: 10_000 }),
  prepaidDiscountPaise: fc.integer({ min: 0, max: 10_000 }),
  taxPaise: fc.integer({ min: 0, max: 20_000 }),
  method: fc.constantFrom(
    null,
    'online' as const,
    'cod_cash' as const,
    'razorpay' as const,
    'upi_payout' as const,
  ),
  reference: fc.option(fc.constantFrom('r1', 'r2', 'r3'), { nil: null }),
});

const sum = (entries: MoneyEntry[], kind: MoneyEntry['kind']) =>
  entries.filter((row) => row.kind === kind).reduce((total, row) => total + row.amountPaise, 0);

describe('moneyOf', () => {
  it('adds up: charged is charges less voids by part, net is collected less refunded, in any order', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 30 }), (entries) => {
        const money = moneyOf(entries);
        expect(money.charged.totalPaise).toBe(sum(entries, 'charge') - sum(entries, 'void'));
        const { goodsPaise, shippingPaise, codFeePaise, totalPaise } = money.charged;
        const orderPart = entries
          .filter((row) => row.part === 'order')
          .reduce(
            (total, row) =>
              total + (row.kind === 'charge' ? 1 : row.kind === 'void' ? -1 : 0) * row.amountPaise,
            0,
          );
        expect(goodsPaise + shippingPaise + codFeePaise + orderPart).toBe(totalPaise);
        expect(money.collectedPaise).toBe(sum(entries, 'collect'));
        expect(money.refundedPaise).toBe(sum(entries, 'refund'));
        expect(money.creditedPaise).toBe(sum(entries, 'credit'));
        expect(money.netPaise).toBe(money.collectedPaise - money.refundedPaise);
        // A refund of several lines is told once, for its whole amount.
        expect(money.refunds.reduce((total, refund) => total + refund.amountPaise, 0)).toBe(
          money.refundedPaise,
        );
        expect(new Set(money.refunds.map((refund) => refund.reference).filter(Boolean)).size).toBe(
          money.refunds.filter((refund) => refund.reference !== null).length,
        );
        const reversed = moneyOf([...entries].reverse());
        expect({ ...reversed, refunds: [] }).toEqual({ ...money, refunds: [] });
      }),
    );
  });

  it('keeps each line apart: its units and amounts are its own entries', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 30 }), (entries) => {
        const money = moneyOf(entries);
        for (const item of ITEMS) {
          const own = entries.filter((row) => row.orderItemId === item);
          const line = money.lines.get(item);
          if (own.length === 0) {
            expect(line).toBeUndefined();
            continue;
          }
          expect(line?.refundedPaise).toBe(sum(own, 'refund'));
          expect(line?.creditedPaise).toBe(sum(own, 'credit'));
          expect(line?.chargedPaise).toBe(sum(own, 'charge') - sum(own, 'void'));
          expect(line?.invoicedUnits).toBe(
            own.filter((row) => row.kind === 'charge').reduce((total, row) => total + row.units, 0),
          );
        }
      }),
    );
  });

  it('reads a voided COD order as owing and earning nothing', () => {
    const charge: MoneyEntry = {
      kind: 'charge',
      part: 'goods',
      orderItemId: 'item-a',
      units: 2,
      amountPaise: 988_00,
      codeDiscountPaise: 0,
      prepaidDiscountPaise: 0,
      taxPaise: 47_05,
      method: null,
      reference: null,
    };
    const fee: MoneyEntry = {
      ...charge,
      part: 'cod_fee',
      orderItemId: null,
      units: 1,
      amountPaise: 49_00,
      taxPaise: 2_33,
    };
    const money = moneyOf([charge, fee, { ...charge, kind: 'void' }, { ...fee, kind: 'void' }]);
    expect(money.charged).toEqual({
      goodsPaise: 0,
      codeDiscountPaise: 0,
      prepaidDiscountPaise: 0,
      shippingPaise: 0,
      codFeePaise: 0,
      taxPaise: 0,
      totalPaise: 0,
    });
    expect(money).toMatchObject({ collectedPaise: 0, refundedPaise: 0, netPaise: 0 });
  });
});
