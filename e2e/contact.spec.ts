import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { contactMessages } from '../server/db/schema';
import { expect, test } from './fixtures';
import { holdRequests } from './support/hold-requests';

async function fillContactForm(page: Page, message: { name: string; email: string; message: string }) {
  const form = page.getByRole('form', { name: 'Send a Message' });
  await form.getByLabel('Name').fill(message.name);
  await form.getByLabel('Email').fill(message.email);
  await form.getByLabel('Message').fill(message.message);
  return form;
}

test('the contact form goes Submitting... then Submitted, and the message is stored', async ({
  page,
  server,
}) => {
  const sent = {
    name: 'Ananya Rao',
    email: 'ananya@example.in',
    message: `Do you ship to Kochi? ${randomUUID()}`,
  };
  // Holds the request until the 'Submitting...' state has been seen.
  const releaseSend = await holdRequests(page, '/api/contact');
  await page.goto('/#contact');
  await expect(page.getByRole('heading', { name: 'Contact Us' })).toBeVisible();
  await expect(page.getByText('care@ottomanmittens.in')).toBeVisible();

  const form = await fillContactForm(page, sent);
  await expect(form.getByLabel('Message')).toHaveAttribute('rows', '4');
  await form.getByRole('button', { name: 'Submit' }).click();

  await expect(form.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
  releaseSend();
  await expect(form.getByRole('button', { name: 'Submitted' })).toBeDisabled();
  await expect(form.getByRole('status')).toHaveText('Message sent successfully!');
  await expect(form.getByLabel('Name')).toHaveValue('');
  await expect(form.getByLabel('Email')).toHaveValue('');
  await expect(form.getByLabel('Message')).toHaveValue('');

  const rows = await server.db.select().from(contactMessages);
  const stored = rows.find((row) => row.message === sent.message);
  expect(stored).toMatchObject(sent);
});

test('a failed send shows the error and returns the button to Submit', async ({ page, server }) => {
  const sent = { name: 'Vikram', email: 'vikram@example.in', message: `Unavailable ${randomUUID()}` };
  await page.route('**/api/contact', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"down"}' }),
  );
  await page.goto('/#contact');
  const form = await fillContactForm(page, sent);
  await form.getByRole('button', { name: 'Submit' }).click();

  // docs/product.md#messages Transport: a 503 reads 'Service temporarily unavailable. Please try again later.'
  await expect(form.getByRole('status')).toHaveText(
    'Service temporarily unavailable. Please try again later.',
  );
  await expect(form.getByRole('button', { name: 'Submit' })).toBeEnabled();
  await expect(form.getByLabel('Message')).toHaveValue(sent.message);
  const rows = await server.db.select().from(contactMessages);
  expect(rows.some((row) => row.message === sent.message)).toBe(false);
});

test('a reply without the success flag reads Failed to send message', async ({ page }) => {
  await page.route('**/api/contact', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '{}' }),
  );
  await page.goto('/#contact');
  const form = await fillContactForm(page, { name: 'Meera', email: 'meera@example.in', message: 'Hello' });
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByRole('status')).toHaveText('Failed to send message. Please try again.');
  await expect(form.getByRole('button', { name: 'Submit' })).toBeEnabled();
});

test('the browser checks the required fields and the e-mail before anything is sent', async ({ page }) => {
  let requests = 0;
  await page.route('**/api/contact', (route) => {
    requests++;
    return route.continue();
  });
  await page.goto('/#contact');
  const form = await fillContactForm(page, { name: 'Kabir', email: 'not-an-email', message: 'Hi' });
  await form.getByRole('button', { name: 'Submit' }).click();
  expect(
    await form.getByLabel('Email').evaluate((input: HTMLInputElement) => input.validity.typeMismatch),
  ).toBe(true);
  await form.getByLabel('Email').fill('kabir@example.in');
  await form.getByLabel('Name').fill('');
  await form.getByRole('button', { name: 'Submit' }).click();
  expect(
    await form.getByLabel('Name').evaluate((input: HTMLInputElement) => input.validity.valueMissing),
  ).toBe(true);
  await expect(form.getByRole('button', { name: 'Submit' })).toBeEnabled();
  expect(requests).toBe(0);
});
