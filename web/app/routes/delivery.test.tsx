import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../contracts/messages';
import { NDR_LINK_HEADER, type NdrView, ndrMessages } from '../../../contracts/ndr-rules';
import { deferred } from '../../test/deferred';
import { jsonReply } from '../../test/fake-api';
import { anNdrView, minutesFromNow } from '../../test/ndr';
import { renderShop } from '../../test/render-shop';
import { aUser } from '../../test/users';

// Routes load their code lazily, which takes a few seconds in happy-dom on a busy machine.
configure({ asyncUtilTimeout: 10_000 });

// docs/product.md#failed-deliveries: the failed delivery's page, opened by the message's link or from My Orders,
// in each of its states.

const GET = 'GET /api/delivery-issue';
const CHOOSE = 'POST /api/delivery-issue/choice';

function chosen(view: NdrView, choice: NdrView['choice'], status: NdrView['status']): NdrView {
  return { ...view, choice, status, canChoose: false };
}

async function page() {
  await screen.findByRole('heading', { level: 1, name: 'Your delivery' });
  return screen.findByRole('heading', { level: 2, name: 'What happened' });
}

describe('the failed delivery page', { timeout: 30_000 }, () => {
  it('says loading while the delivery is read', async () => {
    const reply = deferred<NdrView>();
    renderShop('/delivery?token=t1', { api: { [GET]: () => reply.promise } });
    expect((await screen.findByText('Loading your delivery…')).getAttribute('role')).toBe('status');
    reply.resolve(anNdrView());
    await page();
  });

  it("shows the link's delivery: the order, what happened, the attempt, the time left and both choices", async () => {
    const { api } = renderShop('/delivery?token=t1', { api: { [GET]: anNdrView() } });
    await page();
    expect(screen.getByText('Order OM-NDR00001')).toBeTruthy();
    expect(screen.getByText('Nobody was available to receive the parcel')).toBeTruthy();
    expect(screen.getByText('“Door locked, customer not answering”')).toBeTruthy();
    expect(screen.getByText('Delivery attempt 1 of 3, Tue, 8 Dec, 2:45 pm IST')).toBeTruthy();
    expect(screen.getByText('Waiting for a choice')).toBeTruthy();
    expect(screen.getByText(/\(5 hours 30 minutes left\)\./).textContent).toContain(
      ndrMessages.defaultAtDeadline,
    );
    // The link's token stands in for a session.
    expect(api.callsTo(GET)[0]?.headers.get(NDR_LINK_HEADER)).toBe('t1');

    const again = screen.getByRole('form', { name: 'Deliver again' });
    const days = within(again).getByRole('group', { name: 'Choose a day' });
    expect(
      within(days)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Wednesday, 9 December', 'Thursday, 10 December', 'Friday, 11 December']);
    expect(
      within(days)
        .getAllByRole('radio')
        .some((radio) => (radio as HTMLInputElement).checked),
    ).toBe(false);
    expect((within(again).getByLabelText('Phone for the courier') as HTMLInputElement).value).toBe(
      '9876543211',
    );
    expect(
      (within(again).getByLabelText('Landmark or address line (optional)') as HTMLInputElement).maxLength,
    ).toBe(100);
    expect(within(again).getByText('411001')).toBeTruthy();
    expect(within(again).getByText(ndrMessages.pincodeFixed)).toBeTruthy();
    const back = screen.getByRole('form', { name: 'Cancel the order' });
    expect(within(back).getByText(ndrMessages.codNothingToPay)).toBeTruthy();
    expect(within(back).queryByText(ndrMessages.prepaidRefund)).toBeNull();
  });

  it('asks again on the page, without sending, for no day, a phone that is not a mobile, or a long landmark', async () => {
    const { api } = renderShop('/delivery?token=t1', { api: { [GET]: anNdrView() } });
    await page();
    const again = screen.getByRole('form', { name: 'Deliver again' });
    const phone = within(again).getByLabelText('Phone for the courier');
    await userEvent.clear(phone);
    await userEvent.type(phone, '12345');
    await userEvent.click(within(again).getByRole('button', { name: 'Deliver again' }));
    expect(within(again).getByText('Please choose one of the next 3 days.')).toBeTruthy();
    expect(within(again).getByRole('group', { name: 'Choose a day' }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(within(again).getByText(messages.phoneTenDigits)).toBeTruthy();
    // A pasted line past the field's 100 characters (a browser's maxlength does not stop a script).
    fireEvent.change(within(again).getByLabelText('Landmark or address line (optional)'), {
      target: { value: 'x'.repeat(101) },
    });
    await userEvent.click(within(again).getByRole('button', { name: 'Deliver again' }));
    expect(within(again).getByText(ndrMessages.addressLineTooLong)).toBeTruthy();
    expect(api.callsTo(CHOOSE)).toHaveLength(0);
  });

  it('sends a re-attempt with the day, a changed phone and a landmark, then confirms it with the focus on it', async () => {
    const view = anNdrView();
    const { api } = renderShop('/delivery?token=t1', {
      api: {
        [GET]: view,
        [CHOOSE]: chosen(
          view,
          {
            action: 'reattempt',
            date: '2026-12-10',
            phone: '9123456780',
            addressLine: 'Opposite the temple',
            by: 'shopper',
            at: '2026-12-08T10:00:00.000Z',
          },
          'reattempt_requested',
        ),
      },
    });
    await page();
    const again = screen.getByRole('form', { name: 'Deliver again' });
    await userEvent.click(within(again).getByRole('radio', { name: 'Thursday, 10 December' }));
    const phone = within(again).getByLabelText('Phone for the courier');
    await userEvent.clear(phone);
    await userEvent.type(phone, '+91 91234 56780');
    await userEvent.type(
      within(again).getByLabelText('Landmark or address line (optional)'),
      ' Opposite the temple ',
    );
    await userEvent.click(within(again).getByRole('button', { name: 'Deliver again' }));

    const confirmation = await screen.findByText(
      'Thank you. The courier will deliver again on Thursday, 10 December.',
    );
    expect(confirmation.closest('[role="status"]')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(confirmation));
    expect(api.callsTo(CHOOSE).map((call) => call.body)).toEqual([
      { action: 'reattempt', date: '2026-12-10', phone: '9123456780', addressLine: 'Opposite the temple' },
    ]);
    expect(api.callsTo(CHOOSE)[0]?.headers.get(NDR_LINK_HEADER)).toBe('t1');
    // The choices are gone; what was chosen stays.
    expect(screen.queryByRole('form', { name: 'Deliver again' })).toBeNull();
    expect(screen.getByText('Deliver again on Thursday, 10 December')).toBeTruthy();
    expect(screen.getByText('Delivering again')).toBeTruthy();
  });

  it('sends the day alone when the phone stays, and one press however fast the second comes', async () => {
    const view = anNdrView();
    const reply = deferred<Response>();
    const { api } = renderShop('/delivery?token=t1', { api: { [GET]: view, [CHOOSE]: () => reply.promise } });
    await page();
    const again = screen.getByRole('form', { name: 'Deliver again' });
    await userEvent.click(within(again).getByRole('radio', { name: 'Wednesday, 9 December' }));
    const button = within(again).getByRole('button', { name: 'Deliver again' });
    await userEvent.click(button);
    await userEvent.click(button);
    expect((button as HTMLButtonElement).disabled).toBe(true);
    reply.resolve(
      Response.json(
        chosen(
          view,
          {
            action: 'reattempt',
            date: '2026-12-09',
            phone: null,
            addressLine: null,
            by: 'shopper',
            at: '2026-12-08T10:00:00.000Z',
          },
          'reattempt_requested',
        ),
      ),
    );
    await screen.findByText('Thank you. The courier will deliver again on Wednesday, 9 December.');
    expect(api.callsTo(CHOOSE).map((call) => call.body)).toEqual([
      { action: 'reattempt', date: '2026-12-09' },
    ]);
  });

  it("cancels a prepaid order: the refund's words, then the return's confirmation", async () => {
    const view = anNdrView({ paymentMethod: 'online' });
    const { api } = renderShop('/delivery?token=t1', {
      api: {
        [GET]: view,
        [CHOOSE]: chosen(
          view,
          {
            action: 'return',
            date: null,
            phone: null,
            addressLine: null,
            by: 'shopper',
            at: '2026-12-08T10:00:00.000Z',
          },
          'return_requested',
        ),
      },
    });
    await page();
    const back = screen.getByRole('form', { name: 'Cancel the order' });
    expect(within(back).getByText(ndrMessages.prepaidRefund)).toBeTruthy();
    expect(within(back).queryByText(ndrMessages.codNothingToPay)).toBeNull();
    await userEvent.click(within(back).getByRole('button', { name: 'Cancel the order' }));
    expect(await screen.findByText(ndrMessages.returnChosen)).toBeTruthy();
    expect(api.callsTo(CHOOSE).map((call) => call.body)).toEqual([{ action: 'return' }]);
    expect(screen.getByText('Send the parcel back and cancel the order')).toBeTruthy();
  });

  it('shows a choice already made: what, by whom and when, and no choices', async () => {
    renderShop('/delivery?token=t1', {
      api: {
        [GET]: chosen(
          anNdrView({ attempts: 2 }),
          {
            action: 'reattempt',
            date: '2026-12-11',
            phone: null,
            addressLine: 'Near the post office',
            by: 'staff',
            at: '2026-12-08T06:30:00.000Z',
          },
          'reattempt_requested',
        ),
      },
    });
    await page();
    const choice = screen.getByRole('region', { name: 'Your choice' });
    expect(within(choice).getByText('Deliver again on Friday, 11 December')).toBeTruthy();
    expect(within(choice).getByText('Landmark or address line: Near the post office')).toBeTruthy();
    expect(
      within(choice).getByText('Chosen by our team on Tue, 8 Dec, 12:00 pm IST, after a call with you.'),
    ).toBeTruthy();
    expect(screen.getByText(/^Delivery attempt 2 of 3/)).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it.each([
    ['delivered', 'Delivered'],
    ['returned', 'Returned to us'],
    ['return_requested', 'Coming back to us'],
  ] as const)('says where a settled delivery stands (%s) and offers no choice', async (status, label) => {
    renderShop('/delivery?token=t1', { api: { [GET]: anNdrView({ status, canChoose: false }) } });
    await page();
    expect(screen.getByText(label, { selector: 'dd' })).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    // Not waiting for a choice, so not "too late" either.
    expect(screen.queryByText(ndrMessages.tooLate)).toBeNull();
  });

  it("says the time has passed when the courier's deadline went by with no choice", async () => {
    renderShop('/delivery?token=t1', {
      api: { [GET]: anNdrView({ canChoose: false, respondBy: minutesFromNow(-90) }) },
    });
    await page();
    expect(screen.getByText(ndrMessages.tooLate)).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it("shows an expired link's refusal in the server's words", async () => {
    renderShop('/delivery?token=old', {
      api: { [GET]: () => jsonReply(401, { success: false, message: ndrMessages.linkExpired }) },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(ndrMessages.linkExpired);
    // The link's 401 is its own, not a signed-out session: the page stays.
    expect(screen.getByRole('heading', { level: 1, name: 'Your delivery' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Login' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('offers to try again after a network failure, and no retry for a refusal', async () => {
    let reads = 0;
    renderShop('/delivery?token=t1', {
      api: {
        [GET]: () => {
          reads += 1;
          if (reads === 1) throw new TypeError('Failed to fetch');
          return anNdrView();
        },
      },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not reach the shop. Please check your connection and try again.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await page();
    expect(reads).toBe(2);
  });

  it("shows a refused choice in the server's words and reads the delivery again", async () => {
    const view = anNdrView();
    let reads = 0;
    const { api } = renderShop('/delivery?token=t1', {
      api: {
        [GET]: () =>
          ++reads === 1
            ? view
            : chosen(
                view,
                {
                  action: 'return',
                  date: null,
                  phone: null,
                  addressLine: null,
                  by: 'staff',
                  at: '2026-12-08T09:40:00.000Z',
                },
                'return_requested',
              ),
        [CHOOSE]: () => jsonReply(409, { success: false, message: ndrMessages.alreadyChosen }),
      },
    });
    await page();
    await userEvent.click(
      within(screen.getByRole('form', { name: 'Cancel the order' })).getByRole('button', {
        name: 'Cancel the order',
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(ndrMessages.alreadyChosen);
    expect(await screen.findByText('Send the parcel back and cancel the order')).toBeTruthy();
    expect(api.callsTo(GET)).toHaveLength(2);
    expect(screen.queryByRole('form')).toBeNull();
  });

  it("opens a signed-in shopper's own order from My Orders, with the session and not a link", async () => {
    const view = anNdrView({ orderId: 'order-42' });
    const { api } = renderShop('/delivery?order=order-42', {
      user: aUser(),
      api: {
        'GET /api/orders/order-42/delivery-issue': view,
        'POST /api/orders/order-42/delivery-issue/choice': chosen(
          view,
          {
            action: 'return',
            date: null,
            phone: null,
            addressLine: null,
            by: 'shopper',
            at: '2026-12-08T10:00:00.000Z',
          },
          'return_requested',
        ),
      },
    });
    await page();
    expect(
      api.callsTo('GET /api/orders/order-42/delivery-issue')[0]?.headers.get(NDR_LINK_HEADER),
    ).toBeNull();
    await userEvent.click(
      within(screen.getByRole('form', { name: 'Cancel the order' })).getByRole('button', {
        name: 'Cancel the order',
      }),
    );
    expect(await screen.findByText(ndrMessages.returnChosen)).toBeTruthy();
    expect(api.callsTo('POST /api/orders/order-42/delivery-issue/choice')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Back to the order' }).getAttribute('href')).toBe(
      '/orders/order-42',
    );
  });

  it('sends a visitor opening an order without a link to sign in first', async () => {
    renderShop('/delivery?order=order-42');
    expect(await screen.findByRole('dialog', { name: 'Login' })).toBeTruthy();
  });

  it('says there is nothing to act on without a link or an order', async () => {
    renderShop('/delivery');
    expect((await screen.findByRole('alert')).textContent).toBe(ndrMessages.noIssue);
  });
});
