import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { createQueryWrapper } from '../../../test/query-wrapper';
import { WinbackReportCard } from './winback-report-card';

// docs/product.md#winback-report: the dashboard's card of reminders sent, checkouts recovered and their revenue.

describe('the win-back report card', () => {
  it('shows the counts and the recovered revenue in rupees', async () => {
    fakeApi({
      'GET /api/admin/winback/report': {
        days: 30,
        remindersSent: 12,
        checkoutsReminded: 8,
        checkoutsRecovered: 3,
        recoveredRevenuePaise: 101_700,
        backInStockTold: 5,
      },
    });
    const { wrapper } = createQueryWrapper();
    render(<WinbackReportCard />, { wrapper });
    expect(await screen.findByRole('heading', { name: 'Checkouts won back, last 30 days' })).toBeTruthy();
    const value = (term: string) => screen.getByText(term).nextElementSibling?.textContent;
    expect(value('Reminders sent')).toBe('12');
    expect(value('Checkouts reminded')).toBe('8');
    expect(value('Checkouts recovered')).toBe('3');
    expect(value('Revenue recovered')).toBe('₹1,017.00');
    expect(value('Back-in-stock notices')).toBe('5');
  });
});
