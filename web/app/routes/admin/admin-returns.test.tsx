import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { returnMessages } from '../../../../contracts/returns';
import { jsonReply } from '../../../test/fake-api';
import { renderConsole } from '../../../test/render-console';
import { aReturn, aReturnDetail } from '../../../test/returns';

// docs/product.md#returns: the console's returns queue and a return's page in its states, for an owner and for
// support (who reads). The journey with the real server is e2e/returns.spec.ts.

const loading = { timeout: 10_000 };
const settings = {
  'GET /api/admin/return-settings': {
    windowDays: 7,
    changedMindAccepted: true,
    changedMindDeductionPaise: 0,
  },
};

describe('the Returns page', () => {
  it('lists returns and filters them by status', async () => {
    const item = aReturn();
    const { api } = renderConsole('/admin/returns', {
      api: {
        ...settings,
        'GET /api/admin/returns': {
          returns: [
            {
              returnId: item.returnId,
              number: item.number,
              orderId: item.orderId,
              orderNumber: item.orderNumber,
              shopperName: 'Asha Verma',
              status: 'requested',
              statusLabel: 'Return requested',
              resolution: 'refund',
              reasonLabel: 'Damaged in transit',
              units: 1,
              refundPaise: 239_00,
              createdAt: item.createdAt,
            },
          ],
        },
      },
    });
    const list = await screen.findByRole('list', { name: 'Returns' }, loading);
    expect(
      within(list)
        .getByRole('link', { name: `Return ${item.number}` })
        .getAttribute('href'),
    ).toBe(`/admin/returns/${item.returnId}`);
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'received');
    await waitFor(() =>
      expect(api.calls.some((call) => call.path === '/api/admin/returns?status=received&age=any')).toBe(true),
    );
    expect(screen.getByRole('button', { name: 'Save return settings' })).toBeTruthy();
  });

  it('shows support the settings without a save', async () => {
    renderConsole('/admin/returns', {
      role: 'support',
      api: { ...settings, 'GET /api/admin/returns': { returns: [] } },
    });
    expect(await screen.findByText('No returns here.', {}, loading)).toBeTruthy();
    expect(await screen.findByLabelText('Return window (days after delivery)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save return settings' })).toBeNull();
  });
});

describe("a return's page", () => {
  it('a new request: its photos and reason, and approve, refuse (with a reason) or settle without pickup', async () => {
    const detail = aReturnDetail();
    const id = detail.return.returnId;
    const { api } = renderConsole(`/admin/returns/${id}`, {
      api: {
        [`GET /api/admin/returns/${id}`]: detail,
        [`POST /api/admin/returns/${id}/refuse`]: {
          message: 'Return refused: the shopper has been told why.',
          return: aReturn({ returnId: id, status: 'refused', statusLabel: 'Return refused' }),
        },
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: `Return ${detail.return.number}` }, loading),
    ).toBeTruthy();
    // docs/architecture.md#return-photos: the console reads the shopper's photos through its own route.
    const photo = screen.getByRole('img', { name: "The shopper's upload 1" });
    expect(photo.getAttribute('src')).toBe('/api/admin/return-photos/photo-1/400');
    expect(photo.closest('a')?.getAttribute('href')).toBe('/api/admin/return-photos/photo-1/800');
    expect(screen.getByText('Damaged in transit')).toBeTruthy();
    for (const name of ['Approve', 'Refuse', 'Approve without pickup']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
    await userEvent.click(screen.getByRole('button', { name: 'Refuse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refuse this return' });
    const submit = within(dialog).getByRole('button', { name: 'Refuse return' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await userEvent.type(within(dialog).getByLabelText('Why (the shopper is sent this)'), 'Not our product.');
    await userEvent.click(submit);
    await waitFor(() =>
      expect(api.callsTo(`POST /api/admin/returns/${id}/refuse`)[0]?.body).toEqual({
        reason: 'Not our product.',
      }),
    );
  });

  it('a collected parcel: mark received with the quality check; a refusal from the server is shown', async () => {
    const detail = aReturnDetail({
      return: aReturn({
        status: 'picked_up',
        statusLabel: 'Picked up',
        awbCode: 'AWB123',
        courierName: 'Delhivery',
      }),
      actions: ['receive'],
      attention: [
        {
          reason: 'return_pickup_overdue',
          text: 'Its return’s pickup was booked days ago.',
          since: '2026-07-05T00:00:00.000Z',
        },
      ],
    });
    const id = detail.return.returnId;
    const { api } = renderConsole(`/admin/returns/${id}`, {
      api: {
        [`GET /api/admin/returns/${id}`]: detail,
        [`POST /api/admin/returns/${id}/receive`]: jsonReply(409, { message: returnMessages.notApproved }),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Needs attention' }, loading)).toBeTruthy();
    expect(screen.getByText(/AWB AWB123, Delhivery/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Mark received' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark the return received' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Not resellable: written off' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark received' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(returnMessages.notApproved);
    expect(api.callsTo(`POST /api/admin/returns/${id}/receive`)[0]?.body).toEqual({
      quality: 'not_resellable',
    });
  });

  it('a finished return offers nothing; support reads without actions', async () => {
    const detail = aReturnDetail({
      return: aReturn({ status: 'refunded', statusLabel: 'Refunded' }),
      actions: [],
    });
    const id = detail.return.returnId;
    renderConsole(`/admin/returns/${id}`, { api: { [`GET /api/admin/returns/${id}`]: detail } });
    expect(await screen.findByText('Nothing more to do on this return.', {}, loading)).toBeTruthy();

    renderConsole(`/admin/returns/${id}`, {
      role: 'support',
      api: { [`GET /api/admin/returns/${id}`]: aReturnDetail() },
    });
    expect(await screen.findByText('Only an owner can act on a return.', {}, loading)).toBeTruthy();
  });
});
