import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type AdminNdrRow, ndrMessages } from '../../../../contracts/ndr-rules';
import { formatCalendarDay, nextIndianDays } from '../../../lib/deadline';
import { deferred } from '../../../test/deferred';
import { jsonReply } from '../../../test/fake-api';
import { anAdminNdrRow, anNdrView, minutesFromNow } from '../../../test/ndr';
import { renderConsole } from '../../../test/render-console';

// docs/product.md#failed-deliveries: the console's queue of failed deliveries in its states, and a staff member's
// choice for the shopper after a call.

const loading = { timeout: 10_000 };
const QUEUE = 'GET /api/admin/ndr';
const ACT = 'POST /api/admin/ndr/ndr-1/action';

function card(orderNumber: string) {
  return screen.getByRole('listitem', { name: `Order ${orderNumber}` });
}

/** The <dd> after a <dt> of a card. */
function detail(scope: HTMLElement, term: string): string | null {
  return within(scope).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent ?? null;
}

async function openDialog(orderNumber = 'OM-NDR00001') {
  await screen.findByRole('listitem', { name: `Order ${orderNumber}` }, loading);
  await userEvent.click(within(card(orderNumber)).getByRole('button', { name: 'Act for the shopper' }));
  return screen.findByRole('dialog', { name: `Act for the shopper: order ${orderNumber}` });
}

