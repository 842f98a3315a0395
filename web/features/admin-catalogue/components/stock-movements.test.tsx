import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MemoryRouter } from '../../../lib/router';
import { StockMovements } from './stock-movements';

describe('recent stock movements', () => {
  it("link a sale's order by its OM number, and name the member of staff behind an adjustment", () => {
    render(
      <MemoryRouter initialEntries={['/admin/products/7']}>
        <StockMovements
          movements={[
            {
              at: '2026-11-27T06:30:00.000Z',
              delta: -1,
              reason: 'sale',
              orderId: 'a1b2c3d4-0000-4000-8000-000000000001',
              orderNumber: 'OM-A1B2C3D4',
              staffName: null,
            },
            {
              at: '2026-11-26T06:30:00.000Z',
              delta: 12,
              reason: 'adjustment',
              orderId: null,
              orderNumber: null,
              staffName: 'Asha Rao',
            },
          ]}
        />
      </MemoryRouter>,
    );
    const order = screen.getByRole('link', { name: 'OM-A1B2C3D4' });
    expect(order.getAttribute('href')).toBe('/admin/orders/a1b2c3d4-0000-4000-8000-000000000001');
    expect(screen.getByRole('row', { name: /Asha Rao/ }).textContent).toContain('+12');
  });
});
