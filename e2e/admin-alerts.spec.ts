import { expect, test } from './fixtures';
import { expectNoAxeViolations, phoneViewport } from './support/axe';
import { signInOwnerByCookie } from './support/console-journeys';

// docs/product.md#staff-alerts on a phone: an owner chooses the daily digest on the Alerts page and sees it on
// the Staff page. Turning notifications on needs a push service, which a browser without the internet does not
// reach: the button's states are component tests (push-opt-in.test.tsx), the pushes integration tests.

test.use({ viewport: phoneViewport });

test('an owner chooses the daily digest and sees who hears of new orders', async ({
  page,
  context,
  server,
}) => {
  await signInOwnerByCookie(context, server, 'Lakshmi Nair');
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Alerts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /^An e-mail for each order/ })).toBeChecked();
  await expect(page.getByRole('heading', { level: 2, name: 'Notifications on this device' })).toBeVisible();
  // Nothing is registered until the member asks for notifications on this device.
  expect(
    await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((all) => all.length)),
  ).toBe(0);
  await expectNoAxeViolations(page);

  await page.getByRole('radio', { name: /^A daily digest at 9:00 am IST/ }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Alerts saved.' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Staff' }).click();
  const alerts = page.getByRole('table', { name: 'Alerts of each member of staff' });
  await expect(alerts.getByRole('row', { name: /Lakshmi Nair/ })).toContainText(
    'A daily digest at 9:00 am IST',
  );
  await expectNoAxeViolations(page);

  // The console's service worker is a file of the build, under the scope it serves.
  const worker = await page.request.get('/admin/push-worker.js');
  expect(worker.status()).toBe(200);
  expect(worker.headers()['content-type']).toMatch(/javascript/);
  expect(await worker.text()).toContain("addEventListener('notificationclick'");
});
