import { whatsappCheckoutLabel } from '../contracts/whatsapp-checkbox';
import { whatsappMessages } from '../contracts/whatsapp-rules';
import { expect, test } from './fixtures';
import { aShopper, signInBrowser } from './support/accounts';
import { expectNoAxeViolations, phoneViewport } from './support/axe';
import { journeyCodRules, setCodRules, turnCodOff } from './support/cod';
import { fillCart, orderOf } from './support/shop';

// docs/product.md#whatsapp-cod on a phone: a shopper ticks "Send order updates on WhatsApp" at checkout, chooses
// cash on delivery, leaves the OTP dialog, and confirms the order with one tap on "Confirm order" in the WhatsApp
// simulator's chat page; the order shows confirmed, and the profile shows the shopper opted in. axe-core on the
// checkbox, the chat page and the profile's control. The rules' matrix is server/flows/whatsapp.test.ts's.

test.use({ viewport: phoneViewport });

test('on a phone: WhatsApp ticked at checkout, cash on delivery confirmed by one tap in the chat', async ({
  page,
  context,
  server,
}) => {
  test.slow();
  await setCodRules(server, journeyCodRules);
  try {
    const shopper = await signInBrowser(page, server, aShopper({ phoneVerified: true }));
    await fillCart(page.request, [{ id: 1, quantity: 1 }]);
    await page.goto('/checkout');
    const box = page.getByRole('checkbox', { name: whatsappCheckoutLabel });
    await expect(box).not.toBeChecked();
    await page.getByRole('radio', { name: /Cash on delivery/ }).check();
    await box.check();
    await expect(box).toBeChecked();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'PLACE ORDER' }).click();
    await expect(page.getByRole('dialog', { name: 'Confirm your order' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.goto('/orders');
    const awaiting = page
      .getByRole('article')
      .filter({ hasText: 'Please confirm this cash-on-delivery order' });
    await expect(awaiting).toBeVisible();
    const orderId = (await awaiting.getAttribute('aria-labelledby'))?.replace(/^order-/, '') ?? '';
    expect(orderId).toMatch(/^[0-9a-f-]{36}$/);

    // The shopper's phone: the confirmation arrives on WhatsApp with its two buttons.
    const phone = await context.newPage();
    const confirmButton = phone.getByRole('button', { name: 'Confirm order' });
    await expect
      .poll(
        async () => {
          await phone.goto(`/sim/whatsapp/chat/${shopper.mobile}`);
          return confirmButton.count();
        },
        { timeout: 20_000 },
      )
      .toBe(1);
    await expect(phone.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await expectNoAxeViolations(phone);
    await confirmButton.click();

    await expect
      .poll(async () => (await orderOf(page.request, orderId)).status, { timeout: 20_000 })
      .toMatch(/^(confirmed|processing)$/);
    await page.goto('/orders');
    const confirmed = page.locator(`article[aria-labelledby="order-${orderId}"]`);
    // Confirmed, and by now perhaps booked with the courier already.
    await expect(confirmed.getByText(/^(Confirmed|Processing)$/).first()).toBeVisible();
    await expect(confirmed.getByRole('button', { name: 'Confirm order' })).toHaveCount(0);

    // The profile shows the choice made at checkout.
    await page.goto('/profile');
    const choice = page.getByRole('checkbox', { name: whatsappMessages.checkoutLabel });
    await expect(choice).toBeChecked();
    await expect(page.getByText(whatsappMessages.optedIn(`+91 ${shopper.mobile}`))).toBeVisible();
    await expectNoAxeViolations(page);
  } finally {
    await turnCodOff(server);
  }
});
