import { expect, test } from './fixtures';
import { expectNoAxeViolations, phoneViewport } from './support/axe';
import { fillCart, payAtCheckout } from './support/shop';

// docs/product.md#delivery-address, issue 27's browser journey: a shopper who signed up with Google has no
// address; checkout asks for it on the page itself, the pincode fills in the city and state from India Post's
// directory as soon as it is typed (issue 45: the pincode comes second, after the mobile), and PLACE ORDER
// pays right after. The form's states (each refused pincode, the contact mobile)
// are component tests: web/features/checkout/components/checkout-address-form.test.tsx.

test('a Google shopper without an address fills it in at checkout, pays, and finds the mitten in My Orders', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize(phoneViewport);
  await page.goto('/login');
  const login = page.getByRole('dialog', { name: 'Login' });
  const chooser = page.waitForEvent('popup');
  await login.getByRole('button', { name: 'Sign in with Google' }).click();
  await (await chooser).getByRole('button', { name: /arjun\.mehta@example\.com/ }).click();
  await expect(login).toBeHidden();

  // One Face Mitt in the cart, then checkout.
  await fillCart(page.request, [{ id: 1, quantity: 1 }]);
  await page.goto('/checkout');
  const form = page.getByRole('region', { name: 'Where should we deliver?' });
  await expect(form).toBeVisible();
  await expect(form.getByLabel('First Name')).toHaveValue('Arjun');
  // Issue 45: the address in the order a shopper types it: the mobile, then the pincode, which fills the
  // city (not the district: Bengaluru, not Bengaluru Urban) and chooses the state; house and street after.
  await form.getByLabel('Mobile number for delivery').fill('+91 98450-12345');
  await form.getByLabel('Pincode').fill('560001');
  await expect(form.getByLabel('City')).toHaveValue('Bengaluru');
  await expect(form.getByRole('combobox', { name: 'State' })).toHaveValue('Karnataka');
  await expectNoAxeViolations(page);
  await form.getByLabel('House/Flat No.').fill('Flat 4B, Lotus Residency');
  await form.getByLabel('Street/Area').fill('MG Road');
  await form.getByRole('button', { name: 'Save address' }).click();

  const address = page.getByRole('region', { name: 'Delivery address' });
  await expect(address).toContainText('Flat 4B, Lotus Residency, MG Road');
  await expect(address).toContainText('Bengaluru, Karnataka');
  await expect(address).toContainText('Mobile: 9845012345');
  await payAtCheckout(page);

  await page.goto('/orders');
  await expect(page.getByRole('main').getByText('Face Mitt').first()).toBeVisible();
});
