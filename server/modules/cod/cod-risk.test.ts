import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codMessages } from '../../../contracts/cod';
import { codRiskMessages, codRiskRules } from '../../../contracts/cod-risk';
import {
  type CodRiskFacts,
  type CodRiskSettingsValues,
  codAdvancePaiseOf,
  DEFAULT_COD_RISK_SETTINGS,
  decideCodRisk,
  pincodeRtoBlocked,
} from './cod-risk';

// docs/product.md#cod-risk-rules: the rules × their inputs, by example and by property.

const settings = DEFAULT_COD_RISK_SETTINGS;
/** A repeat shopper at a quiet pincode ordering ₹339: every rule passes. No advance can be taken (see below). */
const safe: CodRiskFacts = {
  advancePaise: 0,
  pincode: '411001',
  orderPaise: 33_900,
  rtoCount: 0,
  rtoLimit: 1,
  minOrderPaise: 0,
  hasDeliveredOrder: true,
  pincodeHistory: { codOrders: 20, rtos: 2 },
};

describe('the COD risk rules, by example', () => {
  it('offers COD when no rule refuses', () => {
    expect(decideCodRisk(settings, safe)).toEqual({ outcome: 'cod' });
  });

  it('first-order limit: a shopper with no delivered order may pay COD up to ₹1,500, not a paisa more', () => {
    const first = { ...safe, hasDeliveredOrder: false };
    expect(decideCodRisk(settings, { ...first, orderPaise: 150_000 })).toEqual({ outcome: 'cod' });
    expect(decideCodRisk(settings, { ...first, orderPaise: 150_001 })).toEqual({
      outcome: 'online_only',
      rule: 'first_order_limit',
      message: 'On a first order, cash on delivery is available up to ₹1,500. Please pay online.',
    });
    expect(decideCodRisk(settings, { ...safe, orderPaise: 150_001 })).toEqual({ outcome: 'cod' });
    expect(
      decideCodRisk({ ...settings, firstOrderLimitEnabled: false }, { ...first, orderPaise: 900_000 }),
    ).toEqual({ outcome: 'cod' });
    expect(
      decideCodRisk({ ...settings, firstOrderLimitPaise: 0 }, { ...first, orderPaise: 100 }),
    ).toMatchObject({ rule: 'first_order_limit', message: codRiskMessages.firstOrderLimit(0) });
  });

  it('part-paid COD: a risky pincode or first order gets COD with an advance where one can be taken and the owner asks it', () => {
    const withAdvance = { ...safe, advancePaise: 9_900 };
    const riskyPincode = { ...withAdvance, pincodeHistory: { codOrders: 10, rtos: 4 } };
    expect(decideCodRisk(settings, riskyPincode)).toEqual({
      outcome: 'cod_with_advance',
      rule: 'pincode_rto_rate',
      message:
        'Many cash-on-delivery parcels to pincode 411001 came back undelivered, so cash on delivery there needs a small advance paid by UPI.',
    });
    const firstOrder = { ...withAdvance, hasDeliveredOrder: false, orderPaise: 150_001 };
    expect(decideCodRisk(settings, firstOrder)).toEqual({
      outcome: 'cod_with_advance',
      rule: 'first_order_limit',
      message: 'A first cash-on-delivery order above ₹1,500 needs a small advance paid by UPI.',
    });
    // The owner asks no advance: online only, as before.
    expect(decideCodRisk({ ...settings, advanceFor: 'none' }, riskyPincode)).toMatchObject({
      outcome: 'online_only',
    });
    // An advance never softens the shopper's own RTO limit or the minimum order value.
    expect(decideCodRisk(settings, { ...riskyPincode, rtoCount: 2 })).toMatchObject({
      outcome: 'online_only',
      rule: 'rto_limit',
    });
    expect(decideCodRisk(settings, { ...withAdvance, minOrderPaise: 50_000 })).toMatchObject({
      outcome: 'online_only',
      rule: 'below_minimum',
    });
  });

  it('the advance: the COD fee or the fixed amount, never under ₹1 nor the whole order', () => {
    expect(codAdvancePaiseOf({ advanceKind: 'fixed', advanceFixedPaise: 9_900 }, 4_900, 38_800)).toBe(9_900);
    expect(codAdvancePaiseOf({ advanceKind: 'cod_fee', advanceFixedPaise: 9_900 }, 4_900, 38_800)).toBe(
      4_900,
    );
    expect(codAdvancePaiseOf({ advanceKind: 'cod_fee', advanceFixedPaise: 9_900 }, 0, 38_800)).toBe(0);
    expect(codAdvancePaiseOf({ advanceKind: 'fixed', advanceFixedPaise: 38_800 }, 4_900, 38_800)).toBe(0);
    expect(codAdvancePaiseOf({ advanceKind: 'fixed', advanceFixedPaise: 38_799 }, 4_900, 38_800)).toBe(
      38_799,
    );
  });

  it('pincode RTO rate: 40 % or more of the last orders, once there are at least 10, refuses', () => {
    const at = (codOrders: number, rtos: number) =>
      decideCodRisk(settings, { ...safe, pincodeHistory: { codOrders, rtos } });
    expect(at(10, 4)).toEqual({
      outcome: 'online_only',
      rule: 'pincode_rto_rate',
      message:
        'Cash on delivery is paused for pincode 411001: many cash-on-delivery parcels there came back undelivered. Please pay online.',
    });
    expect(at(20, 7)).toEqual({ outcome: 'cod' }); // 35 %
    expect(at(20, 8).outcome).toBe('online_only'); // 40 %
    expect(at(9, 9)).toEqual({ outcome: 'cod' }); // too few to judge
    expect(at(0, 0)).toEqual({ outcome: 'cod' });
    expect(
      decideCodRisk(
        { ...settings, pincodeRtoEnabled: false },
        { ...safe, pincodeHistory: { codOrders: 20, rtos: 20 } },
      ),
    ).toEqual({ outcome: 'cod' });
  });

  it('minimum order value: below it refuses, ₹0 is off', () => {
    expect(decideCodRisk(settings, { ...safe, minOrderPaise: 50_000 })).toEqual({
      outcome: 'online_only',
      rule: 'below_minimum',
      message: codMessages.belowMinimum(50_000),
    });
    expect(decideCodRisk(settings, { ...safe, minOrderPaise: 33_900 })).toEqual({ outcome: 'cod' });
    expect(decideCodRisk(settings, { ...safe, orderPaise: 100, minOrderPaise: 0 })).toEqual({
      outcome: 'cod',
    });
  });

  it("the shopper's own RTO limit refuses past it", () => {
    expect(decideCodRisk(settings, { ...safe, rtoCount: 2 })).toEqual({
      outcome: 'online_only',
      rule: 'rto_limit',
      message: codMessages.rtoLimit,
    });
    expect(decideCodRisk(settings, { ...safe, rtoCount: 1 })).toEqual({ outcome: 'cod' });
  });

  it('when several refuse, the first in the order of precedence applies', () => {
    const everything = {
      ...safe,
      rtoCount: 5,
      hasDeliveredOrder: false,
      orderPaise: 200_000,
      minOrderPaise: 300_000,
      pincodeHistory: { codOrders: 20, rtos: 20 },
    };
    expect(decideCodRisk(settings, everything)).toMatchObject({ rule: 'rto_limit' });
    expect(decideCodRisk(settings, { ...everything, rtoCount: 0 })).toMatchObject({
      rule: 'pincode_rto_rate',
    });
    expect(
      decideCodRisk(settings, { ...everything, rtoCount: 0, pincodeHistory: safe.pincodeHistory }),
    ).toMatchObject({ rule: 'first_order_limit' });
  });
});

