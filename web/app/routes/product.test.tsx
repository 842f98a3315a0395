import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { productRoutes } from '../../test/catalogue-pages';
import { jsonReply } from '../../test/fake-api';
import { aProduct, catalogue } from '../../test/products';
import { renderShop } from '../../test/render-shop';
import { deliveryRoute } from '../../test/shop-lists';

// Routes and dialogs load their code lazily, which takes a few seconds in happy-dom on a busy machine.
configure({ asyncUtilTimeout: 10_000 });

// docs/product.md#screens Product detail, Product not found and Page not found, in the whole app. The browser's
// part (the carousel's scrolling, CSS, failed images and code) is e2e/product.spec.ts.

const faceMitt = aProduct({
  ...catalogue[0],
  id: 1,
  images: ['/images/products/1-1.svg', '/images/products/1-2.svg', '/images/products/1-3.svg'],
  details: {
    whyChoose: 'Made for the face.',
    benefits: ['Gentle', 'Soft', 'Quick', 'Lasting', 'Washable'],
    changesObserved: 'Smoother skin.',
  },
});

function renderProduct(path: string) {
  return renderShop(path, {
    api: {
      ...productRoutes(catalogue),
      ...productRoutes([faceMitt]),
      'GET /api/products/999': () => jsonReply(404, { message: 'Product not found' }),
    },
  });
}

async function ourMittens() {
  const region = await screen.findByRole('region', { name: 'Our Mittens' });
  expect(await within(region).findAllByRole('article')).toHaveLength(7);
}

// The whole app renders in happy-dom: slow on a busy machine, never waiting on a clock.
describe('the product page', { timeout: 30_000 }, () => {
  it('shows its prices and details', async () => {
    renderProduct('/product/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Face Mitt' })).toBeTruthy();
    const main = screen.getByRole('main');
    expect(main.querySelector('s')?.textContent).toBe('₹399');
    expect(within(main).getByText('₹239', { exact: true })).toBeTruthy();
    expect(within(main).getByText('40% OFF')).toBeTruthy();
    expect(within(main).getByText('Rated 4 out of 5')).toBeTruthy();
    expect(within(main).getByRole('heading', { name: 'Why Choose Face Mitt' })).toBeTruthy();
    // The grid's copy shows first; the product's own reply brings its details.
    expect(
      await within(within(main).getByRole('region', { name: 'Benefits' })).findAllByRole('listitem'),
    ).toHaveLength(5);
    expect(within(main).getByRole('heading', { name: 'Changes Observed' })).toBeTruthy();
    expect(within(main).getByText('SKU', { exact: true })).toBeTruthy();
    expect(within(main).getByText('Category', { exact: true })).toBeTruthy();
    expect(document.title).toBe('Face Mitt · Ottoman Mittens');
  });

  it("moves the header's location to the pincode checked, and drops its date under a refused one (issue 45)", async () => {
    const user = userEvent.setup();
    renderShop('/product/1', {
      api: {
        ...productRoutes(catalogue),
        ...productRoutes([faceMitt]),
        ...deliveryRoute('560001', true, { city: 'Bengaluru', state: 'Karnataka' }),
      },
    });
    const field = await screen.findByLabelText('Check delivery');
    await user.type(field, '560001');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Delivery by Thu, 3 Dec')).toBeTruthy();
    const banner = screen.getByRole('banner');
    expect(await within(banner).findByRole('button', { name: 'Deliver to Bengaluru, 560001' })).toBeTruthy();

    await user.clear(field);
    await user.type(field, '05600');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByText('Pincode must be 6 digits and cannot start with 0')).toBeTruthy();
    expect(screen.queryByText('Delivery by Thu, 3 Dec')).toBeNull();
  });

  it('asks a visitor pressing Add to Cart to log in, and stays on the product', async () => {
    const user = userEvent.setup();
    const { api } = renderProduct('/product/2');
    await screen.findByRole('heading', { level: 1, name: 'For Normal Skin' });
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Add to Cart' }));
    // The login modal's code loads on its first opening, which takes a while in happy-dom.
    await waitFor(() => expect(document.querySelector('dialog[open]')).not.toBeNull(), { timeout: 15_000 });
    const dialog = screen.getByRole('dialog', { name: 'Login' });
    expect(within(dialog).getByRole('button', { name: 'Login' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Login' })).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'For Normal Skin' })).toBeTruthy();
    expect(api.callsTo('POST /api/cart/update')).toEqual([]);
  });

  it('shows Product not found for an unknown id, with Return to Home', async () => {
    const user = userEvent.setup();
    renderProduct('/product/999');
    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Return to Home' }));
    await ourMittens();
  });

  it('shows Product not found for an id that is not a number, without asking the API', async () => {
    const { api } = renderProduct('/product/not-a-number');
    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeTruthy();
    expect(api.calls.filter((call) => call.path.startsWith('/api/products/'))).toEqual([]);
  });
});

describe('an unknown page', { timeout: 30_000 }, () => {
  it('shows Page not found with a way home', async () => {
    const user = userEvent.setup();
    renderProduct('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    await user.click(within(screen.getByRole('main')).getByRole('link', { name: 'Go to Home' }));
    await ourMittens();
  });
});
