import type { AdminNdrRow, NdrRate, NdrView, OrderDeliveryIssue } from '../../contracts/ndr-rules';

// Factories with overrides for the failed-delivery pages' component tests (docs/product.md#failed-deliveries).

/** A moment `minutes` from now, as the API writes moments. */
export function minutesFromNow(minutes: number): string {
  return new Date(Date.now() + minutes * 60_000).toISOString();
}

/** A COD parcel nobody was home for, first attempt, the shopper's to choose for 5 hours 30 minutes more. */
export function anNdrView(overrides: Partial<NdrView> = {}): NdrView {
  return {
    orderId: 'order-ndr-1',
    orderNumber: 'OM-NDR00001',
    paymentMethod: 'cod',
    reason: 'customer_unavailable',
    courierRemark: 'Door locked, customer not answering',
    attempts: 1,
    maxAttempts: 3,
    attemptedAt: '2026-12-08T09:15:00.000Z',
    // Half a minute beyond the half hour, so a slow test still reads "5 hours 30 minutes left".
    respondBy: minutesFromNow(5 * 60 + 30.5),
    status: 'action_needed',
    choice: null,
    dates: ['2026-12-09', '2026-12-10', '2026-12-11'],
    phone: '9876543211',
    address: { line: '12 Silk Lane, Koregaon Park', city: 'Pune', state: 'Maharashtra', pincode: '411001' },
    canChoose: true,
    ...overrides,
  };
}

export function anOrderDeliveryIssue(overrides: Partial<OrderDeliveryIssue> = {}): OrderDeliveryIssue {
  return {
    status: 'action_needed',
    reason: 'customer_unavailable',
    attempts: 1,
    maxAttempts: 3,
    reattemptDate: null,
    respondBy: minutesFromNow(5 * 60 + 30.5),
    canChoose: true,
    ...overrides,
  };
}

/** A row of the console's queue: the same parcel as anNdrView, waiting. */
export function anAdminNdrRow(overrides: Partial<AdminNdrRow> = {}): AdminNdrRow {
  return {
    id: 'ndr-1',
    orderId: 'order-ndr-1',
    orderNumber: 'OM-NDR00001',
    customerName: 'Asha Verma',
    phone: '9876543211',
    awb: 'SRAWB100001',
    courierName: 'Delhivery Surface',
    pincode: '411001',
    paymentMethod: 'cod',
    reason: 'customer_unavailable',
    courierRemark: 'Door locked, customer not answering',
    attempts: 1,
    raisedAt: '2026-12-08T09:20:00.000Z',
    respondBy: minutesFromNow(5 * 60 + 30.5),
    status: 'action_needed',
    choice: null,
    sentToCourierAt: null,
    ...overrides,
  };
}

export function anNdrRate(overrides: Partial<NdrRate> = {}): NdrRate {
  return {
    key: 'Delhivery Surface',
    shipments: 40,
    ndrs: 6,
    rtos: 2,
    ndrRate: 0.15,
    rtoRate: 0.05,
    ...overrides,
  };
}
