import { testBotChallenge } from '../server/test/test-config';
import { expect, test } from './fixtures';
import { accountMenu, aShopper, createAccount, openLoginModal } from './support/accounts';
import { expectNoAxeViolations, phoneViewport } from './support/axe';
import { holdRequests } from './support/hold-requests';

// docs/architecture.md#bot-challenge: from the second request naming one address, a solved challenge is needed.
test.use({
  viewport: phoneViewport,
  serverConfig: {
    botChallenge: { ...testBotChallenge, hmacKey: undefined, afterRequests: { address: 1, ip: 100_000 } },
  },
});

test('past the threshold a login asks for the bot check; closing it says why, solving it logs in', async ({
  page,
  server,
}) => {
  const shopper = await createAccount(server, aShopper({ firstName: 'Farah' }));
  // The widget must run under the shop's strict CSP: no inline style, no blob worker.
  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  await page.goto('/');
  const login = await openLoginModal(page);
  await login.getByLabel('Email').fill(shopper.email);
  await login.getByLabel('Password').fill('not-my-password');
  await login.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(login.getByRole('alert')).toHaveText('Invalid email/phone or password');

  // The second request for this e-mail is past the threshold: the server answers 428 and the app asks.
  // The challenge is held, so the widget cannot solve it before Close is pressed.
  const releaseFirstChallenge = await holdRequests(page, '/api/challenge');
  await login.getByLabel('Password').fill(shopper.password);
  await login.getByRole('button', { name: 'Login', exact: true }).click();
  let check = page.getByRole('dialog', { name: 'Quick check' });
  await expect(check).toBeVisible();
  await expect(check).toContainText('Please confirm you are not a robot.');
  await check.getByRole('button', { name: 'Close' }).click();
  await expect(check).toBeHidden();
  await expect(login.getByRole('alert')).toHaveText('Please confirm you are not a robot.');
  releaseFirstChallenge();

  // Held challenge: the widget stays on screen, unsolved, for axe to read at a phone's width.
  const releaseChallenge = await holdRequests(page, '/api/challenge');
  const challengeServed = page.waitForResponse('**/api/challenge');
  const loggedIn = page.waitForResponse(
    (response) => response.url().endsWith('/api/auth/login') && response.status() === 200,
  );
  await login.getByRole('button', { name: 'Login', exact: true }).click();
  check = page.getByRole('dialog', { name: 'Quick check' });
  await expect(check.locator('altcha-widget')).toBeVisible();
  await expect(check.getByRole('checkbox')).toBeVisible();
  await expectNoAxeViolations(page, 'dialog[open]');
  releaseChallenge();
  expect((await challengeServed).headers()['cache-control']).toBe('no-store');

  // Solved in the browser's worker; the login is sent again with the solution and goes through.
  const retried = (await loggedIn).request();
  expect(await retried.headerValue('x-altcha')).toBeTruthy();
  await expect(check).toBeHidden();
  await expect(login).toBeHidden();
  await expect(accountMenu(page, 'Farah')).toBeVisible();
  expect(cspViolations).toEqual([]);
});
