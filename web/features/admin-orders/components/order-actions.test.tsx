import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminOrderDetail } from '../../../../contracts/admin-orders';
import { createQueryWrapper } from '../../../test/query-wrapper';
import { OrderActions } from './order-actions';

function reply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

// A paid order not yet booked, its messages sent: what the server allows it (allowedActions).
const detail = {
  order: { orderId: 'order-1' },
  refundablePaise: 119_800,
  attention: [],
  sentMessages: ['confirmed', 'shipped'],
  allowedActions: ['refund', 'cancel', 'retry_shipment', 'resend_message', 'add_note'],
} as unknown as AdminOrderDetail;
const waitingForStock = {
  ...detail,
  attention: [{ reason: 'paid_out_of_stock', createdAt: '2026-11-23T10:00:00.000Z' }],
  allowedActions: ['ship_late', 'refund', 'cancel', 'resend_message', 'add_note'],
} as AdminOrderDetail;

const sentKeys = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.map(
    (call) => (call[1] as RequestInit & { headers: Record<string, string> }).headers['Idempotency-Key'],
  );

// jsdom has no modal dialogs: open and close as the browser's <dialog> does, without the top layer.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
  };
});

afterEach(() => vi.unstubAllGlobals());

function renderActions(isOwner: boolean, onDone = vi.fn(), shown = detail) {
  const { wrapper } = createQueryWrapper();
  render(<OrderActions detail={shown} isOwner={isOwner} onDone={onDone} />, { wrapper });
  return onDone;
}

