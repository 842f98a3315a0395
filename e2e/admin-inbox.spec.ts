import type { BrowserContext } from '@playwright/test';
import { contactMessages } from '../server/db/schema';
import { readOutbox } from '../server/test/dev-outbox';
import { createStaffMember } from '../server/test/staff-factory';
import { expect, type ShopServer, test } from './fixtures';
import { expectNoAxeViolations, phoneViewport } from './support/axe';

// docs/product.md#contact-inbox: a message from the contact form reaches the console's inbox; the owner
// answers it on a phone, and the answer is in the thread and in the sender's mail.

test.use({ viewport: phoneViewport });

/** Signs the browser in as a new owner with a console session written straight to the database. */
async function signInOwner(context: BrowserContext, server: ShopServer) {
  const owner = await createStaffMember(server, { role: 'owner', name: 'Asha Rao' });
  await context.addCookies([{ name: 'mitten_staff', value: owner.token, url: server.url }]);
  return owner;
}

test('the owner sees a new message on the dashboard, answers it, and the reply is threaded and e-mailed', async ({
  page,
  context,
  server,
}) => {
  const sender = `kochi${Date.now()}@example.in`;
  const [message] = await server.db
    .insert(contactMessages)
    .values({ name: 'Meera Iyer', email: sender, message: 'Do you ship to Kochi?\nThanks!' })
    .returning();
  if (!message) throw new Error('no message inserted');
  await signInOwner(context, server);

  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const inboxCard = page.getByRole('region', { name: 'Inbox' });
  await expect(inboxCard.getByRole('link', { name: /^\d+ new messages?$/ })).toBeVisible();
  await inboxCard.getByRole('link').click();

  await expect(page).toHaveURL(/\/admin\/messages\?status=new$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Filter by status' }).getByRole('link', { name: /^New/ }),
  ).toHaveAttribute('aria-current', 'page');
  const card = page.getByRole('list', { name: 'Messages' }).getByRole('listitem').filter({ hasText: sender });
  await expect(card).toContainText('Do you ship to Kochi? Thanks!');
  await expectNoAxeViolations(page);

  await card.getByRole('link', { name: `Meera Iyer <${sender}>` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Message from Meera Iyer' })).toBeVisible();
  await expect(page.getByText('None with this e-mail')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText('Please write a reply.')).toBeVisible();
  await expect(page.getByLabel('Your reply (e-mailed to the sender)')).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await page.getByLabel('Your reply (e-mailed to the sender)').fill('Yes, we ship to Kochi in 3 to 5 days.');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.locator('.admin-toast')).toHaveText('Reply sent.');
  await expect(page.getByLabel('Your reply (e-mailed to the sender)')).toHaveValue('');
  const thread = page.getByRole('list', { name: 'Thread, oldest first' });
  await expect(thread.getByRole('listitem')).toHaveCount(2);
  await expect(thread.getByRole('listitem').nth(1)).toContainText('Asha Rao replied on');
  await expect(thread.getByRole('listitem').nth(1)).toContainText('Yes, we ship to Kochi in 3 to 5 days.');
  await expect(page.getByRole('definition').filter({ hasText: 'Replied' })).toBeVisible();
  await expectNoAxeViolations(page);

  // The job e-mails it to the sender.
  await expect
    .poll(async () => (await readOutbox(page.request, sender)).map((mail) => mail.subject))
    .toEqual(['Re: your message to Ottoman Mittens']);
  const [mail] = await readOutbox(page.request, sender);
  expect(mail?.body).toContain('Yes, we ship to Kochi in 3 to 5 days.');
  expect(mail?.body).toContain('> Do you ship to Kochi?');

  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.locator('.admin-toast')).toHaveText('Message closed.');
  await expect(page.getByRole('button', { name: 'Reopen' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the inbox' }).click();
  await page
    .getByRole('navigation', { name: 'Filter by status' })
    .getByRole('link', { name: 'Closed' })
    .click();
  await expect(page).toHaveURL(/\/admin\/messages\?status=closed$/);
  await expect(page.getByRole('list', { name: 'Messages' })).toContainText(sender);
});
