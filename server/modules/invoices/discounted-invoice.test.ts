import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateCoupon } from '../../../contracts/coupon-evaluation';
import { shippingFee } from '../../../contracts/pricing';
import { sumTaxes } from './gst-arithmetic';
import { goodsLine, shippingLine } from './issue-documents';

// docs/product.md#money and docs/product.md#gst-invoices: an invoice of an order with a discount code taxes
// each line on what was paid for it; the lines add up to what the order charged.

const now = new Date('2026-11-20T06:30:00Z');
const rates = fc.constantFrom(0, 25, 300, 500, 1800, 4000);

describe('the invoice of a discounted order, for any cart and code', () => {
  it("has lines whose taxable values and taxes add up to the order's total, each line's tax on its paid value", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            productId: fc.integer({ min: 1, max: 5 }),
            category: fc.constantFrom('bath', 'gloves', 'premium'),
            mrpRupees: fc.integer({ min: 1, max: 5000 }),
            discountPercent: fc.integer({ min: 0, max: 90 }),
            quantity: fc.integer({ min: 1, max: 10 }),
            rate: rates,
          }),
          { minLength: 1, maxLength: 6 },
        ),
        fc.constantFrom('percent' as const, 'flat' as const, 'free_shipping' as const),
        fc.integer({ min: 1, max: 100 }),
        fc.subarray(['bath', 'gloves', 'premium']),
        fc.constantFrom('intra_state' as const, 'inter_state' as const),
        (drawn, kind, amount, categories, supply) => {
          const items = drawn.map((line) => {
            const unitPriceRupees = Math.round((line.mrpRupees * (100 - line.discountPercent)) / 100);
            return { ...line, unitMrpPaise: line.mrpRupees * 100, unitPricePaise: unitPriceRupees * 100 };
          });
          const subtotal = items.reduce((sum, item) => sum + item.unitPricePaise * item.quantity, 0);
          const fee = shippingFee(subtotal / 100) * 100;
          const verdict = evaluateCoupon(
            {
              code: 'SALE',
              kind,
              percentOff: kind === 'percent' ? amount : null,
              maxDiscountPaise: null,
              amountOffPaise: kind === 'flat' ? amount * 1000 : null,
              minOrderPaise: 0,
              validFrom: new Date('2026-01-01T00:00:00Z'),
              validUntil: null,
              totalUses: null,
              usesPerShopper: 1,
              firstOrderOnly: false,
              productIds: [],
              categories,
              status: 'active',
            },
            items,
            fee,
            { usedCount: 0, heldByOthers: 0, shopperUses: 0, shopperHasPaidOrder: false },
            now,
          );
          if (!verdict.applies) return;
          const goods = items.map((item, index) =>
            goodsLine(
              {
                ...item,
                title: 'Mitt',
                size: 'M',
                couponSharePaise: verdict.sharesPaise[index] ?? 0,
                prepaidSharePaise: 0,
              },
              '63079090',
              item.rate,
              supply,
            ),
          );
          const shipping = shippingLine(verdict.shippingPaise, goods, supply);
          const lines = shipping ? [...goods, shipping] : goods;
          const totals = sumTaxes(lines);
          expect(totals.totalPaise).toBe(verdict.totalPaise);
          expect(totals.taxablePaise + totals.cgstPaise + totals.sgstPaise + totals.igstPaise).toBe(
            verdict.totalPaise,
          );
          goods.forEach((line, index) => {
            const item = items[index];
            if (!item) return;
            const paid = item.unitPricePaise * item.quantity - (verdict.sharesPaise[index] ?? 0);
            expect(line.totalPaise).toBe(paid);
            expect(line.taxablePaise).toBeGreaterThanOrEqual(0);
            const exactTax = (paid * item.rate) / (10_000 + item.rate);
            expect(Math.abs(line.cgstPaise + line.sgstPaise + line.igstPaise - exactTax)).toBeLessThanOrEqual(
              1,
            );
          });
        },
      ),
    );
  });
});
