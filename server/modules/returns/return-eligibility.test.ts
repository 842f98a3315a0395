import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RETURN_SETTINGS, returnMessages } from '../../../contracts/returns';
import {
  orderDiscountShares,
  type PaidLine,
  paidForLinePaise,
  paidForMoreUnitsPaise,
} from './return-amounts';
import {
  checkReturnRequest,
  type EarlierReturn,
  type ReturnableOrder,
  type ReturnRequest,
  returnOffer,
  returnWindowClosesAt,
} from './return-eligibility';

// docs/product.md#returns: the window, the units left and the money, by example.

// 15:00 on 1 July 2024 in India.
const DELIVERED_AT = new Date('2024-07-01T09:30:00Z');
const DURING = new Date('2024-07-03T09:30:00Z');

const mitten: PaidLine = {
  lineId: 'line-a',
  title: 'Luxury Mitten',
  quantity: 2,
  unitPricePaise: 59_900,
  orderDiscountSharePaise: 3_333,
};
const faceMitt: PaidLine = {
  lineId: 'line-b',
  title: 'Face Mitt',
  quantity: 1,
  unitPricePaise: 23_900,
  orderDiscountSharePaise: 1_330,
};
const order: ReturnableOrder = { status: 'delivered', deliveredAt: DELIVERED_AT, lines: [mitten, faceMitt] };

const damaged = (overrides: Partial<ReturnRequest> = {}): ReturnRequest => ({
  lines: [{ lineId: 'line-a', units: 1 }],
  reason: 'damaged_in_transit',
  resolution: 'refund',
  photos: 1,
  ...overrides,
});

const check = (request: ReturnRequest, earlier: EarlierReturn[] = [], settings = DEFAULT_RETURN_SETTINGS) =>
  checkReturnRequest(order, earlier, request, settings, DURING);

describe('the return window', () => {
  it('runs to the end of the 7th day after the day of delivery, in India', () => {
    const closes = returnWindowClosesAt(DELIVERED_AT, 7);
    // Midnight between 8 and 9 July in India.
    expect(closes.toISOString()).toBe('2024-07-08T18:30:00.000Z');
    // Delivered at 00:30 on 2 July in India: a day later.
    expect(returnWindowClosesAt(new Date('2024-07-01T19:00:00Z'), 7).toISOString()).toBe(
      '2024-07-09T18:30:00.000Z',
    );
    expect(returnOffer(order, [], { windowDays: 7 }, new Date(closes.getTime() - 1))).toMatchObject({
      offered: true,
      returnable: [
        { lineId: 'line-a', units: 2 },
        { lineId: 'line-b', units: 1 },
      ],
    });
    expect(returnOffer(order, [], { windowDays: 7 }, closes)).toEqual({
      offered: false,
      message:
        'Returns for this order closed on 8 July 2024: items can be returned within 7 days of delivery.',
    });
    expect(check(damaged(), [], { ...DEFAULT_RETURN_SETTINGS, windowDays: 1 })).toEqual({
      ok: false,
      message: returnMessages.windowClosed('2 July 2024', 1),
    });
  });

  it('is not offered before delivery, on a cancelled order, or once everything is returned', () => {
    expect(
      returnOffer({ ...order, status: 'shipped', deliveredAt: null }, [], { windowDays: 7 }, DURING),
    ).toEqual({
      offered: false,
      message: 'Returns open once your order is delivered.',
    });
    expect(returnOffer({ ...order, status: 'cancelled' }, [], { windowDays: 7 }, DURING)).toEqual({
      offered: false,
      message: 'A cancelled order cannot be returned.',
    });
    const everything: EarlierReturn = {
      status: 'picked_up',
      lines: [
        { lineId: 'line-a', units: 2, paidPaise: 116_467 },
        { lineId: 'line-b', units: 1, paidPaise: 22_570 },
      ],
    };
    expect(returnOffer(order, [everything], { windowDays: 7 }, DURING)).toEqual({
      offered: false,
      message: 'Every item of this order has already been returned or is on its way back.',
    });
    // A refused return gives its units back.
    expect(
      returnOffer(order, [{ ...everything, status: 'refused' }], { windowDays: 7 }, DURING),
    ).toMatchObject({
      offered: true,
    });
  });
});

