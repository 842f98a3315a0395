import {
  type AdminReturnDetail,
  type OrderReturnsReply,
  type ReturnOfferView,
  type ReturnView,
  returnPhotoPaths,
} from '../../contracts/returns';

// Factories for the return pages' component tests: GET /api/orders/{id}/returns and the console's return.

export function anOffer(
  overrides: Partial<Extract<ReturnOfferView, { offered: true }>> = {},
): ReturnOfferView {
  return {
    offered: true,
    closesAt: '2026-07-09T18:30:00.000Z',
    lastDay: '9 July 2026',
    windowDays: 7,
    returnable: [
      { lineId: 'line-1', units: 1, title: 'Face Mitt', size: 'M', image: '/images/face-mitt.webp' },
      { lineId: 'line-2', units: 2, title: 'Body Mitt', size: 'L', image: '/images/body-mitt.webp' },
    ],
    changedMindAccepted: true,
    changedMindDeductionPaise: 0,
    needsUpiId: false,
    ...overrides,
  };
}

export function aReturn(overrides: Partial<ReturnView> = {}): ReturnView {
  const returnId = overrides.returnId ?? crypto.randomUUID();
  return {
    returnId,
    number: `RT-${returnId.slice(0, 8).toUpperCase()}`,
    orderId: 'order-1',
    orderNumber: 'OM-ORDER001',
    status: 'requested',
    statusLabel: 'Return requested',
    resolution: 'refund',
    reason: 'damaged_in_transit',
    reasonLabel: 'Damaged in transit',
    note: 'The box was crushed.',
    refusalReason: null,
    lines: [{ lineId: 'line-1', title: 'Face Mitt', size: 'M', image: '', units: 1, paidPaise: 239_00 }],
    paidPaise: 239_00,
    deductionPaise: 0,
    refundPaise: 239_00,
    photos: [
      {
        photoId: 'photo-1',
        url: returnPhotoPaths.shopper('order-1', 'photo-1', 800),
        thumbnailUrl: returnPhotoPaths.shopper('order-1', 'photo-1', 400),
      },
    ],
    paymentMethod: 'Online',
    upiId: null,
    pickupAddress: {
      firstName: 'Asha',
      lastName: 'Verma',
      houseName: '12 Silk Lane',
      streetArea: 'Koregaon Park',
      city: 'Pune',
      state: 'Maharashtra',
      country: 'India',
      pincode: '411001',
    },
    awbCode: null,
    courierName: null,
    parcelStatus: null,
    quality: null,
    replacementOrder: null,
    steps: [{ status: 'requested', label: 'Return requested', at: '2026-07-03T09:30:00.000Z', detail: null }],
    createdAt: '2026-07-03T09:30:00.000Z',
    ...overrides,
  };
}

export function orderReturnsReply(overrides: Partial<OrderReturnsReply> = {}): OrderReturnsReply {
  return { offer: anOffer(), returns: [], replacementOf: null, ...overrides };
}

export function aReturnDetail(overrides: Partial<AdminReturnDetail> = {}): AdminReturnDetail {
  const photos = [
    {
      photoId: 'photo-1',
      url: returnPhotoPaths.staff('photo-1', 800),
      thumbnailUrl: returnPhotoPaths.staff('photo-1', 400),
    },
  ];
  return {
    return: aReturn({ photos }),
    shopper: { name: 'Asha Verma', email: 'asha@example.in', phone: '9876543210' },
    orderTimeline: [{ field: 'status', to: 'delivered', at: '2026-07-02T09:30:00.000Z' }],
    attention: [],
    actions: ['approve', 'refuse', 'approve_without_pickup'],
    ...overrides,
  };
}
