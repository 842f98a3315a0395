import { codAdvanceMessages } from '../contracts/cod-risk-rules';
import { codMessages } from '../contracts/cod-rules';
import { codRiskSettings } from '../server/db/schema';
import { DEFAULT_COD_RISK_SETTINGS } from '../server/modules/cod/cod-risk';
import { readOutbox } from '../server/test/dev-outbox';
import { expect, type ShopServer, test } from './fixtures';
import { aShopper, signInBrowser } from './support/accounts';
import { expectNoAxeViolations, phoneViewport } from './support/axe';
import { journeyCodRules, setCodRules, turnCodOff } from './support/cod';
import { fillCart, orderOf } from './support/shop';

// docs/product.md#part-paid-cod on a phone: with the owner asking a ₹99 advance of every COD order, a shopper
// chooses cash on delivery, reads what is paid now and what in cash, pays the advance by UPI in the simulated
// Checkout window, and the order is confirmed without an OTP. axe-core on the choice with its advance and on
// the page after paying. The choice's states are web/features/checkout/components/payment-choice.test.tsx's;
// the money (refunded on cancelling, netted at remittance) is server/flows/cod-orders.test.ts's.

test.use({ viewport: phoneViewport });

/** The worker's server is shared by the journeys it runs in turn: the defaults come back after. */
async function setAdvance(server: ShopServer, advanceFor: 'all' | 'risky') {
  const values = { ...DEFAULT_COD_RISK_SETTINGS, advanceFor, advanceKind: 'fixed' as const };
  await server.db
    .insert(codRiskSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: codRiskSettings.id, set: values });
}

test('on a phone: COD with a ₹99 advance, paid by UPI, confirms the order without an OTP', async ({
  page,
  server,
}) => {
  await setCodRules(server, journeyCodRules);
  await setAdvance(server, 'all');
  try {
    const shopper = await signInBrowser(page, server, aShopper({ phoneVerified: true }));
    // One Face Mitt: ₹239 and ₹100 shipping, ₹339; with the ₹49 fee, ₹388: ₹99 now, ₹289 in cash.
    await fillCart(page.request, [{ id: 1, quantity: 1 }]);
    await page.goto('/checkout');
    await page.getByRole('radio', { name: /Cash on delivery/ }).check();
    await expect(page.getByText(codAdvanceMessages.split(9_900, 28_900))).toBeVisible();
    await expect(page.getByText(codAdvanceMessages.terms)).toBeVisible();
    await expect(page.getByText(codMessages.nudge(4900))).toBeVisible();
    await expect(page.locator('.place-order__bar')).toHaveText('Total ₹388PLACE ORDER');
    await expectNoAxeViolations(page);

    const codes = async () =>
      (await readOutbox(page.request, shopper.mobile)).filter((message) => message.code).length;
    const codesBefore = await codes();
    await page.getByRole('button', { name: 'PLACE ORDER' }).click();
    const paymentWindow = page.getByRole('dialog', { name: 'Razorpay test mode' });
    await expect(paymentWindow.getByText('₹99')).toBeVisible();
    await paymentWindow.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Order Confirmed' })).toBeVisible();
    await expect(page.getByText('Pay ₹289.00 in cash on delivery.')).toBeVisible();
    await expectNoAxeViolations(page);
    const orderId = new URL(page.url()).searchParams.get('orderId') ?? '';
    const order = await orderOf(page.request, orderId);
    // Confirmed: the shipment job may have booked its parcel already.
    expect(['confirmed', 'processing']).toContain(order.status);
    expect(order).toMatchObject({
      paymentMethod: 'COD',
      paymentStatus: 'cod_due',
      totalPaise: 38_800,
      paidPaise: 9_900,
    });
    // No OTP was sent to confirm it.
    expect(await codes()).toBe(codesBefore);
  } finally {
    await setAdvance(server, 'risky');
    await turnCodOff(server);
  }
});
