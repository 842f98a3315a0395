import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminOrderSummary } from '../../../../contracts/admin-orders';
import { MemoryRouter } from '../../../lib/router';
import { fakeApi } from '../../../test/fake-api';
import { createQueryWrapper } from '../../../test/query-wrapper';
import { OrdersList } from './orders-list';

// docs/product.md#staff: an order's card names its shopper by what they have: a phone-only shopper has no
// trailing comma where an e-mail would be, and the phone reads as a phone.
describe('the orders list', () => {
  it('shows a phone-only shopper as "Bhavna Shah, +91 98860 22222"', async () => {
    const order: AdminOrderSummary = {
      orderId: 'a1b2c3d4-0000-4000-8000-000000000001',
      orderNumber: 'OM-A1B2C3D4',
      status: 'delivered',
      paymentStatus: 'collected',
      totalPaise: 288_00,
      shopperName: 'Bhavna Shah',
      email: '',
      phone: '9886022222',
      createdAt: '2026-11-27T06:30:00.000Z',
    };
    fakeApi({ 'GET /api/admin/orders': { orders: [order], next: null } });
    const { wrapper: Query } = createQueryWrapper();
    render(
      <Query>
        <MemoryRouter initialEntries={['/admin/orders']}>
          <OrdersList filters={{}} />
        </MemoryRouter>
      </Query>,
    );
    const shopper = (await screen.findByText('Shopper')).nextElementSibling;
    expect(shopper?.textContent).toBe('Bhavna Shah, +91 98860 22222');
  });
});
