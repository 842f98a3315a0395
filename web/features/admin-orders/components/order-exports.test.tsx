import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lastIstMonth, OrderExports } from './order-exports';

const query = (link: HTMLElement) => new URL(link.getAttribute('href') ?? '', 'http://shop.test');

describe("the orders page's downloads", () => {
  it('carry the days and filters of the list, and say what a CSV without a Payment filter holds', () => {
    render(
      <OrderExports
        filters={{ q: 'Asha', status: 'cancelled', from: '2026-11-01', to: '2026-11-30' }}
        isOwner
      />,
    );
    const orders = screen.getByRole('link', { name: 'Orders CSV, 1 Nov 2026 to 30 Nov 2026' });
    expect(query(orders).pathname).toBe('/api/admin/orders.csv');
    expect(Object.fromEntries(query(orders).searchParams)).toEqual({
      q: 'Asha',
      status: 'cancelled',
      from: '2026-11-01',
      to: '2026-11-30',
    });
    const items = screen.getByRole('link', { name: 'Items CSV, 1 Nov 2026 to 30 Nov 2026' });
    expect(query(items).pathname).toBe('/api/admin/order-items.csv');
    expect(orders.hasAttribute('download')).toBe(true);
    expect(
      screen.getByText(
        'Paid orders only, cancelled and refunded ones included; choose a Payment to get others.',
      ),
    ).toBeTruthy();
  });

  it('ask for the days first', () => {
    render(<OrderExports filters={{ from: '2026-11-01' }} isOwner={false} />);
    expect(screen.getByText('Choose From and To to download the orders and items CSVs.')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it("offer owners last month's GSTR-1 zip, and another month once chosen; support none", () => {
    const { unmount } = render(<OrderExports filters={{}} isOwner />);
    const month = screen.getByLabelText('GSTR-1 month');
    expect((month as HTMLInputElement).value).toBe(lastIstMonth());
    fireEvent.change(month, { target: { value: '2026-10' } });
    const zip = screen.getByRole('link', { name: 'GSTR-1 files for October 2026 (zip)' });
    expect(query(zip).pathname).toBe('/api/admin/gstr1.zip');
    expect(query(zip).searchParams.get('month')).toBe('2026-10');
    unmount();
    render(<OrderExports filters={{}} isOwner={false} />);
    expect(screen.queryByLabelText('GSTR-1 month')).toBeNull();
  });

  it('take the month before this one in India', () => {
    expect(lastIstMonth(new Date('2026-01-15T06:00:00Z'))).toBe('2025-12');
    // 31 October 18:40 UTC is already 1 November in India.
    expect(lastIstMonth(new Date('2026-10-31T18:40:00Z'))).toBe('2026-10');
    expect(lastIstMonth(new Date('2026-10-31T18:20:00Z'))).toBe('2026-09');
  });
});
