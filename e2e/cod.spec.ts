import { codMessages } from '../contracts/cod-rules';
import { expect, test } from './fixtures';
import { aShopper, latestOtp, signInBrowser } from './support/accounts';
import { expectNoAxeViolations, phoneViewport } from './support/axe';
import { journeyCodRules, setCodRules, turnCodOff } from './support/cod';
import { signInOwnerByCookie } from './support/console-journeys';
import { fillCart, orderOf, pickupScheduled, shiprocketSimulatorOf } from './support/shop';

// docs/product.md#cash-on-delivery on a phone: a shopper chooses cash on delivery, leaves the OTP dialog, and
// confirms from My Orders with a new OTP from the dev outbox, the simulated courier delivers and collects the cash,
// and My Orders shows it paid; a second order over the shop's maximum is refused COD with the reason shown; the
// owner finds its cash due from the courier on the console's Cash on delivery page. axe-core on the payment choice
// (offered and refused), the OTP dialog and the confirm-link page. The choice's other states are
// web/app/routes/checkout-cod.test.tsx's; the rules' matrix is server/flows/cod-orders.test.ts's.

test.use({ viewport: phoneViewport });

test('on a phone: cash on delivery chosen, confirmed by OTP, delivered and paid; over the maximum, refused with why', async ({
  page,
  context,
  server,
}) => {
  // A checkout, the shipment job and the courier's whole road: more than one test's time.
  test.slow();
  await setCodRules(server, journeyCodRules);
  try {
    const shopper = await signInBrowser(page, server, aShopper({ phoneVerified: true }));
    // One Face Mitt: ₹239 and ₹100 shipping, ₹339; with the ₹49 fee, ₹388.
    await fillCart(page.request, [{ id: 1, quantity: 1 }]);
    await page.goto('/checkout');
    const cod = page.getByRole('radio', { name: /Cash on delivery/ });
    await expect(cod).toBeEnabled();
    await expect(page.getByRole('radio', { name: codMessages.payOnline })).toBeChecked();
    await cod.check();
    await expect(page.getByText(codMessages.nudge(4900))).toBeVisible();
    await expect(page.locator('.place-order__bar')).toHaveText('Total ₹388PLACE ORDER');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'PLACE ORDER' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm your order' });
    await expect(dialog.getByRole('status')).toHaveText(
      codMessages.otpSent(`******${shopper.mobile.slice(-4)}`),
    );
    await expectNoAxeViolations(page, 'dialog[open]');
    // The shopper leaves it for now; My Orders asks for the confirmation (a new OTP once the resend interval
    // has passed; before it, the dialog says so and the first OTP still confirms).
    await page.keyboard.press('Escape');
    await page.goto('/orders');
    const awaiting = page
      .getByRole('article')
      .filter({ hasText: 'Please confirm this cash-on-delivery order' });
    await expect(awaiting).toBeVisible();
    await expectNoAxeViolations(page);
    const orderId = (await awaiting.getAttribute('aria-labelledby'))?.replace(/^order-/, '') ?? '';
    expect(orderId).toMatch(/^[0-9a-f-]{36}$/);
    await awaiting.getByRole('button', { name: 'Confirm order' }).click();
    const again = page.getByRole('dialog', { name: 'Confirm your order' });
    await expect(again.getByRole('status')).not.toBeEmpty();
    await expectNoAxeViolations(page, 'dialog[open]');
    await again.getByLabel('OTP').fill(await latestOtp(page.request, shopper.mobile));
    await again.getByRole('button', { name: 'CONFIRM ORDER' }).click();
    await expect(again).toBeHidden();
    const confirmed = page.locator(`article[aria-labelledby="order-${orderId}"]`);
    await expect(confirmed.getByText('Confirmed').first()).toBeVisible();
    await expect(confirmed.getByRole('button', { name: 'Confirm order' })).toHaveCount(0);

    // The shipment job books it as COD; the simulated courier delivers it and collects the cash.
    const booked = await pickupScheduled(page.request, orderId);
    shiprocketSimulatorOf(server).move(Number(booked.shipment?.shiprocketShipmentId), 'delivered');
    await expect
      .poll(async () => (await orderOf(page.request, orderId)).paymentStatus, { timeout: 20_000 })
      .toBe('collected');
    await page.goto('/orders');
    const card = page.getByRole('article').filter({ hasText: booked.orderNumber });
    await expect(card.getByText('Paid (cash on delivery)').first()).toBeVisible();
    await expect(card.getByText('Delivered').first()).toBeVisible();

    // A second order over the ₹1,000 maximum: two Luxury Mitts Black, ₹1,198.
    await fillCart(page.request, [{ id: 7, quantity: 2 }]);
    await page.goto('/checkout');
    const refused = page.getByRole('radio', { name: /Cash on delivery/ });
    await expect(refused).toBeDisabled();
    await expect(page.getByText(codMessages.aboveMaximum(100_000))).toBeVisible();
    await expectNoAxeViolations(page);

    // The confirm link's page, for a link that is no good.
    await page.goto('/cod/confirm?token=no-such-link');
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm your order' })).toBeVisible();
    await page.getByRole('button', { name: 'CONFIRM MY ORDER' }).click();
    await expect(page.getByRole('alert')).toHaveText(codMessages.linkInvalid);
    await expectNoAxeViolations(page);

    // The owner sees the delivered order's cash as due from the courier (docs/product.md#cod-remittances).
    await signInOwnerByCookie(context, server, 'Asha Rao');
    await page.goto('/admin/cod');
    const due = page.getByRole('list', { name: 'Cash due' });
    await expect(due.getByRole('link', { name: booked.orderNumber })).toBeVisible();
  } finally {
    await turnCodOff(server);
  }
});
