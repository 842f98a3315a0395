import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../../../contracts/orders';
import { returnMessages } from '../../../../contracts/returns';
import { jsonReply } from '../../../test/fake-api';
import { anOrder, shipmentUpdatesOf } from '../../../test/orders';
import { renderShop } from '../../../test/render-shop';
import { anOffer, aReturn, orderReturnsReply } from '../../../test/returns';
import { aUser } from '../../../test/users';

configure({ asyncUtilTimeout: 5_000 });

// docs/product.md#returns: "Return or replace" on the order page, its dialog's states, why it is not offered,
// and a return's progress. The journey against the real server is e2e/returns.spec.ts.

function renderOrderWithReturns(order: Order, returns: object | ((call: { body: unknown }) => object)) {
  return renderShop(`/orders/${order.orderId}`, {
    user: aUser(),
    api: {
      [`GET /api/orders/${order.orderId}`]: { order },
      [`GET /api/orders/shipment-updates/${order.orderId}`]: shipmentUpdatesOf(order),
      [`GET /api/orders/${order.orderId}/documents`]: { invoice: null, creditNotes: [] },
      [`GET /api/orders/${order.orderId}/returns`]: returns,
    },
  });
}

const delivered = () => anOrder({ status: 'delivered' });

async function openDialog() {
  await userEvent.click(
    await screen.findByRole('button', { name: 'Return or replace' }, { timeout: 10_000 }),
  );
  return screen.findByRole('dialog');
}

