import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../../contracts/staff';
import { MemoryRouter } from '../../../lib/router';
import { fakeApi } from '../../../test/fake-api';
import { createQueryWrapper } from '../../../test/query-wrapper';
import { AuditLogTable } from './audit-log-table';

const refund: AuditEntry = {
  id: 'audit-1',
  staffId: 'staff-1',
  staffName: 'Asha Rao',
  action: 'order.refund',
  entityType: 'order',
  entityId: 'a1b2c3d4-0000-4000-8000-000000000001',
  entityLabel: 'OM-A1B2C3D4',
  before: { status: 'confirmed', paymentStatus: 'paid' },
  after: {
    status: 'confirmed',
    paymentStatus: 'paid',
    refund: { amountPaise: 5000, reason: 'Parcel arrived damaged' },
  },
  ipAddress: '10.0.0.1',
  createdAt: '2026-11-27T06:30:00.000Z',
};

describe('the audit log', () => {
  it('names an order by its OM number, linking to it, and lists each change as "field: before → after"', async () => {
    fakeApi({ 'GET /api/admin/audit': { entries: [refund], next: null } });
    const { wrapper: Query } = createQueryWrapper();
    render(
      <Query>
        <MemoryRouter initialEntries={['/admin/audit']}>
          <AuditLogTable />
        </MemoryRouter>
      </Query>,
    );
    const link = await screen.findByRole('link', { name: 'OM-A1B2C3D4' });
    expect(link.getAttribute('href')).toBe(`/admin/orders/${refund.entityId}`);
    const row = link.closest('tr') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['refund amount: ₹50.00', 'refund reason: Parcel arrived damaged']);
    expect(row.textContent).not.toContain('{');
  });
});
