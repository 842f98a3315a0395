import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MemoryRouter } from '../../../lib/router';
import { aReturnDetail } from '../../../test/returns';
import { ReturnFacts } from './return-facts';

// docs/product.md#staff: a return's page names the order's status changes in words, not as the fields and
// codes they are stored as.
describe("a return's order timeline", () => {
  it('reads "Shipment: AWB assigned", never "shipmentStage: awb_assigned"', () => {
    const at = '2026-07-02T09:30:00.000Z';
    const detail = aReturnDetail({
      orderTimeline: [
        { field: 'status', to: 'confirmed', at },
        { field: 'paymentStatus', to: 'cod_due', at },
        { field: 'shipmentStage', to: 'awb_assigned', at },
        { field: 'shipmentStage', to: 'out_for_delivery', at },
        { field: 'status', to: 'delivered', at },
      ],
    });
    render(
      <MemoryRouter initialEntries={['/admin/returns/1']}>
        <ReturnFacts detail={detail} />
      </MemoryRouter>,
    );
    const timeline = screen.getByRole('region', { name: 'Order timeline' });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((item) => item.firstChild?.textContent?.trim()),
    ).toEqual([
      'Order status: Confirmed',
      'Payment: Cash on delivery, not collected yet',
      'Shipment: AWB assigned',
      'Shipment: Out for delivery',
      'Order status: Delivered',
    ]);
    expect(timeline.textContent).not.toMatch(/shipmentStage|paymentStatus|awb_assigned|_/);
  });
});
