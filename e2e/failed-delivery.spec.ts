import { ndrMessages, ndrReasonLabels } from '../contracts/ndr-rules';
import { readOutbox } from '../server/test/dev-outbox';
import { expect, test } from './fixtures';
import { aShopper, latestOtp, signInBrowser } from './support/accounts';
import { expectNoAxeViolations, phoneViewport } from './support/axe';
import { journeyCodRules, placeCodOrderOf, setCodRules, turnCodOff } from './support/cod';
import { signInOwnerByCookie } from './support/console-journeys';
import { apiHeaders, fillCart, orderOf, pickupScheduled, shiprocketSimulatorOf } from './support/shop';

// Issue 48's journey on a phone (docs/product.md#failed-deliveries): the simulated courier cannot deliver a
// confirmed COD parcel; the shopper opens the link of the "could not deliver" e-mail (the dev outbox) without
// signing in, picks tomorrow with a landmark, and the parcel is delivered on the re-attempt; the owner's queue
// then lists it under Closed as delivered. axe-core on the delivery page (before and after the choice) and the
// console's queue. The page's and the queue's other states are component tests (web/app/routes/delivery.test.tsx,
// web/app/routes/admin/admin-deliveries.test.tsx); the rules, races and the deadline are
// server/http/shop/delivery-issue.test.ts's.

test.use({ viewport: phoneViewport });

test('on a phone: a COD parcel not delivered is delivered again on the day the shopper chose from the message', async ({
  page,
  context,
  server,
}) => {
  // A COD order, its booking and the courier's road: more than one test's time.
  test.slow();
  await setCodRules(server, journeyCodRules);
  try {
    const shopper = await signInBrowser(page, server, aShopper({ phoneVerified: true }));
    await fillCart(page.request, [{ id: 1, quantity: 1 }]);
    const placed = await placeCodOrderOf(page.request);
    const confirmed = await page.request.post('/api/cod/confirm', {
      headers: apiHeaders,
      data: { orderId: placed.orderId, otp: await latestOtp(page.request, shopper.mobile) },
    });
    expect(confirmed.status(), await confirmed.text()).toBe(200);

    // The courier takes the parcel out for delivery, and its attempt fails.
    const booked = await pickupScheduled(page.request, placed.orderId);
    const shipmentId = Number(booked.shipment?.shiprocketShipmentId);
    const simulator = shiprocketSimulatorOf(server);
    for (let step = 0; step < 8; step++) {
      if (simulator.move(shipmentId, 'next').some((moved) => moved.statusId === 17)) break;
    }
    await expect
      .poll(async () => (await orderOf(page.request, placed.orderId)).shipment?.stage)
      .toBe('out_for_delivery');
    simulator.raiseNdr(shipmentId, 'Customer not available');
    expect(simulator.move(shipmentId, 'next').map((moved) => moved.statusId)).toEqual([21]);

    // At once, an e-mail with the link to choose.
    let link = '';
    await expect
      .poll(async () => {
        const mail = (await readOutbox(page.request, shopper.email)).find((message) =>
          message.subject.startsWith('We could not deliver'),
        );
        link = mail?.body.match(/\/delivery\?token=[\w%-]+/)?.[0] ?? '';
        return link;
      })
      .not.toBe('');

    // The link needs no session: a fresh page of the shopper's phone.
    const phone = await context.browser()?.newPage({ viewport: phoneViewport });
    if (!phone) throw new Error('no browser to open the link in');
    await phone.goto(link);
    await expect(phone.getByRole('heading', { level: 1, name: ndrMessages.pageTitle })).toBeVisible();
    await expect(phone.getByText(ndrReasonLabels.customer_unavailable)).toBeVisible();
    await expectNoAxeViolations(phone);
    const again = phone.getByRole('form', { name: ndrMessages.deliverAgain });
    const days = again.getByRole('group', { name: ndrMessages.chooseDay });
    const tomorrow = days.getByRole('radio').first();
    const tomorrowLabel = (await days.locator('label').first().textContent()) ?? '';
    await tomorrow.check();
    await again.getByLabel(`${ndrMessages.addressLineLabel} (optional)`).fill('Opposite the Hanuman temple');
    await again.getByRole('button', { name: ndrMessages.deliverAgain }).click();
    await expect(
      phone.getByRole('status').filter({ hasText: 'The courier will deliver again on' }),
    ).toHaveText(ndrMessages.reattemptChosen.replace('{date}', tomorrowLabel.trim()));
    await expectNoAxeViolations(phone);
    await phone.close();

    // My Orders says the new day; the courier comes back and delivers.
    await expect
      .poll(async () => (await orderOf(page.request, placed.orderId)).deliveryIssue?.status)
      .toBe('reattempt_requested');
    await page.goto('/orders');
    const card = page.getByRole('article').filter({ hasText: booked.orderNumber });
    await expect(
      card.getByText('Delivery attempt 1 of 3 failed: Nobody was available to receive the parcel.'),
    ).toBeVisible();
    await expect(
      card.getByText(`Status: Delivering again. New delivery date: ${tomorrowLabel.trim()}`),
    ).toBeVisible();
    simulator.move(shipmentId, 'delivered');
    await expect.poll(async () => (await orderOf(page.request, placed.orderId)).status).toBe('delivered');

    // The owner's queue lists it among the closed reports, delivered, chosen by the shopper.
    await signInOwnerByCookie(context, server, 'Asha Rao');
    await page.goto('/admin/deliveries?state=closed');
    const report = page.getByRole('listitem', { name: `Order ${booked.orderNumber}` });
    await expect(report.getByText('Delivered', { exact: true })).toBeVisible();
    await expect(report.getByText(/by the shopper/)).toBeVisible();
    await expect(report.getByText(/Opposite the Hanuman temple/)).toBeVisible();
    await expectNoAxeViolations(page);
  } finally {
    await turnCodOff(server);
  }
});
