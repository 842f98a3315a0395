import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signInBrowser } from './support/accounts';

const headers = { 'X-Requested-With': 'fetch' };

function wishlistBadge(page: Page, label: string) {
  return page.getByRole('banner').getByRole('link', { name: `Wishlist, ${label}` });
}

async function serverWishlist(request: APIRequestContext): Promise<number[]> {
  const response = await request.get('/api/wishlist');
  expect(response.status()).toBe(200);
  const { wishlist } = (await response.json()) as { wishlist: { id: number }[] };
  return wishlist.map((item) => item.id);
}

test('a visitor opening /wishlist is sent to log in, to come back to the wishlist', async ({ page }) => {
  await page.goto('/wishlist');
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fwishlist$/);
});

test('an empty wishlist says so and leads back to the mittens', async ({ page, server }) => {
  await signInBrowser(page, server);
  await page.goto('/wishlist');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Wishlist');
  await expect(page.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
  await expect(page.getByText('Browse our collection and add products you love')).toBeVisible();
  await page.getByRole('button', { name: 'Shop Now' }).click();
  await expect(page.getByRole('heading', { name: 'Our Mittens' })).toBeInViewport();
});

test('hearts on the cards fill the wishlist; its cards open the product and go to the cart', async ({
  page,
  server,
}) => {
  await signInBrowser(page, server);
  await page.goto('/#products');
  const faceMitt = page.getByRole('article', { name: 'Face Mitt', exact: true });
  const softMitt = page.getByRole('article', { name: 'Soft Mitt', exact: true });
  await faceMitt.getByRole('button', { name: 'Add to wishlist' }).click();
  await softMitt.getByRole('button', { name: 'Add to wishlist' }).click();
  await expect(faceMitt.getByRole('button', { name: 'Remove from wishlist' })).toBeVisible();
  await expect(wishlistBadge(page, '2 items')).toBeVisible();
  await expect.poll(() => serverWishlist(page.request)).toEqual([1, 6]);

  await wishlistBadge(page, '2 items').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Wishlist');
  const cards = page.getByRole('main').getByRole('article');
  await expect(cards).toHaveCount(2);
  const faceCard = page.getByRole('article', { name: 'Face Mitt', exact: true });
  await expect(faceCard.locator('s')).toHaveText('₹399');
  await expect(faceCard.getByText('₹239', { exact: true })).toBeVisible();

  // docs/product.md#behaviour: adding a wishlist item to the cart takes it off the wishlist.
  await faceCard.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(cards).toHaveCount(1);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  await expect(wishlistBadge(page, '1 item')).toBeVisible();
  await expect.poll(() => serverWishlist(page.request)).toEqual([6]);
  // docs/product.md#screens: a single item gets its own layout.
  await expect(page.getByRole('main').getByRole('list')).toHaveClass(/wishlist-grid--single/);

  await page.getByRole('article', { name: 'Soft Mitt' }).getByRole('link', { name: 'Soft Mitt' }).click();
  await expect(page).toHaveURL(/\/product\/6$/);
  // The product page's heart shows it is on the wishlist, and takes it off.
  await page.getByRole('main').getByRole('button', { name: 'Remove from wishlist' }).click();
  await expect(wishlistBadge(page, '0 items')).toBeVisible();
  await expect.poll(() => serverWishlist(page.request)).toEqual([]);
});

test('the wishlist is the server’s: a reload and Remove both keep to it', async ({ page, server }) => {
  await signInBrowser(page, server);
  await page.request.post('/api/wishlist/update', { headers, data: { wishlist: [{ id: 2 }, { id: 7 }] } });
  await page.goto('/wishlist');
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(2);
  await page
    .getByRole('article', { name: 'For Normal Skin' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(1);
  await expect.poll(() => serverWishlist(page.request)).toEqual([7]);
  await page.reload();
  await expect(page.getByRole('article', { name: 'Luxury Mitt Black' })).toBeVisible();
  await expect(wishlistBadge(page, '1 item')).toBeVisible();
});

test('a wishlist change the server refuses is undone and says why', async ({ page, server }) => {
  await signInBrowser(page, server);
  await page.goto('/product/3');
  await page.route('**/api/wishlist/update', (route) =>
    route.fulfill({ status: 400, json: { message: 'A wishlist can hold at most 100 items.' } }),
  );
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Add to wishlist' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Could not update your wishlist: A wishlist can hold at most 100 items.',
  );
  await expect(main.getByRole('button', { name: 'Add to wishlist' })).toBeVisible();
  await expect(wishlistBadge(page, '0 items')).toBeVisible();
  expect(await serverWishlist(page.request)).toEqual([]);
});
