import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codAmountToCollectPaise, codBookingFields, codServiceabilityOf } from './cod';
import type { CourierOption, ServiceabilityReply } from './types';

const courier = (overrides: Partial<CourierOption>): CourierOption => ({
  courier_company_id: 10,
  courier_name: 'Delhivery Surface',
  rate: 78,
  freight_charge: 38,
  etd: 'Jul 04, 2024',
  estimated_delivery_days: '3',
  cod: 1,
  cod_charges: 40,
  rating: 4.1,
  ...overrides,
});

const reply = (couriers: CourierOption[], recommended: number | null): ServiceabilityReply => ({
  status: 200,
  data: { available_courier_companies: couriers, recommended_courier_company_id: recommended },
});

describe('a COD booking’s amounts', () => {
  it('sends the fee as the transaction charge, and the courier collects exactly the order’s total', () => {
    expect(codBookingFields({ collectPaise: 133_450, codFeePaise: 4_900, shippingPaise: 9_900 })).toEqual({
      payment_method: 'COD',
      sub_total: 1186.5,
      shipping_charges: 99,
      transaction_charges: 49,
    });
    fc.assert(
      fc.property(
        fc.nat({ max: 5_000_000 }),
        fc.nat({ max: 20_000 }),
        fc.nat({ max: 20_000 }),
        (itemsPaise, codFeePaise, shippingPaise) => {
          const collectPaise = itemsPaise + codFeePaise + shippingPaise;
          const fields = codBookingFields({ collectPaise, codFeePaise, shippingPaise });
          expect(codAmountToCollectPaise(fields)).toBe(collectPaise);
        },
      ),
    );
  });

  it('collects nothing for a prepaid parcel, and subtracts a discount Shiprocket is told of', () => {
    expect(
      codAmountToCollectPaise({ payment_method: 'Prepaid', sub_total: 1198, shipping_charges: 99 }),
    ).toBe(0);
    expect(
      codAmountToCollectPaise({
        payment_method: 'COD',
        sub_total: 1198,
        shipping_charges: 99,
        giftwrap_charges: 30,
        transaction_charges: 49,
        total_discount: 100.5,
      }),
    ).toBe(127_550);
  });

  it('refuses amounts that are not whole paise, or fees above the total', () => {
    expect(() => codBookingFields({ collectPaise: 1000.5, codFeePaise: 0, shippingPaise: 0 })).toThrow(
      RangeError,
    );
    expect(() => codBookingFields({ collectPaise: 1000, codFeePaise: -1, shippingPaise: 0 })).toThrow(
      'codFeePaise must be a whole number of paise',
    );
    expect(() => codBookingFields({ collectPaise: 1000, codFeePaise: 600, shippingPaise: 500 })).toThrow(
      'the COD fee and shipping cannot be more than the amount to collect',
    );
  });
});

describe('COD serviceability', () => {
  it('offers only couriers that collect cash, with their charges in paise, the recommended one first choice', () => {
    const answer = codServiceabilityOf(
      '560001',
      reply(
        [
          courier({ courier_company_id: 33, courier_name: 'Xpressbees Surface', rate: 74.5 }),
          courier({ courier_company_id: 1, courier_name: 'Blue Dart Air', cod: 0 }),
          courier({ courier_company_id: 10 }),
        ],
        10,
      ),
    );
    expect(answer).toEqual({
      deliveryPostcode: '560001',
      available: true,
      couriers: [
        {
          courierCompanyId: 33,
          courierName: 'Xpressbees Surface',
          ratePaise: 7450,
          codChargesPaise: 4000,
          etd: 'Jul 04, 2024',
          estimatedDeliveryDays: '3',
        },
        expect.objectContaining({ courierCompanyId: 10, ratePaise: 7800 }),
      ],
      recommendedCourierId: 10,
    });
  });

  it('falls back to the first cash courier when the recommended one collects none, and says when none does', () => {
    const couriers = [courier({ courier_company_id: 1, cod: 0 }), courier({ courier_company_id: 33 })];
    expect(codServiceabilityOf('560001', reply(couriers, 1)).recommendedCourierId).toBe(33);
    expect(codServiceabilityOf('744101', reply([courier({ cod: 0 })], 10))).toEqual({
      deliveryPostcode: '744101',
      available: false,
      couriers: [],
      recommendedCourierId: null,
    });
    const withoutCharges = courier({});
    delete withoutCharges.cod_charges;
    expect(codServiceabilityOf('560001', reply([withoutCharges], null)).couriers[0]?.codChargesPaise).toBe(
      undefined,
    );
  });
});