const settingsArb: fc.Arbitrary<CodRiskSettingsValues> = fc
  .record({
    firstOrderLimitEnabled: fc.boolean(),
    firstOrderLimitPaise: fc.integer({ min: 0, max: 1_000_000 }),
    pincodeRtoEnabled: fc.boolean(),
    pincodeRtoWindow: fc.integer({ min: 5, max: 100 }),
    sample: fc.integer({ min: 1, max: 100 }),
    pincodeRtoThresholdPercent: fc.integer({ min: 1, max: 100 }),
    advanceFor: fc.constantFrom('none' as const, 'risky' as const, 'all' as const),
    advanceKind: fc.constantFrom('cod_fee' as const, 'fixed' as const),
    advanceFixedPaise: fc.integer({ min: 100, max: 100_000 }),
  })
  .map(({ sample, ...rest }) => ({ ...rest, pincodeRtoMinSample: Math.min(sample, rest.pincodeRtoWindow) }));

const factsArb: fc.Arbitrary<CodRiskFacts> = fc
  .record({
    orderPaise: fc.integer({ min: 100, max: 1_000_000 }),
    rtoCount: fc.integer({ min: 0, max: 5 }),
    rtoLimit: fc.integer({ min: 0, max: 5 }),
    minOrderPaise: fc.integer({ min: 0, max: 1_000_000 }),
    hasDeliveredOrder: fc.boolean(),
    codOrders: fc.integer({ min: 0, max: 100 }),
    rtoShare: fc.double({ min: 0, max: 1, noNaN: true }),
    advancePaise: fc.constantFrom(0, 4_900, 9_900),
  })
  .map(({ codOrders, rtoShare, ...rest }) => ({
    ...rest,
    pincode: '560001',
    pincodeHistory: { codOrders, rtos: Math.floor(codOrders * rtoShare) },
  }));

