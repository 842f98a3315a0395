import type { Page } from '@playwright/test';

/** Holds every request to `path` until the returned release() is called, to see a button's busy label. */
export async function holdRequests(page: Page, path: string): Promise<() => void> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**${path}`, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
