import { expect, type Page } from '@playwright/test';
import { runAdminCommand } from '../../server/modules/staff/command-line';
import { totpCodeAt } from '../../server/test/staff-factory';
import type { ShopServer } from '../fixtures';

/** A new owner from the command line, set up and signed in to the console in this page. */
export async function signInAsNewOwner(page: Page, server: ShopServer): Promise<void> {
  const email = `owner${Date.now()}@example.in`;
  const password = 'saffron-loom-quilt-7';
  const output = await runAdminCommand(
    server.db,
    ['create-staff', '--email', email, '--name', 'Meera Das', '--role', 'owner'],
    server.url,
  );
  await page.goto(output.split('\n').at(-1) ?? '');
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  await page.getByLabel('Choose a password').fill(password);
  await page.getByLabel('The password again').fill(password);
  await page.getByLabel('6-digit code the app shows').fill(totpCodeAt(secret));
  await page.getByRole('button', { name: 'Finish set-up' }).click();
  await page.getByRole('link', { name: 'Go to sign-in' }).click();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('6-digit code from your authenticator').fill(totpCodeAt(secret, 1));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}
