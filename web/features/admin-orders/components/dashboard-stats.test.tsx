import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DashboardReply } from '../../../../contracts/admin-orders';
import { fakeApi } from '../../../test/fake-api';
import { createQueryWrapper } from '../../../test/query-wrapper';
import { DashboardStats } from './dashboard-stats';

// docs/product.md#console-pages: the dashboard's figures, the cash-on-delivery ones among them
// (docs/product.md#cod-remittances). The figures themselves are server/http/console/orders.test.ts
// and server/http/console/cod-remittances.test.ts.

afterEach(() => vi.unstubAllGlobals());

const period = { orders: 3, revenuePaise: 359_700, averageOrderPaise: 119_900, couponDiscountPaise: 0 };

describe('the dashboard’s figures', () => {
  it('show the COD share, the RTO rate and the cash still with the courier', async () => {
    const reply: DashboardReply = {
      today: period,
      last7Days: period,
      last30Days: period,
      cod: { sharePercent: 42.5, rtoRatePercent: 7.1, outstandingPaise: 188_350 },
    };
    fakeApi({ 'GET /api/admin/dashboard': reply });
    const { wrapper } = createQueryWrapper();
    render(<DashboardStats />, { wrapper });
    const cod = await screen.findByRole('region', { name: 'Cash on delivery' });
    const terms = [...cod.querySelectorAll('dt')].map((term) => [
      term.textContent,
      term.nextElementSibling?.textContent,
    ]);
    expect(terms).toEqual([
      ['COD share, 30 days', '42.5%'],
      ['Returned to origin', '7.1%'],
      ['Cash with the courier', '₹1,883.50'],
    ]);
    expect(within(screen.getByRole('region', { name: 'Today' })).getByText('₹3,597.00')).toBeTruthy();
  });
});
