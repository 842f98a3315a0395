import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { contactMessages, shopSettings } from '../server/db/schema';
import { readOutbox } from '../server/test/dev-outbox';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, phoneViewport } from './support/axe';
import { signInOwnerByCookie } from './support/console-journeys';

// docs/product.md#seller-and-grievance-officer, #policies and #complaints, on a phone: on a fresh shop (no seller
// at all: docs/operations.md#seller-details) the owner is asked for the seller's details and fills them in; a
// visitor finds the seller in the footer, the grievance officer on the policy page it links to and the owner's
// contact details in the policies' own texts, and sends a complaint that gets its number at once and reaches the
// grievance officer; the owner finds it in the inbox with its clocks. The states' texts are component tests beside
// their components (policy-page, contact-section, contact-form, shop-settings-form, complaints).

test.use({ viewport: phoneViewport });

/** A fresh shop's seller details: nothing (other journeys of this worker may have saved some). */
const freshSeller = {
  legalName: '',
  addressLine1: '',
  addressLine2: '',
  city: '',
  pincode: '',
  stateCode: '',
  gstin: '',
  careEmail: '',
  carePhone: '',
  grievanceOfficerName: '',
  grievanceOfficerDesignation: '',
  grievanceOfficerEmail: '',
  grievanceOfficerPhone: '',
};

test('on a fresh shop the owner fills the seller details, the policies show them, a complaint reaches the officer', async ({
  page,
  context,
  server,
  browser,
}) => {
  // Five pages and forms with axe-core on a phone, and two browsers: several pages' 30 s.
  test.setTimeout(150_000);
  const [before] = await server.db.select().from(shopSettings);
  await server.db.update(shopSettings).set(freshSeller);
  try {
    await signInOwnerByCookie(context, server, 'Asha Rao');
    await page.goto('/admin');
    const prompt = page.getByRole('region', { name: 'Fill in your seller details' });
    await expect(prompt).toContainText(
      'Still missing: the seller’s legal name, address and GSTIN, customer care’s e-mail, customer care’s phone and the grievance officer.',
    );
    await expectNoAxeViolations(page);
    await prompt.getByRole('link', { name: 'Open the settings' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page.getByLabel('GSTIN')).toHaveValue('');
    await page.getByLabel('Legal name').fill('Silk Route Textiles LLP');
    await page.getByLabel('Address line 1').fill('4 Residency Road');
    await page.getByLabel('City').fill('Bengaluru');
    await page.getByLabel('Pincode', { exact: true }).fill('560025');
    await page.getByLabel('State').selectOption({ label: 'Karnataka (29)' });
    await page.getByLabel('GSTIN').fill('29AAGCB7383J1Z4');
    await page.getByLabel('Customer care e-mail').fill('care@ottoman.test');
    await page
      .getByLabel('Customer care phone (mobile, landline with STD code, or toll-free)')
      .fill('080 4567 8901');
    await page.getByLabel('Grievance officer’s name').fill('Priya Raman');
    await page.getByRole('button', { name: 'Save settings' }).click();
    const designation = page.getByLabel('Grievance officer’s designation');
    await expect(designation).toBeFocused();
    await expect(designation).toHaveAccessibleDescription(
      'Please give the grievance officer’s designation, e.g. Customer Care Manager.',
    );
    await expectNoAxeViolations(page);
    await designation.fill('Head of Customer Care');
    await page.getByLabel('Grievance officer’s e-mail').fill('grievance@ottoman.test');
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
      'Sold by Silk Route Textiles LLP, 4 Residency Road, Bengaluru 560025, Karnataka',
    );
    await expect(footer.getByRole('link', { name: 'care@ottoman.test' })).toBeVisible();
    await footer.getByRole('link', { name: 'Grievance officer and complaints' }).click();
    await expect(visitor).toHaveURL(/\/terms-and-conditions#grievance-officer$/);
    const section = visitor.getByRole('region', { name: 'Seller and grievance officer' });
    await expect(section).toBeInViewport();
    await expect(section).toContainText('Priya Raman, Head of Customer Care');
    await expect(section.getByRole('link', { name: '+91 80 2345 6789' })).toHaveAttribute(
      'href',
      'tel:+918023456789',
    );
    // The policies' own texts reach customer care as the settings say, and name the seller.
    const terms = visitor.getByRole('main');
    await expect(terms).toContainText('You can reach us at care@ottoman.test or on +91 80 4567 8901;');
    await expect(terms).toContainText(
      'The seller is Silk Route Textiles LLP, 4 Residency Road, Bengaluru 560025, Karnataka.',
    );
    await expect(terms).not.toContainText('ottomanmittens.in');
    await expectNoAxeViolations(visitor);
    await footer.getByRole('link', { name: 'Cancellation and Refund' }).click();
    await expect(
      visitor.getByRole('heading', { level: 1, name: 'Cancellation and Refund Policy' }),
    ).toBeVisible();
    await expect(terms).toContainText(
      'or contact us at care@ottoman.test or on +91 80 4567 8901 with your order number',
    );
    await expect(terms).not.toContainText('98100');
    await expectNoAxeViolations(visitor);

    // The complaint, from the contact form the section links to.
    await visitor
      .getByRole('region', { name: 'Seller and grievance officer' })
      .getByRole('link', { name: 'contact form' })
      .click();
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
    // The shop's copy goes to the grievance officer the settings name.
    await expect
      .poll(async () =>
        (await readOutbox(visitor.request, 'grievance@ottoman.test')).map((mail) => mail.subject),
      )
      .toContain(`Complaint ${number}: Meera Iyer`);
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
