import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CodOrderMoney } from '../../../../contracts/cod-money';
import { fakeApi, jsonReply } from '../../../test/fake-api';
import { createQueryWrapper } from '../../../test/query-wrapper';
import { OrderCodMoney } from './order-cod-money';

// docs/product.md#cod-refunds: a COD order's cash on its console page, and the owner's two refund dialogs.
// The refunds themselves are server/http/console/cod-refunds.test.ts.

const money = (overrides: Partial<CodOrderMoney> = {}): CodOrderMoney => ({
  orderId: 'order-1',
  cod: true,
  collectedPaise: 133_450,
  refundedPaise: 0,
  refundablePaise: 133_450,
  payoutsConfigured: true,
  remittance: null,
  payouts: [],
  paidElsewhere: [],
  ...overrides,
});

const MONEY = 'GET /api/admin/orders/order-1/cod';
const PAYOUTS = 'POST /api/admin/orders/order-1/cod/payouts';
const ELSEWHERE = 'POST /api/admin/orders/order-1/cod/refunds-paid-elsewhere';

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

function renderMoney(isOwner = true) {
  const onDone = vi.fn();
  const { wrapper } = createQueryWrapper();
  render(<OrderCodMoney orderId="order-1" isOwner={isOwner} onDone={onDone} />, { wrapper });
  return onDone;
}

function detailsOf(scope: HTMLElement): Record<string, string> {
  const terms = [...scope.querySelectorAll('dt')];
  return Object.fromEntries(
    terms.map((term) => [term.textContent, term.nextElementSibling?.textContent ?? '']),
  );
}

describe("a COD order's cash in the console", () => {
  it('shows what was collected, refunded, left and remitted, with each refund', async () => {
    fakeApi({
      [MONEY]: money({
        refundedPaise: 30_000,
        refundablePaise: 103_450,
        remittance: { utr: 'UTIBN12345678901', remittedOn: '2026-11-25', remittedPaise: 133_450 },
        payouts: [
          {
            id: 'p1',
            razorpayPayoutId: 'pout_1',
            amountPaise: 20_000,
            vpa: 'asha@okaxis',
            reason: 'Torn',
            status: 'failed',
            utr: null,
            failure: 'Payout failed as the beneficiary VPA is invalid.',
            createdAt: '2026-11-26T05:00:00.000Z',
          },
        ],
        paidElsewhere: [
          {
            id: 'e1',
            amountPaise: 30_000,
            how: 'cash',
            note: 'At the stall',
            staffName: 'Asha',
            createdAt: '2026-11-26T06:00:00.000Z',
          },
        ],
      }),
    });
    renderMoney();
    const section = await screen.findByRole('region', { name: 'Cash on delivery' });
    expect(detailsOf(section)).toEqual({
      'Collected by the courier': '₹1,334.50',
      Refunded: '₹300.00',
      'Can still be refunded': '₹1,034.50',
      'Remitted by Shiprocket': expect.stringMatching(/^₹1,334\.50 on .*2026, UTR UTIBN12345678901$/),
    });
    expect(
      within(screen.getByRole('list', { name: 'Refunds to UPI' })).getByText(/asha@okaxis: Failed/),
    ).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Refunds paid another way' }).textContent).toContain(
      '₹300.00 by cash: At the stall, recorded by Asha',
    );
  });

  it('lets support read but not refund, and offers no UPI refund while RazorpayX is not configured', async () => {
    fakeApi({ [MONEY]: money() });
    renderMoney(false);
    await screen.findByRole('region', { name: 'Cash on delivery' });
    expect(screen.queryByRole('button', { name: 'Refund to UPI' })).toBeNull();
    vi.unstubAllGlobals();

    fakeApi({ [MONEY]: money({ payoutsConfigured: false, orderId: 'order-1' }) });
    document.body.innerHTML = '';
    renderMoney(true);
    await screen.findByText('Refunds to a UPI ID need RazorpayX, which is not configured.');
    expect(screen.queryByRole('button', { name: 'Refund to UPI' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Record refund paid another way' })).toBeTruthy();
  });

  it('checks the amount and the UPI ID, shows RazorpayX’s refusal, and retries with the same key', async () => {
    const api = fakeApi({
      [MONEY]: money(),
      [PAYOUTS]: () =>
        jsonReply(502, {
          message: 'RazorpayX could not be reached. Nothing was paid; please try again in a minute.',
        }),
    });
    const user = userEvent.setup();
    const onDone = renderMoney();
    await user.click(await screen.findByRole('button', { name: 'Refund to UPI' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund to UPI' });
    expect(within(dialog).getByText(/Up to ₹1,334\.50 can be refunded\./)).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Amount in rupees'), '12.345');
    await user.type(within(dialog).getByLabelText("Shopper's UPI ID"), 'not a upi');
    await user.click(within(dialog).getByRole('button', { name: 'Refund to UPI' }));
    expect(within(dialog).getByText('Please give the amount in rupees, e.g. 100 or 100.50.')).toBeTruthy();
    expect(within(dialog).getByText('Please enter a UPI ID like name@bank.')).toBeTruthy();
    expect(within(dialog).getByText('Please give a reason for the refund.')).toBeTruthy();
    expect(api.callsTo(PAYOUTS)).toHaveLength(0);

    const amount = within(dialog).getByLabelText('Amount in rupees');
    await user.clear(amount);
    await user.type(amount, '200');
    const vpa = within(dialog).getByLabelText("Shopper's UPI ID");
    await user.clear(vpa);
    await user.type(vpa, 'asha@okaxis');
    await user.type(within(dialog).getByLabelText('Reason'), 'One mitt torn');
    await user.click(within(dialog).getByRole('button', { name: 'Refund to UPI' }));
    expect(
      await within(dialog).findByText(
        'RazorpayX could not be reached. Nothing was paid; please try again in a minute.',
      ),
    ).toBeTruthy();

    api.on({ [PAYOUTS]: { message: '₹200.00 is being paid to asha@okaxis.', money: money() } });
    await user.click(within(dialog).getByRole('button', { name: 'Refund to UPI' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('₹200.00 is being paid to asha@okaxis.'));
    const calls = api.callsTo(PAYOUTS);
    expect(calls.map((call) => call.body)).toEqual([
      { amountPaise: 20_000, vpa: 'asha@okaxis', reason: 'One mitt torn' },
      { amountPaise: 20_000, vpa: 'asha@okaxis', reason: 'One mitt torn' },
    ]);
    const keys = calls.map((call) => call.headers.get('Idempotency-Key'));
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
  });

  it('records a refund paid another way, with how it was paid', async () => {
    const api = fakeApi({
      [MONEY]: money(),
      [ELSEWHERE]: { message: '₹50.00 is recorded as refunded another way.', money: money() },
    });
    const user = userEvent.setup();
    const onDone = renderMoney();
    await user.click(await screen.findByRole('button', { name: 'Record refund paid another way' }));
    const dialog = screen.getByRole('dialog', { name: 'Record a refund paid another way' });
    await user.type(within(dialog).getByLabelText('Amount in rupees'), '50');
    await user.selectOptions(within(dialog).getByLabelText('Paid by'), 'Bank transfer');
    await user.type(within(dialog).getByLabelText('Note (a reference, who paid it)'), 'NEFT ref 77');
    await user.click(within(dialog).getByRole('button', { name: 'Record refund' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('₹50.00 is recorded as refunded another way.'));
    expect(api.callsTo(ELSEWHERE)[0]?.body).toEqual({
      amountPaise: 5_000,
      how: 'bank_transfer',
      note: 'NEFT ref 77',
    });
  });
});
