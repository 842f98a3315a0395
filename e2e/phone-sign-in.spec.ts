import { eq } from 'drizzle-orm';
import { users } from '../server/db/schema';
import { expect, test } from './fixtures';
import { latestOtp } from './support/accounts';
import { expectNoAxeViolations, phoneViewport } from './support/axe';
import { payAtCheckout } from './support/shop';

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

test('a visitor taps Add to Cart, signs in with a new mobile number, an OTP and a first name, fills the address at checkout, pays and finds the product in the order', async ({
  page,
  server,
}) => {
  test.slow();
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

  // No address yet: checkout asks for it on the page, the mobile already filled in from the sign-in.
  await page.goto('/checkout');
  const form = page.getByRole('region', { name: 'Where should we deliver?' });
  await expect(form.getByLabel('Mobile number for delivery')).toHaveValue(mobile);
  await form.getByLabel('House/Flat No.').fill('12, Shanti Kunj');
  await form.getByLabel('Street/Area').fill('Janpath');
  await form.getByLabel('Pincode').fill('110001');
  await expect(form.getByLabel('State')).toHaveValue('Delhi');
  await expect(form.getByLabel('City')).not.toHaveValue('');
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByRole('region', { name: 'Delivery address' })).toContainText(
    '12, Shanti Kunj, Janpath',
  );
  const orderId = await payAtCheckout(page);

  await page.goto(`/orders/${orderId}`);
  await expect(page.getByRole('main').getByText('Face Mitt').first()).toBeVisible();
});
