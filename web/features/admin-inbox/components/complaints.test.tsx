import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { AdminMessagesReply, InboxMessageSummary } from '../../../../contracts/admin-inbox';
import { MemoryRouter } from '../../../lib/router';
import { fakeApi } from '../../../test/fake-api';
import { createQueryWrapper } from '../../../test/query-wrapper';
import { MessagesList } from './messages-list';
import { NewMessagesCard } from './new-messages-card';

// docs/product.md#complaints: the inbox marks complaints with their number and clocks; overdue ones stand out.

function summary(overrides: Partial<InboxMessageSummary>): InboxMessageSummary {
  return {
    id: 'm-0',
    name: 'Meera Iyer',
    email: 'meera@example.in',
    preview: 'My mitten arrived torn.',
    createdAt: '2026-03-02T04:30:00.000Z',
    status: 'new',
    replyCount: 0,
    complaint: null,
    ...overrides,
  };
}

const clocks = {
  number: 'GRV-2026-000007',
  acknowledgeBy: '2026-03-04T04:30:00.000Z',
  acknowledgedAt: null,
  acknowledgement: 'due' as const,
  resolveBy: '2026-04-02',
  resolvedAt: null,
  resolution: 'due' as const,
};

const reply: AdminMessagesReply = {
  messages: [
    summary({ id: 'm-1', complaint: clocks }),
    summary({
      id: 'm-2',
      name: 'Ravi Kumar',
      complaint: { ...clocks, number: 'GRV-2026-000006', acknowledgement: 'overdue' },
    }),
    summary({
      id: 'm-3',
      name: 'Asha Rao',
      status: 'closed',
      complaint: {
        ...clocks,
        number: 'GRV-2026-000005',
        acknowledgedAt: '2026-03-03T05:00:00.000Z',
        acknowledgement: 'met',
        resolvedAt: '2026-04-03T06:00:00.000Z',
        resolution: 'met_late',
      },
    }),
    summary({ id: 'm-4', name: 'Kavya Menon', preview: 'Do you ship to Kochi?' }),
  ],
  page: 1,
  hasMore: false,
  newCount: 3,
  overdueComplaints: 1,
};

function renderWithRouter(children: ReactNode) {
  const { wrapper: Wrapper } = createQueryWrapper();
  render(
    <Wrapper>
      <MemoryRouter initialEntries={['/admin/messages?topic=complaint']}>{children}</MemoryRouter>
    </Wrapper>,
  );
}

describe('complaints in the inbox', () => {
  it('shows each complaint’s number and clocks, the overdue ones marked in words and colour', async () => {
    const api = fakeApi({ 'GET /api/admin/messages': reply });
    renderWithRouter(<MessagesList filters={{ status: undefined, topic: 'complaint', page: 1 }} />);

    const list = await screen.findByRole('list', { name: 'Messages' });
    expect(api.callsTo('GET /api/admin/messages')[0]?.path).toBe('/api/admin/messages?topic=complaint');

    const first = within(list).getByRole('list', { name: 'Deadlines of complaint GRV-2026-000007' });
    expect(first.textContent).toContain('Acknowledge by 4 Mar 2026, 10:00 am IST');
    expect(first.textContent).toContain('Resolve by 2 Apr 2026');

    const overdue = within(list).getByText('Acknowledge by 4 Mar 2026, 10:00 am IST: overdue');
    expect(overdue.className).toContain('admin-clock--overdue');
    expect(overdue.closest('.admin-complaint')?.className).toContain('admin-complaint--overdue');

    const done = within(list).getByRole('list', { name: 'Deadlines of complaint GRV-2026-000005' });
    expect(done.textContent).toContain('Acknowledged 3 Mar 2026, 10:30 am IST, in time');
    expect(done.textContent).toContain('Resolved 3 Apr 2026, 11:30 am IST, late (due 2 Apr 2026)');
    expect(done.closest('.admin-complaint')?.className).not.toContain('overdue');

    // A question has no complaint block.
    const question = within(list).getByText('Do you ship to Kochi?').closest('li') as HTMLElement;
    expect(within(question).queryByText(/Complaint GRV/)).toBeNull();

    const tab = screen.getByRole('link', { name: 'Complaints (1 overdue)' });
    expect(tab.getAttribute('aria-current')).toBe('page');
    expect(tab.getAttribute('href')).toBe('/admin/messages?topic=complaint');
  });

  it('counts the overdue complaints on the dashboard, linking to them', async () => {
    fakeApi({ 'GET /api/admin/messages': { ...reply, overdueComplaints: 2 } });
    renderWithRouter(<NewMessagesCard />);
    const link = await screen.findByRole('link', { name: '2 complaints past their deadline' });
    expect(link.getAttribute('href')).toBe('/admin/messages?topic=complaint');
    expect(screen.getByRole('link', { name: '3 new messages' })).toBeTruthy();
  });

  it('says nothing of complaints on the dashboard while none is overdue', async () => {
    fakeApi({ 'GET /api/admin/messages': { ...reply, overdueComplaints: 0 } });
    renderWithRouter(<NewMessagesCard />);
    await screen.findByRole('link', { name: '3 new messages' });
    expect(screen.queryByText(/past (its|their) deadline/)).toBeNull();
  });
});