describe('the Failed deliveries page', { timeout: 30_000 }, () => {
  it('is in the console menu', async () => {
    renderConsole('/admin/deliveries', { api: { [QUEUE]: { reports: [] } } });
    const nav = await screen.findByRole('navigation', { name: 'Console' }, loading);
    expect(within(nav).getByRole('link', { name: 'Failed deliveries' }).getAttribute('href')).toBe(
      '/admin/deliveries',
    );
  });

  it('says loading while the queue is read', async () => {
    const reply = deferred<{ reports: AdminNdrRow[] }>();
    renderConsole('/admin/deliveries', { api: { [QUEUE]: () => reply.promise } });
    expect((await screen.findByText('Loading failed deliveries…', {}, loading)).getAttribute('role')).toBe(
      'status',
    );
    reply.resolve({ reports: [anAdminNdrRow()] });
    await screen.findByRole('listitem', { name: 'Order OM-NDR00001' }, loading);
  });

  it('lists each open report: the order, who to call, the parcel, the reason, the attempts and the time left', async () => {
    const late = anAdminNdrRow({
      id: 'ndr-2',
      orderId: 'order-ndr-2',
      orderNumber: 'OM-NDR00002',
      paymentMethod: 'online',
      reason: 'address_issue',
      courierRemark: null,
      courierName: null,
      attempts: 2,
      respondBy: minutesFromNow(-90),
    });
    const { api } = renderConsole('/admin/deliveries', {
      api: { [QUEUE]: { reports: [anAdminNdrRow(), late] } },
    });
    await screen.findByRole('heading', { level: 1, name: 'Failed deliveries' }, loading);
    await screen.findByRole('listitem', { name: 'Order OM-NDR00001' }, loading);
    expect(api.callsTo(QUEUE)[0]?.path).toBe('/api/admin/ndr?state=open');
    const tabs = screen.getByRole('navigation', { name: 'Filter by state' });
    expect(within(tabs).getByRole('link', { name: 'Open' }).getAttribute('aria-current')).toBe('page');

    const first = card('OM-NDR00001');
    expect(within(first).getByRole('link', { name: 'Order OM-NDR00001' }).getAttribute('href')).toBe(
      '/admin/orders/order-ndr-1',
    );
    expect(within(first).getByText('Waiting for a choice')).toBeTruthy();
    expect(within(first).getByText(/· 5 hours 30 minutes left$/)).toBeTruthy();
    expect(detail(first, 'Customer')).toBe('Asha Verma');
    expect(within(first).getByRole('link', { name: '+91 98765 43211' }).getAttribute('href')).toBe(
      'tel:+919876543211',
    );
    expect(detail(first, 'Reason')).toBe(
      'Nobody was available to receive the parcel (“Door locked, customer not answering”)',
    );
    expect(detail(first, 'Attempts')).toBe('1 of 3');
    expect(detail(first, 'Courier')).toBe('Delhivery Surface');
    expect(detail(first, 'AWB')).toBe('SRAWB100001');
    expect(detail(first, 'Pincode')).toBe('411001');
    expect(detail(first, 'Payment')).toBe('Cash on delivery');
    expect(detail(first, 'Raised')).toBe('8 Dec 2026, 2:50 pm IST');
    expect(detail(first, 'Choice')).toBe('None yet');

    const second = card('OM-NDR00002');
    expect(within(second).getByText(/· Past the deadline$/)).toBeTruthy();
    expect(detail(second, 'Reason')).toBe('The courier could not find the address');
    expect(detail(second, 'Attempts')).toBe('2 of 3');
    expect(detail(second, 'Courier')).toBe('Not known');
    expect(detail(second, 'Payment')).toBe('Prepaid');
  });

  it('lists the closed reports with what was chosen, by whom, and when it reached the courier; nothing to act on', async () => {
    const returned = anAdminNdrRow({
      status: 'returned',
      choice: {
        action: 'return',
        date: null,
        phone: null,
        addressLine: null,
        by: 'default',
        at: '2026-12-09T04:30:00.000Z',
      },
      sentToCourierAt: '2026-12-09T04:31:00.000Z',
    });
    const delivered = anAdminNdrRow({
      id: 'ndr-3',
      orderNumber: 'OM-NDR00003',
      status: 'delivered',
      choice: {
        action: 'reattempt',
        date: '2026-12-10',
        phone: '9123456780',
        addressLine: 'Opposite the temple',
        by: 'staff',
        at: '2026-12-09T05:00:00.000Z',
      },
      sentToCourierAt: null,
    });
    const { api } = renderConsole('/admin/deliveries?state=closed', {
      api: { [QUEUE]: { reports: [returned, delivered] } },
    });
    await screen.findByRole('listitem', { name: 'Order OM-NDR00001' }, loading);
    expect(api.callsTo(QUEUE)[0]?.path).toBe('/api/admin/ndr?state=closed');
    const first = card('OM-NDR00001');
    expect(within(first).getByText('Returned to us')).toBeTruthy();
    expect(detail(first, 'Choice')).toBe(
      'Send the parcel back and cancel the order, by the default at the deadline (9 Dec 2026, 10:00 am IST)',
    );
    expect(detail(first, 'Sent to the courier')).toBe('9 Dec 2026, 10:01 am IST');
    const second = card('OM-NDR00003');
    expect(detail(second, 'Choice')).toBe(
      'Deliver again on Thursday, 10 December, by staff, after a call (9 Dec 2026, 10:30 am IST); phone +91 91234 56780; “Opposite the temple”',
    );
    expect(detail(second, 'Sent to the courier')).toBe('Not yet');
    expect(screen.queryByRole('button', { name: 'Act for the shopper' })).toBeNull();
    // No time left on a settled report.
    expect(within(first).queryByText(/left$/)).toBeNull();
  });

  it('says when a tab is empty', async () => {
    renderConsole('/admin/deliveries', { api: { [QUEUE]: { reports: [] } } });
    expect(await screen.findByText('No failed deliveries are open.', {}, loading)).toBeTruthy();
  });

  it('says when no report has closed', async () => {
    renderConsole('/admin/deliveries?state=closed', { api: { [QUEUE]: { reports: [] } } });
    expect(await screen.findByText('No failed deliveries have closed yet.', {}, loading)).toBeTruthy();
  });

  it('refuses to send without a choice or a note, in the rules’ words', async () => {
    const { api } = renderConsole('/admin/deliveries', { api: { [QUEUE]: { reports: [anAdminNdrRow()] } } });
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save the choice' }));
    expect(within(dialog).getByText('Please choose: deliver again, or cancel the order.')).toBeTruthy();
    expect(within(dialog).getByText(ndrMessages.noteRequired)).toBeTruthy();
    expect(
      within(dialog).getByLabelText('What was agreed on the call (required)').getAttribute('aria-invalid'),
    ).toBe('true');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Deliver again' }));
    await userEvent.type(within(dialog).getByLabelText('What was agreed on the call (required)'), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save the choice' }));
    expect(within(dialog).getByText(ndrMessages.dateNotOffered)).toBeTruthy();
    expect(within(dialog).getByText(ndrMessages.noteRequired)).toBeTruthy();
    expect(api.callsTo(ACT)).toHaveLength(0);
  });

  it('delivers again on a day the shopper agreed, with a landmark and the note; the row updates and a toast says so', async () => {
    const [, second] = nextIndianDays(3);
    let reads = 0;
    const chosen = anAdminNdrRow({
      status: 'reattempt_requested',
      choice: {
        action: 'reattempt',
        date: second ?? '',
        phone: null,
        addressLine: 'Behind the bakery',
        by: 'staff',
        at: '2026-12-08T10:00:00.000Z',
      },
    });
    const { api } = renderConsole('/admin/deliveries', {
      api: {
        [QUEUE]: () => ({ reports: [++reads === 1 ? anAdminNdrRow() : chosen] }),
        [ACT]: anNdrView({ status: 'reattempt_requested', choice: chosen.choice, canChoose: false }),
      },
    });
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Deliver again' }));
    const days = within(dialog).getByRole('group', { name: 'Choose a day' });
    expect(within(days).getAllByRole('radio')).toHaveLength(3);
    await userEvent.click(within(days).getByRole('radio', { name: formatCalendarDay(second ?? '') }));
    expect((within(dialog).getByLabelText('Phone for the courier') as HTMLInputElement).value).toBe(
      '9876543211',
    );
    expect(within(dialog).getByText(ndrMessages.pincodeFixed)).toBeTruthy();
    await userEvent.type(
      within(dialog).getByLabelText('Landmark or address line (optional)'),
      'Behind the bakery',
    );
    await userEvent.type(
      within(dialog).getByLabelText('What was agreed on the call (required)'),
      ' Called at 3 pm; she is home on that day. ',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save the choice' }));

    await waitFor(() =>
      expect(api.callsTo(ACT).map((call) => call.body)).toEqual([
        {
          action: 'reattempt',
          date: second,
          addressLine: 'Behind the bakery',
          note: 'Called at 3 pm; she is home on that day.',
        },
      ]),
    );
    expect(
      await screen.findByText(`Order OM-NDR00001: Deliver again on ${formatCalendarDay(second ?? '')}.`),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(within(card('OM-NDR00001')).getByText('Delivering again')).toBeTruthy());
    expect(detail(card('OM-NDR00001'), 'Choice')).toMatch(/^Deliver again on .*, by staff, after a call/);
    expect(within(card('OM-NDR00001')).queryByRole('button', { name: 'Act for the shopper' })).toBeNull();
  });

  it("cancels a prepaid order for the shopper: the refund's words, then the toast", async () => {
    const { api } = renderConsole('/admin/deliveries', {
      api: {
        [QUEUE]: { reports: [anAdminNdrRow({ paymentMethod: 'online' })] },
        [ACT]: anNdrView({
          paymentMethod: 'online',
          status: 'return_requested',
          canChoose: false,
          choice: {
            action: 'return',
            date: null,
            phone: null,
            addressLine: null,
            by: 'staff',
            at: '2026-12-08T10:00:00.000Z',
          },
        }),
      },
    });
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Cancel the order' }));
    expect(within(dialog).getByText(ndrMessages.prepaidRefund)).toBeTruthy();
    expect(within(dialog).queryByRole('group', { name: 'Choose a day' })).toBeNull();
    await userEvent.type(
      within(dialog).getByLabelText('What was agreed on the call (required)'),
      'Moved away.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save the choice' }));
    expect(
      await screen.findByText('Order OM-NDR00001: Send the parcel back and cancel the order.'),
    ).toBeTruthy();
    expect(api.callsTo(ACT).map((call) => call.body)).toEqual([{ action: 'return', note: 'Moved away.' }]);
  });

  it("shows the server's refusal inside the dialog, which stays open", async () => {
    renderConsole('/admin/deliveries', {
      api: {
        [QUEUE]: { reports: [anAdminNdrRow()] },
        [ACT]: () => jsonReply(409, { success: false, message: ndrMessages.alreadyChosen }),
      },
    });
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Cancel the order' }));
    expect(within(dialog).getByText(ndrMessages.codNothingToPay)).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('What was agreed on the call (required)'), 'Refused.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save the choice' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(ndrMessages.alreadyChosen);
    expect((dialog as HTMLDialogElement).open).toBe(true);
  });
});