describe('a return request', () => {
  it('refunds what was paid for its units, after the line share of the discount code', () => {
    const first = check(damaged());
    expect(first).toEqual({
      ok: true,
      lines: [{ lineId: 'line-a', units: 1, paidPaise: 59_900 - 1_666 }],
      units: 1,
      paidPaise: 58_234,
      deductionPaise: 0,
      refundPaise: 58_234,
    });
    if (!first.ok) return;
    const second = check(damaged(), [{ status: 'refunded', lines: first.lines }]);
    // The two units together cost exactly the line.
    expect(second).toMatchObject({ ok: true, paidPaise: 58_233 });
    expect(58_234 + 58_233).toBe(paidForLinePaise(mitten));
  });

  it('takes the return shipping off a changed-my-mind refund when the owner set it', () => {
    const settings = { ...DEFAULT_RETURN_SETTINGS, changedMindDeductionPaise: 8_000 };
    expect(check(damaged({ reason: 'changed_my_mind', photos: 0 }), [], settings)).toMatchObject({
      ok: true,
      paidPaise: 58_234,
      deductionPaise: 8_000,
      refundPaise: 50_234,
    });
    expect(
      check(damaged({ reason: 'changed_my_mind', photos: 0 }), [], {
        ...settings,
        changedMindAccepted: false,
      }),
    ).toEqual({
      ok: false,
      message: returnMessages.changedMindNotAccepted,
    });
    expect(
      check(damaged({ reason: 'changed_my_mind', photos: 0 }), [], {
        ...settings,
        changedMindDeductionPaise: 90_000,
      }),
    ).toEqual({ ok: false, message: returnMessages.deductionTakesAll });
  });

  it('refuses each broken rule with its message', () => {
    const cases: [ReturnRequest, string][] = [
      [damaged({ lines: [] }), 'Choose at least one item to return.'],
      [damaged({ lines: [{ lineId: 'line-z', units: 1 }] }), 'That item is not part of this order.'],
      [
        damaged({ lines: [{ lineId: 'line-a', units: 3 }] }),
        'Only 2 of Luxury Mitten can still be returned. Please lower the quantity.',
      ],
      [damaged({ reason: undefined }), 'Choose why you are returning the items.'],
      [damaged({ photos: 0 }), 'Please add at least one photo of the damage.'],
      [damaged({ photos: 4 }), 'You can add up to 3 photos.'],
      [damaged({ note: 'x'.repeat(501) }), 'Please keep the note under 500 characters.'],
      [
        damaged({ reason: 'not_as_described', resolution: 'replacement' }),
        'A replacement is offered only for items damaged in transit or a wrong item. Please choose a refund.',
      ],
    ];
    for (const [request, message] of cases) expect(check(request)).toEqual({ ok: false, message });
    expect(check(damaged({ reason: 'wrong_item', resolution: 'replacement' }))).toMatchObject({ ok: true });
    const returned: EarlierReturn = {
      status: 'requested',
      lines: [{ lineId: 'line-b', units: 1, paidPaise: 22_570 }],
    };
    expect(check(damaged({ lines: [{ lineId: 'line-b', units: 1 }] }), [returned])).toEqual({
      ok: false,
      message: 'Face Mitt has already been returned.',
    });
  });

  it('never lets the returns of a line hold more than was paid for it, however they are split', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 300_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 6 }),
        (quantity, unitPricePaise, discountShare, splits) => {
          const [share = 0] = orderDiscountShares(Math.floor(quantity * unitPricePaise * discountShare), [
            { quantity, unitPricePaise },
          ]);
          const line: PaidLine = { ...mitten, quantity, unitPricePaise, orderDiscountSharePaise: share };
          let held = { units: 0, paidPaise: 0 };
          for (const units of splits) {
            const take = Math.min(units, quantity - held.units);
            if (take <= 0) break;
            const paid = paidForMoreUnitsPaise(line, held, take);
            expect(paid).toBeGreaterThanOrEqual(0);
            held = { units: held.units + take, paidPaise: held.paidPaise + paid };
          }
          expect(held.paidPaise).toBeLessThanOrEqual(paidForLinePaise(line));
          if (held.units === quantity) expect(held.paidPaise).toBe(paidForLinePaise(line));
        },
      ),
    );
  });
});
