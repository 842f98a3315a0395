import { runAdminCommand } from '../server/modules/staff/command-line';
import { totpCodeAt } from '../server/test/staff-factory';
import { testBotChallenge } from '../server/test/test-config';
import { expect, test } from './fixtures';
import { phoneViewport } from './support/axe';

// docs/product.md#staff: the console's sign-in asks for the bot check past its threshold and never locks the
// owner out. From the second request naming one address, a solved challenge is needed.
test.use({
  viewport: phoneViewport,
  serverConfig: {
    botChallenge: { ...testBotChallenge, hmacKey: undefined, afterRequests: { address: 1, ip: 100_000 } },
  },
});

test("past the threshold the console's sign-in asks for the bot check, and solving it signs in", async ({
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
  const setupPath = new URL(output.split('\n').at(-1) ?? '').pathname;
  const setupApi = `/api${setupPath}`;
  const info = await page.request.get(`${server.url}${setupApi}`);
  const { totpSecret } = (await info.json()) as { totpSecret: string };
  const done = await page.request.post(`${server.url}${setupApi}`, {
    data: { password, code: totpCodeAt(totpSecret) },
  });
  expect(done.status()).toBe(200);

  await page.goto('/admin/login');
  await page.getByLabel('E-mail').fill(ownerEmail);
  await page.getByLabel('Password').fill('not-my-password');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Those sign-in details are not right. Please check them and try again.',
  );

  // The second request for this e-mail is past the threshold: the server answers 428 and the console asks.
  const passwordAccepted = page.waitForResponse(
    (response) => response.url().endsWith('/api/admin/session') && response.status() === 200,
  );
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  const check = page.getByRole('dialog', { name: 'Quick check' });
  await expect(check).toContainText('Please confirm you are not a robot.');
  expect(await (await passwordAccepted).request().headerValue('x-altcha')).toBeTruthy();
  await expect(check).toBeHidden();

  // The code step names no address, and one failure is below the account's own threshold: it is not asked.
  await page.getByLabel('6-digit code from your authenticator').fill(totpCodeAt(totpSecret, 1));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});
