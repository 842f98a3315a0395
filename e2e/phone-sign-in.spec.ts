import type { Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { prepaidOfferMessages } from '../contracts/prepaid-offer-rules';
import { prepaidOfferSettings, users } from '../server/db/schema';
import { expect, type ShopServer, test } from './fixtures';
import { latestOtp } from './support/accounts';
import { expectNoAxeViolations, phoneViewport } from './support/axe';
import { orderOf, payAtCheckout } from './support/shop';

// docs/product.md#one-step-sign-in, then the address inline at checkout (docs/product.md#delivery-address), through
// the real server on a phone. The popup's states are
// web/features/auth/components/phone-sign-in.test.tsx; the rules and races server/modules/auth/phone-sign-in.test.ts.

test.use({ viewport: phoneViewport });

let numberSequence = 0;
/** A new number in a prefix of its own, as a first-time shopper has. */
function newMobile() {
  numberSequence += 1;
  return `63${String(Date.now() % 1_000_000).padStart(6, '0')}${String(numberSequence % 100).padStart(2, '0')}`;
}

/** Issue 45's first journey pays with the owner's prepaid offer on (10 % of the goods, at most ₹20). */
const TEN_PERCENT_UP_TO_20 = {
  enabled: true,
  kind: 'percent' as const,
  percentOff: 10,
  maxDiscountPaise: 2000,
  amountOffPaise: null,
};

test('a visitor taps Add to Cart, signs in with a new mobile number, an OTP and a first name, types the address pincode first, pays online with the prepaid offer and finds the product in the order', async ({
  page,
  server,
}) => {
  test.slow();
  await server.db
    .insert(prepaidOfferSettings)
    .values({ id: 1, ...TEN_PERCENT_UP_TO_20 })
    .onConflictDoUpdate({ target: prepaidOfferSettings.id, set: TEN_PERCENT_UP_TO_20 });
  try {
    await newShopperJourney(page, server);
  } finally {
    await server.db
      .update(prepaidOfferSettings)
      .set({ enabled: false })
      .where(eq(prepaidOfferSettings.id, 1));
  }
});

async function newShopperJourney(page: Page, server: ShopServer) {
  const mobile = newMobile();
  await page.goto('/product/1');
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Add to Cart' }).click();

  const dialog = page.getByRole('dialog', { name: 'Login' });
  const phoneForm = dialog.getByRole('form', { name: 'Continue with your mobile number' });
  await expect(phoneForm.getByLabel('Mobile number')).toBeVisible();
  await expectNoAxeViolations(page, 'dialog[open]');
  // Written as shoppers write it; the server keeps the 10 digits.
  await phoneForm.getByLabel('Mobile number').fill(`+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`);
  await phoneForm.getByLabel('Mobile number').press('Enter');

  await expect(dialog.getByRole('status')).toHaveText('OTP sent to your phone!');
  await expect(phoneForm.getByLabel('OTP')).toBeFocused();
  await expectNoAxeViolations(page, 'dialog[open]');
  await phoneForm.getByLabel('OTP').fill(await latestOtp(page.request, mobile));
  await phoneForm.getByRole('button', { name: 'Continue' }).click();

  await expect(phoneForm.getByLabel('First Name')).toBeFocused();
  await expect(dialog.getByRole('status')).toHaveText(
    'Your number is verified. Tell us your first name to create your account.',
  );
  await expectNoAxeViolations(page, 'dialog[open]');
  await phoneForm.getByLabel('First Name').fill('Meera');
  await phoneForm.getByRole('button', { name: 'Create account' }).click();

  // Signed in, and the Add to Cart the visitor tapped was carried out.
  await expect(dialog).toBeHidden();
  await expect(main.getByRole('button', { name: 'Added!' })).toBeVisible();
  await expect
    .poll(async () => {
      const { cart } = (await (await page.request.get('/api/cart')).json()) as {
        cart: { id: number; quantity: number }[];
      };
      return cart.map(({ id, quantity }) => ({ id, quantity }));
    })
    .toEqual([{ id: 1, quantity: 1 }]);
  const [account] = await server.db.select().from(users).where(eq(users.phone, mobile));
  expect(account).toMatchObject({ firstName: 'Meera', lastName: '', email: null, passwordHash: null });

  // No address yet: checkout asks for it on the page, the mobile already filled in from the sign-in; the
  // shopper types the pincode first (it fills the city and the state), then the house and the street.
  await page.goto('/checkout');
  const form = page.getByRole('region', { name: 'Where should we deliver?' });
  await expect(form.getByLabel('Mobile number for delivery')).toHaveValue(mobile);
  await form.getByLabel('Pincode').fill('110001');
  await expect(form.getByLabel('State')).toHaveValue('Delhi');
  await expect(form.getByLabel('City')).not.toHaveValue('');
  await form.getByLabel('House/Flat No.').fill('12, Shanti Kunj');
  await form.getByLabel('Street/Area').fill('Janpath');
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByRole('region', { name: 'Delivery address' })).toContainText(
    '12, Shanti Kunj, Janpath',
  );
  // docs/product.md#prepaid-offer: ₹239 and ₹100 shipping; 10 % of ₹239, at most ₹20, off for paying online.
  await expect(page.getByText(prepaidOfferMessages.save(2000))).toBeVisible();
  await expect(page.locator('.place-order__bar')).toHaveText('Total ₹319PLACE ORDER');
  await expectNoAxeViolations(page);
  const orderId = await payAtCheckout(page);
  expect(await orderOf(page.request, orderId)).toMatchObject({
    prepaidDiscountPaise: 2000,
    totalPaise: 31_900,
    paidPaise: 31_900,
  });

  await page.goto(`/orders/${orderId}`);
  await expect(page.getByRole('main').getByText('Face Mitt').first()).toBeVisible();
}
