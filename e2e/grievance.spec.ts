import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { contactMessages, shopSettings } from '../server/db/schema';
import { readOutbox } from '../server/test/dev-outbox';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, phoneViewport } from './support/axe';
import { signInOwnerByCookie } from './support/console-journeys';

// docs/product.md#seller-and-grievance-officer and #complaints, on a phone: the owner is asked for the seller's
// details and fills them in; a visitor finds the seller in the footer and the grievance officer on the policy
// page it links to, and sends a complaint that gets its number at once; the owner finds it in the inbox with its
// clocks. The states' texts are component tests beside their components (policy-page, contact-form,
// shop-settings-form, complaints).

test.use({ viewport: phoneViewport });

const noSellerContact = {
  careEmail: '',
  carePhone: '',
  grievanceOfficerName: '',
  grievanceOfficerDesignation: '',
  grievanceOfficerEmail: '',
  grievanceOfficerPhone: '',
};

test('the owner names the grievance officer, a visitor finds them and complains, the inbox shows the clocks', async ({
  page,
  context,
  server,
  browser,
}) => {
  // Five pages and forms with axe-core on a phone, and two browsers: several pages' 30 s.
  test.setTimeout(150_000);
  // Outside production the shop starts with a sample seller (server/db/seed.ts), but no contact or officer.
  const [before] = await server.db.select().from(shopSettings);
  await server.db.update(shopSettings).set(noSellerContact);
  try {
    await signInOwnerByCookie(context, server, 'Asha Rao');
    await page.goto('/admin');
    const prompt = page.getByRole('region', { name: 'Fill in your seller details' });
    await expect(prompt).toContainText('the grievance officer');
    await expectNoAxeViolations(page);
    await prompt.getByRole('link', { name: 'Open the settings' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await page.getByLabel('Customer care e-mail').fill('care@ottomanmittens.in');
    await page
      .getByLabel('Customer care phone (mobile, landline with STD code, or toll-free)')
      .fill('1800-123-4567');
    await page.getByLabel('Grievance officer’s name').fill('Priya Raman');
    await page.getByRole('button', { name: 'Save settings' }).click();
    const designation = page.getByLabel('Grievance officer’s designation');
    await expect(designation).toBeFocused();
    await expect(designation).toHaveAccessibleDescription(
      'Please give the grievance officer’s designation, e.g. Customer Care Manager.',
    );
    await expectNoAxeViolations(page);
    await designation.fill('Head of Customer Care');
    await page.getByLabel('Grievance officer’s e-mail').fill('grievance@ottomanmittens.in');
    await page.getByLabel('Grievance officer’s phone').fill('080 2345 6789');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved.', { exact: false })).toBeVisible();
    await expect(page.getByLabel('Grievance officer’s phone')).toHaveValue('+91 80 2345 6789');
    await expect(page.getByRole('region', { name: 'Fill in your seller details' })).toHaveCount(0);

    // A visitor, in a browser of their own: the footer names the seller and leads to the grievance officer.
    const visitorContext = await browser.newContext({ baseURL: server.url, viewport: phoneViewport });
    const visitor = await visitorContext.newPage();
    await visitor.goto('/');
    const footer = visitor.getByRole('contentinfo');
    await expect(footer).toContainText(
      'Sold by Ottoman Mittens Private Limited, 14 Hauz Khas Village, Near Deer Park, New Delhi 110016, Delhi',
    );
    await footer.getByRole('link', { name: 'Grievance officer and complaints' }).click();
    await expect(visitor).toHaveURL(/\/terms-and-conditions#grievance-officer$/);
    const section = visitor.getByRole('region', { name: 'Seller and grievance officer' });
    await expect(section).toBeInViewport();
    await expect(section).toContainText('Priya Raman, Head of Customer Care');
    await expect(section.getByRole('link', { name: '+91 80 2345 6789' })).toHaveAttribute(
      'href',
      'tel:+918023456789',
    );
    await expectNoAxeViolations(visitor);

    // The complaint, from the contact form the section links to.
    await section.getByRole('link', { name: 'contact form' }).click();
    const form = visitor.getByRole('form', { name: 'Send a Message' });
    await form.getByLabel('What is this about?').selectOption({ label: 'A complaint' });
    await expect(form).toContainText('We acknowledge a complaint within 48 hours');
    const message = `My mitten arrived torn. ${randomUUID()}`;
    await form.getByLabel('Name').fill('Meera Iyer');
    await form.getByLabel('Email').fill('meera.complaint@example.in');
    await form.getByLabel('Message').fill(message);
    await expectNoAxeViolations(visitor, 'form');
    await form.getByRole('button', { name: 'Submit' }).click();
    const status = form.getByRole('status');
    await expect(status).toContainText('Message sent successfully!');
    await expect(status).toContainText(/Your complaint number is GRV-\d{4}-\d{6}\./);
    await expectNoAxeViolations(visitor, 'form');
    const [row] = await server.db.select().from(contactMessages).where(eq(contactMessages.message, message));
    const number = row?.complaintNumber ?? '';
    await expect(status).toContainText(number);
    await expect
      .poll(async () =>
        (await readOutbox(visitor.request, 'meera.complaint@example.in')).map((mail) => mail.subject),
      )
      .toContain(`Your complaint ${number}`);
    await visitorContext.close();

    // The owner's inbox marks it, with its clocks.
    await page.goto('/admin/messages?topic=complaint');
    const card = page
      .getByRole('list', { name: 'Messages' })
      .getByRole('listitem')
      .filter({ hasText: number });
    const clocks = card.getByRole('list', { name: `Deadlines of complaint ${number}` });
    await expect(clocks).toContainText('Acknowledge by');
    await expect(clocks).toContainText('Resolve by');
    await expectNoAxeViolations(page);
    await card.getByRole('link', { name: /Meera Iyer/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Complaint from Meera Iyer' })).toBeVisible();
    await expectNoAxeViolations(page);
  } finally {
    if (before) await server.db.update(shopSettings).set(before);
  }
});
