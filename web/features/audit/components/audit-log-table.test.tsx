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

  it('names a return, a remittance and a code as people do, with links; a record without a name by its type and id', async () => {
    const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
      ...refund,
      before: null,
      after: null,
      ...overrides,
    });
    const returnId = 'b2c3d4e5-0000-4000-8000-000000000002';
    fakeApi({
      'GET /api/admin/audit': {
        entries: [
          entry({
            id: 'audit-2',
            action: 'return.approve',
            entityType: 'return',
            entityId: returnId,
            entityLabel: 'RT-B2C3D4E5',
            before: { status: 'requested' },
            after: { status: 'approved' },
          }),
          entry({
            id: 'audit-3',
            action: 'cod.mismatch_checked',
            entityType: 'cod_remittance_line',
            entityId: 'c3d4e5f6-0000-4000-8000-000000000003',
            entityLabel: 'UTR HDFC0001234567, line 2',
          }),
          entry({
            id: 'audit-4',
            action: 'coupon.update',
            entityType: 'coupon',
            entityId: '7',
            entityLabel: 'DIWALI10',
          }),
          entry({
            id: 'audit-5',
            action: 'staff.sign_in',
            entityType: 'staff_session',
            entityId: 'd4e5f6a7-0000-4000-8000-000000000004',
            entityLabel: null,
          }),
        ],
        next: null,
      },
    });
    const { wrapper: Query } = createQueryWrapper();
    render(
      <Query>
        <MemoryRouter initialEntries={['/admin/audit']}>
          <AuditLogTable />
        </MemoryRouter>
      </Query>,
    );
    const returned = await screen.findByRole('link', { name: 'RT-B2C3D4E5' });
    expect(returned.getAttribute('href')).toBe(`/admin/returns/${returnId}`);
    expect(within(returned.closest('tr') as HTMLElement).getByRole('listitem').textContent).toBe(
      'status: Return requested → Return approved',
    );
    expect(screen.getByRole('link', { name: 'UTR HDFC0001234567, line 2' }).getAttribute('href')).toBe(
      '/admin/cod',
    );
    expect(screen.getByRole('link', { name: 'Coupon DIWALI10' }).getAttribute('href')).toBe(
      '/admin/coupons/7',
    );
    const session = screen.getByText('d4e5f6a7-0000-4000-8000-000000000004');
    expect(session.parentElement?.textContent).toBe('Staff session d4e5f6a7-0000-4000-8000-000000000004');
    expect(document.body.textContent).not.toContain(returnId);
  });
});