/** Each rule on its own, as the docs state it. */
function refuses(rule: (typeof codRiskRules)[number], s: CodRiskSettingsValues, f: CodRiskFacts): boolean {
  switch (rule) {
    case 'rto_limit':
      return f.rtoCount > f.rtoLimit;
    case 'pincode_rto_rate': {
      const { codOrders, rtos } = f.pincodeHistory;
      return (
        s.pincodeRtoEnabled &&
        codOrders > 0 &&
        codOrders >= s.pincodeRtoMinSample &&
        rtos / codOrders >= s.pincodeRtoThresholdPercent / 100
      );
    }
    case 'first_order_limit':
      return s.firstOrderLimitEnabled && !f.hasDeliveredOrder && f.orderPaise > s.firstOrderLimitPaise;
    case 'below_minimum':
      return f.orderPaise < f.minOrderPaise;
  }
}

describe('the COD risk rules, by property', () => {
  it('COD is offered exactly when no rule refuses; the rule applied is the strictest, the first of equals', () => {
    fc.assert(
      fc.property(settingsArb, factsArb, (s, f) => {
        const refusing = codRiskRules.filter((rule) => refuses(rule, s, f));
        const decision = decideCodRisk(s, f);
        if (refusing.length === 0) {
          expect(decision).toEqual({ outcome: 'cod' });
          return;
        }
        // docs/product.md#part-paid-cod: only the pincode and first-order rules soften to an advance.
        const softens = (rule: string) => rule === 'pincode_rto_rate' || rule === 'first_order_limit';
        const advance = s.advanceFor !== 'none' && f.advancePaise > 0;
        const hard = refusing.filter((rule) => !softens(rule) || !advance);
        if (hard.length > 0) expect(decision).toMatchObject({ outcome: 'online_only', rule: hard[0] });
        else expect(decision).toMatchObject({ outcome: 'cod_with_advance', rule: refusing[0] });
      }),
    );
  });

  it('a delivered order, a lower order value (above the minimum) or a rule switched off never takes COD away', () => {
    fc.assert(
      fc.property(settingsArb, factsArb, fc.integer({ min: 0, max: 1_000_000 }), (s, f, less) => {
        if (decideCodRisk(s, f).outcome !== 'cod') return;
        expect(decideCodRisk(s, { ...f, hasDeliveredOrder: true }).outcome).toBe('cod');
        const smaller = Math.max(f.minOrderPaise, f.orderPaise - less);
        expect(decideCodRisk(s, { ...f, orderPaise: smaller }).outcome).toBe('cod');
        const off = { ...s, firstOrderLimitEnabled: false, pincodeRtoEnabled: false };
        expect(decideCodRisk(off, f).outcome).toBe('cod');
      }),
    );
  });

  it('the pincode rule: more returns at the same sample never unblock; a higher threshold never blocks more', () => {
    fc.assert(
      fc.property(settingsArb, factsArb, (s, f) => {
        const { codOrders, rtos } = f.pincodeHistory;
        if (pincodeRtoBlocked(s, f.pincodeHistory) && rtos < codOrders) {
          expect(pincodeRtoBlocked(s, { codOrders, rtos: rtos + 1 })).toBe(true);
        }
        if (!pincodeRtoBlocked(s, f.pincodeHistory) && s.pincodeRtoThresholdPercent < 100) {
          const stricter = { ...s, pincodeRtoThresholdPercent: s.pincodeRtoThresholdPercent + 1 };
          expect(pincodeRtoBlocked(stricter, f.pincodeHistory)).toBe(false);
        }
      }),
    );
  });
});
