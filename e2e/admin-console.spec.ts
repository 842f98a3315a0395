import { Secret, TOTP } from 'otpauth';
import { runAdminCommand } from '../server/modules/staff/command-line';
import { readOutbox } from '../server/test/dev-outbox';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, phoneViewport } from './support/axe';

// The owner's journey on a phone: the first owner from the command, set-up with an authenticator (codes
// computed here), sign-in with password and code, a support member invited, the audit log read.

test.use({ viewport: phoneViewport });

function totpCode(secret: string, offsetSteps = 0) {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

test('an owner sets up the console, signs in with a code, invites support and reads the audit log', async ({
  page,
  server,
}) => {
  const ownerEmail = `owner${Date.now()}@example.in`;
  const password = 'saffron-loom-quilt-7';
  const output = await runAdminCommand(
    server.db,
    ['create-staff', '--email', ownerEmail, '--name', 'Asha Rao', '--role', 'owner'],
    server.url,
  );
  const setupLink = output.split('\n').at(-1) ?? '';
  expect(setupLink).toMatch(/\/admin\/setup\//);

  await page.goto(setupLink);
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your console account' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await expectNoAxeViolations(page);
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  await page.getByLabel('Choose a password').fill(password);
  await page.getByLabel('The password again').fill(password);
  await page.getByLabel('6-digit code the app shows').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Finish set-up' }).click();
  await expect(
    page.getByText('Your account is ready. Keep your recovery codes somewhere safe.'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await expect(page.getByRole('link', { name: 'Download the codes' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Go to sign-in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the console' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('E-mail').fill(ownerEmail);
  await page.getByLabel('Password').fill('not-my-password');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Those sign-in details are not right. Please check them and try again.',
  );
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  // The set-up used this time step's code: a code is accepted once, so sign-in takes the next one.
  await page.getByLabel('6-digit code from your authenticator').fill(totpCode(secret, 1));
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
  await expect(page.getByRole('cell', { name: ownerEmail })).toBeVisible();
  await expectNoAxeViolations(page);

  const supportEmail = `support${Date.now()}@example.in`;
  await page.getByLabel('Name').fill('Sam Iyer');
  await page.getByLabel('E-mail').fill(supportEmail);
  await page.getByLabel('Role', { exact: true }).selectOption('support');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Invitation sent.' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: supportEmail });
  await expect(row.getByRole('cell', { name: 'Invited' })).toBeVisible();
  const [invitation] = await readOutbox(page.request, supportEmail);
  expect(invitation?.body).toContain('Asha Rao has invited you to the Ottoman Mittens console as support.');
  expect(invitation?.body).toMatch(/\/admin\/setup\/[\w-]{43}/);

  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  const invitedRow = page
    .getByRole('row')
    .filter({ hasText: 'staff.create' })
    .filter({ hasText: supportEmail });
  await expect(invitedRow.getByRole('cell').nth(1)).toHaveText('Asha Rao');
  await expect(
    page.getByRole('row').filter({ hasText: 'staff.create' }).filter({ hasText: 'Command line' }),
  ).toContainText(ownerEmail);
  await expect(page.getByRole('row').filter({ hasText: 'staff.sign_in' })).toHaveCount(1);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the console' })).toBeVisible();
  await page.goto('/admin/audit');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the console' })).toBeVisible();
});