describe('returns on the order page', { timeout: 30_000 }, () => {
  it('explains why returns are not offered once the window closed', async () => {
    const order = delivered();
    renderOrderWithReturns(
      order,
      orderReturnsReply({
        offer: { offered: false, message: returnMessages.windowClosed('8 July 2026', 7) },
      }),
    );
    expect(
      await screen.findByText(returnMessages.windowClosed('8 July 2026', 7), {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Return or replace' })).toBeNull();
  });

  it('tells the slips at once: no item, no reason, no photo for damage', async () => {
    const order = delivered();
    const { api } = renderOrderWithReturns(order, orderReturnsReply());
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(returnMessages.noItems);
    await userEvent.selectOptions(within(dialog).getByLabelText('Face Mitt (Size M)'), '1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(returnMessages.reasonRequired);
    await userEvent.selectOptions(
      within(dialog).getByLabelText('Why are you returning them?'),
      'damaged_in_transit',
    );
    expect(within(dialog).getByRole('radio', { name: 'A free replacement' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(returnMessages.photosRequired);
    expect(api.callsTo(`POST /api/orders/${order.orderId}/returns`)).toEqual([]);
  });

  it('sends the request with its photo and shows the server’s answer; a refusal is shown in the dialog', async () => {
    const order = delivered();
    const { api } = renderOrderWithReturns(order, orderReturnsReply());
    let refuse = true;
    api.on({
      [`POST /api/orders/${order.orderId}/return-photos`]: jsonReply(201, {
        message: 'Photo added.',
        photo: {
          photoId: 'photo-1',
          url: '/api/orders/order-1/return-photos/photo-1/800',
          thumbnailUrl: '/api/orders/order-1/return-photos/photo-1/400',
        },
      }),
      [`POST /api/orders/${order.orderId}/returns`]: () =>
        refuse
          ? jsonReply(422, { message: returnMessages.tooManyUnits('Face Mitt', 1) })
          : jsonReply(201, {
              message: 'Your return request is in. We will reply within a day.',
              return: aReturn(),
            }),
    });
    const dialog = await openDialog();
    await userEvent.selectOptions(within(dialog).getByLabelText('Face Mitt (Size M)'), '1');
    await userEvent.selectOptions(
      within(dialog).getByLabelText('Why are you returning them?'),
      'damaged_in_transit',
    );
    const file = new File(['png'], 'crushed.png', { type: 'image/png' });
    await userEvent.upload(within(dialog).getByLabelText(/^Photos/), file);
    expect(await within(dialog).findByRole('img', { name: 'Your upload 1 of 1' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      returnMessages.tooManyUnits('Face Mitt', 1),
    );

    refuse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Your return request is in. We will reply within a day.')).toBeTruthy();
    const sent = api.callsTo(`POST /api/orders/${order.orderId}/returns`);
    expect(sent).toHaveLength(2);
    // One request, retried with the same key.
    expect(sent[0]?.headers.get('Idempotency-Key')).toBe(sent[1]?.headers.get('Idempotency-Key'));
    expect(sent[1]?.body).toEqual({
      lines: [{ lineId: 'line-1', units: 1 }],
      reason: 'damaged_in_transit',
      resolution: 'refund',
      note: '',
      photoIds: ['photo-1'],
    });
  });

  it('collects from the delivery address, or from another one the shopper gives', async () => {
    const order = delivered();
    const { api } = renderOrderWithReturns(order, orderReturnsReply());
    api.on({
      'GET /api/delivery/411001': {
        pincode: '411001',
        serviceable: true,
        deliverBy: '2026-03-06',
        label: 'Delivery by Friday, 6 Mar',
      },
      [`POST /api/orders/${order.orderId}/returns`]: jsonReply(201, {
        message: 'Your return request is in. We will reply within a day.',
        return: aReturn(),
      }),
    });
    const dialog = await openDialog();
    const pickup = within(dialog).getByRole('group', { name: 'Pickup address' });
    expect(pickup.textContent).toContain('12 Silk Lane, Koregaon Park, Pune, 411001');
    await userEvent.click(within(pickup).getByRole('checkbox', { name: 'Collect from another address' }));
    const house = within(pickup).getByLabelText('House Name');
    await userEvent.clear(house);
    await userEvent.type(house, 'Office, 4th floor');
    await userEvent.selectOptions(within(dialog).getByLabelText('Body Mitt (Size L)'), '2');
    await userEvent.selectOptions(within(dialog).getByLabelText('Why are you returning them?'), 'other');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await screen.findByText('Your return request is in. We will reply within a day.');
    expect(api.callsTo(`POST /api/orders/${order.orderId}/returns`)[0]?.body).toMatchObject({
      lines: [{ lineId: 'line-2', units: 2 }],
      pickupAddress: { firstName: 'Asha', houseName: 'Office, 4th floor', pincode: '411001' },
    });
  });

  it('asks a cash-on-delivery order for the UPI ID the refund goes to', async () => {
    const order = delivered();
    renderOrderWithReturns(order, orderReturnsReply({ offer: anOffer({ needsUpiId: true }) }));
    const dialog = await openDialog();
    await userEvent.selectOptions(within(dialog).getByLabelText('Face Mitt (Size M)'), '1');
    await userEvent.selectOptions(
      within(dialog).getByLabelText('Why are you returning them?'),
      'not_as_described',
    );
    await userEvent.type(within(dialog).getByLabelText('UPI ID for your refund'), 'asha');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(returnMessages.upiInvalid);
  });

  it('shows a return’s progress and the replacement order it made', async () => {
    const order = delivered();
    const replacement = aReturn({
      status: 'replacement_shipped',
      statusLabel: 'Replacement shipped',
      resolution: 'replacement',
      replacementOrder: { orderId: 'order-2', orderNumber: 'OM-REPLACE1' },
      steps: [
        { status: 'requested', label: 'Return requested', at: '2026-07-03T09:30:00.000Z', detail: null },
        {
          status: 'replacement_shipped',
          label: 'Replacement shipped',
          at: '2026-07-03T10:30:00.000Z',
          detail: null,
        },
      ],
    });
    renderOrderWithReturns(order, orderReturnsReply({ returns: [replacement] }));
    const steps = await screen.findByRole(
      'list',
      { name: `Progress of return ${replacement.number}` },
      { timeout: 10_000 },
    );
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((step) => step.textContent?.split(' ')[0]),
    ).toEqual(['Return', 'Replacement']);
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'OM-REPLACE1' }).getAttribute('href')).toBe('/orders/order-2'),
    );
  });

  it('shows the photos sent with a return, read from the shopper’s own photo route', async () => {
    const order = delivered();
    const sent = aReturn();
    renderOrderWithReturns(order, orderReturnsReply({ returns: [sent] }));
    const photos = await screen.findByRole(
      'list',
      { name: `Your photos for return ${sent.number}` },
      { timeout: 10_000 },
    );
    const photo = within(photos).getByRole('img', { name: 'Upload 1 of 1' });
    expect(photo.getAttribute('src')).toBe('/api/orders/order-1/return-photos/photo-1/400');
    expect(photo.closest('a')?.getAttribute('href')).toBe('/api/orders/order-1/return-photos/photo-1/800');
  });
});