describe("an order's actions in the console", () => {
  it('refunds rupees as paise with one idempotency key per opening of the dialog', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(reply(502, { message: 'Razorpay could not be reached.' }))
      .mockResolvedValueOnce(reply(200, { message: '₹100.50 is being refunded.', order: detail }))
      .mockResolvedValueOnce(reply(200, { message: '₹1.00 is being refunded.', order: detail }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const onDone = renderActions(true);

    await user.click(screen.getByRole('button', { name: 'Refund part' }));
    expect(screen.getByText('Up to ₹1,198.00 can be refunded.')).toBeTruthy();
    await user.type(screen.getByLabelText('Amount in rupees'), '100.505');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    expect(screen.getByText('Please give the amount in rupees, e.g. 100 or 100.50.')).toBeTruthy();
    expect(screen.getByText('Please give a reason for the refund.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Amount in rupees'));
    await user.type(screen.getByLabelText('Amount in rupees'), '100.50');
    await user.type(screen.getByLabelText('Reason'), 'Torn seam');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Razorpay could not be reached.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('₹100.50 is being refunded.'));

    await user.click(screen.getByRole('button', { name: 'Refund part' }));
    expect((screen.getByLabelText('Amount in rupees') as HTMLInputElement).value).toBe('');
    await user.type(screen.getByLabelText('Amount in rupees'), '1');
    await user.type(screen.getByLabelText('Reason'), 'Late parcel');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(2));

    const [first, again, nextOpening] = sentKeys(fetchMock);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(again).toBe(first);
    expect(nextOpening).not.toBe(first);
    const bodies = fetchMock.mock.calls.map((call) => JSON.parse(String((call[1] as RequestInit).body)));
    expect(bodies).toEqual([
      { amountPaise: 10_050, reason: 'Torn seam' },
      { amountPaise: 10_050, reason: 'Torn seam' },
      { amountPaise: 100, reason: 'Late parcel' },
    ]);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/admin/orders/order-1/refunds');
  });

  it('shows support only what support may do', () => {
    renderActions(false);
    expect(screen.queryByRole('button', { name: 'Refund part' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel and refund in full' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Retry shipment' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resend a message' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add a note' })).toBeTruthy();
  });

  it('offers to resend only the messages the shopper was sent, and nothing while none was', async () => {
    const user = userEvent.setup();
    renderActions(false);
    await user.click(screen.getByRole('button', { name: 'Resend a message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resend a message' });
    expect(
      within(dialog)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Confirmed', 'Shipped']);
    cleanup();
    renderActions(false, vi.fn(), {
      ...detail,
      sentMessages: [],
      allowedActions: detail.allowedActions.filter((action) => action !== 'resend_message'),
    });
    expect(screen.queryByRole('button', { name: 'Resend a message' })).toBeNull();
  });

  it('offers Ship late to the owner only while the order waits for stock (docs/product.md#stock)', async () => {
    renderActions(true);
    expect(screen.queryByRole('button', { name: 'Ship late' })).toBeNull();
    cleanup();
    renderActions(false, vi.fn(), waitingForStock);
    expect(screen.queryByRole('button', { name: 'Ship late' })).toBeNull();
    cleanup();
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(reply(409, { message: 'Not enough stock of Face Mitt yet: 0 left, 1 needed.' }));
    vi.stubGlobal('fetch', fetchMock);
    renderActions(true, vi.fn(), waitingForStock);
    await userEvent.click(screen.getByRole('button', { name: 'Ship late' }));
    const dialog = screen.getByRole('dialog', { name: 'Ship this order late' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ship late' }));
    expect(
      await within(dialog).findByText('Not enough stock of Face Mitt yet: 0 left, 1 needed.'),
    ).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/admin/orders/order-1/ship-late');
  });

  it('confirms a COD order awaiting confirmation after a call, for support staff too (docs/product.md#cash-on-delivery)', async () => {
    const awaiting = {
      ...detail,
      order: { orderId: 'order-1', status: 'pending', paymentStatus: 'cod_due', paymentMethod: 'COD' },
      allowedActions: ['confirm_cod', 'cancel', 'add_note'],
    } as unknown as AdminOrderDetail;
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(
        reply(200, { message: 'Order confirmed after a call with the shopper.', order: detail }),
      );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const onDone = renderActions(false, vi.fn(), awaiting);

    await user.click(screen.getByRole('button', { name: 'Confirm after a call' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm this cash-on-delivery order' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm order' }));
    await waitFor(() =>
      expect(onDone).toHaveBeenCalledWith('Order confirmed after a call with the shopper.'),
    );
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api/admin/orders/order-1/cod-confirm');
  });

  it('offers no COD confirmation on an order paid online', () => {
    renderActions(true);
    expect(screen.queryByRole('button', { name: 'Confirm after a call' })).toBeNull();
  });

  it('offers an owner no Razorpay refund on a COD order, and cancelling it says nothing is refunded (docs/product.md#cod-refunds)', async () => {
    const confirmed = {
      ...detail,
      order: { orderId: 'order-1', status: 'confirmed', paymentStatus: 'cod_due', paymentMethod: 'COD' },
      allowedActions: ['cancel', 'retry_shipment', 'add_note'],
    } as unknown as AdminOrderDetail;
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(reply(200, { message: 'Order cancelled.', order: detail }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const onDone = renderActions(true, vi.fn(), confirmed);

    expect(screen.queryByRole('button', { name: 'Refund part' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel and refund in full' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this order' });
    expect(within(dialog).getByText(/nothing was paid, so nothing is refunded/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('Order cancelled.'));
  });

  // docs/product.md#console-pages: the buttons are the actions the order's state allows (the server's
  // allowedActions, from the lifecycle: server/modules/admin-orders/console-actions.test.ts covers every state)
  // that the member's role may take, and nothing else. One row an order state.
  it.each<[string, AdminOrderDetail['allowedActions'], 'Online' | 'COD', string[], string[]]>([
    ['a delivered COD order', ['add_note'], 'COD', ['Add a note'], ['Add a note']],
    [
      'a paid order whose pickup is booked',
      ['refund', 'cancel', 'resend_message', 'add_note'],
      'Online',
      ['Refund part', 'Cancel and refund in full', 'Resend a message', 'Add a note'],
      ['Resend a message', 'Add a note'],
    ],
    [
      'a paid order Shiprocket has not booked',
      ['refund', 'cancel', 'retry_shipment', 'add_note'],
      'Online',
      ['Refund part', 'Cancel and refund in full', 'Retry shipment', 'Add a note'],
      ['Retry shipment', 'Add a note'],
    ],
    [
      'a paid order waiting for stock',
      ['ship_late', 'refund', 'cancel', 'add_note'],
      'Online',
      ['Ship late', 'Refund part', 'Cancel and refund in full', 'Add a note'],
      ['Add a note'],
    ],
    [
      'a COD order awaiting confirmation',
      ['confirm_cod', 'cancel', 'add_note'],
      'COD',
      ['Confirm after a call', 'Cancel order', 'Add a note'],
      ['Confirm after a call', 'Add a note'],
    ],
    [
      'a confirmed COD order not yet booked',
      ['cancel', 'retry_shipment', 'add_note'],
      'COD',
      ['Cancel order', 'Retry shipment', 'Add a note'],
      ['Retry shipment', 'Add a note'],
    ],
    [
      'a cancelled order',
      ['resend_message', 'add_note'],
      'Online',
      ['Resend a message', 'Add a note'],
      ['Resend a message', 'Add a note'],
    ],
  ])(
    '%s: offers exactly what its state allows and the role may do',
    (_state, allowedActions, method, forOwner, forSupport) => {
      const shown = {
        ...detail,
        order: { orderId: 'order-1', paymentMethod: method },
        allowedActions,
      } as unknown as AdminOrderDetail;
      const buttons = () =>
        within(screen.getByRole('region', { name: 'Actions' }))
          .getAllByRole('button')
          .map((button) => button.textContent);
      renderActions(true, vi.fn(), shown);
      expect(buttons()).toEqual(forOwner);
      cleanup();
      renderActions(false, vi.fn(), shown);
      expect(buttons()).toEqual(forSupport);
    },
  );
});
