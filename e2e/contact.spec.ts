import { randomUUID } from 'node:crypto';
import { contactMessages } from '../server/db/schema';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/axe';

// A visitor's way to the shop's contact form: the wishlist asks them to log in first, Escape closes the login
// modal (the native <dialog>'s own key) and leaves them at home, where the form is (docs/product.md#behaviour
// Contact form). The form's button states, failure texts and prefill are
// web/features/contact/components/contact-form.test.tsx's; our checks of the fields as the browser shows them
// (no bubbles, the field focused) and the stored row are here.

test('a visitor sent to log in from the wishlist closes the modal, and sends a message checked by our own messages first', async ({
  page,
  server,
}) => {
  let requests = 0;
  await page.route('**/api/contact', (route) => {
    requests++;
    return route.continue();
  });
  await page.goto('/wishlist');
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fwishlist$/);
  const login = page.getByRole('dialog', { name: 'Login' });
  await expect(login).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(login).toBeHidden();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }).click();
  await expect(page).toHaveURL(/\/#contact$/);
  await expect(page.getByRole('heading', { name: 'Contact Us' })).toBeVisible();
  await expect(page.getByText('Questions about your skin, an order or a gift?')).toBeVisible();

  const form = page.getByRole('form', { name: 'Send a Message' });
  const submit = form.getByRole('button', { name: 'Submit' });
  await form.getByLabel('Name').fill('Kabir');
  await form.getByLabel('Email').fill('not-an-email');
  await form.getByLabel('Message').fill('Hi');
  await submit.click();
  // Our messages, not the browser's bubbles (docs/product.md#behaviour Contact form); the field is focused.
  await expect(form.getByText('Please enter a valid email address', { exact: true }).first()).toBeVisible();
  await expect(form.getByLabel('Email')).toBeFocused();
  await form.getByLabel('Email').fill('kabir@example.in');
  await form.getByLabel('Name').fill('');
  // Enter submits and shows the error too.
  await form.getByLabel('Name').press('Enter');
  await expect(form.getByLabel('Name')).toBeFocused();
  await expect(form.getByLabel('Name')).toHaveAccessibleDescription('Please enter your name');
  await expectNoAxeViolations(page, 'form');
  await expect(submit).toBeEnabled();
  expect(requests).toBe(0);

  const sent = {
    name: 'Ananya Rao',
    email: 'ananya@example.in',
    message: `Do you ship to Kochi? ${randomUUID()}`,
  };
  await form.getByLabel('Name').fill(sent.name);
  await form.getByLabel('Email').fill(sent.email);
  await form.getByLabel('Message').fill(sent.message);
  await submit.click();
  await expect(form.getByRole('status')).toHaveText('Message sent successfully!');
  await expect(form.getByRole('button', { name: 'Submitted' })).toBeDisabled();
  expect(requests).toBe(1);

  const rows = await server.db.select().from(contactMessages);
  expect(rows.find((row) => row.message === sent.message)).toMatchObject(sent);
});
