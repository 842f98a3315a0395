import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cardProductIds, photographedCatalogue, storedProductOrder } from '../../../test/catalogue-pages';
import { renderShop } from '../../../test/render-shop';

// Routes and dialogs load their code lazily, which takes a few seconds in happy-dom on a busy machine.
configure({ asyncUtilTimeout: 10_000 });

// docs/product.md#screens Home and #behaviour: the grid, its sorts and shuffles, a visitor's buttons, the footer.
// The real browser's part (CSS, scrolling, auto-play, failed images) is e2e/home.spec.ts.

function renderHome() {
  return renderShop('/', { api: { 'GET /api/products': { products: photographedCatalogue } } });
}

async function ourMittens(): Promise<HTMLElement> {
  const region = await screen.findByRole('region', { name: 'Our Mittens' });
  await within(region).findAllByRole('article');
  return region;
}

/** The login modal: its code loads on the first opening, which takes a while in happy-dom. */
async function loginDialog(): Promise<HTMLElement> {
  await waitFor(() => expect(document.querySelector('dialog[open]')).not.toBeNull(), { timeout: 15_000 });
  return screen.getByRole('dialog', { name: 'Login' });
}

function cards(region: HTMLElement): HTMLElement[] {
  return within(region).getAllByRole('article');
}

function rupees(elements: HTMLElement[], selector: string): number[] {
  return elements.map((card) => Number(card.querySelector(selector)?.textContent?.replace(/[^\d]/g, '')));
}

// The whole app renders in happy-dom: slow on a busy machine, never waiting on a clock.
describe('the home page', { timeout: 30_000 }, () => {
  it('shows the 7 mittens under Our Mittens, each with its prices, badge and buttons', async () => {
    renderHome();
    const region = await ourMittens();
    expect(screen.getByRole('heading', { level: 2, name: 'Our Mittens' })).toBeTruthy();
    expect(cards(region)).toHaveLength(7);

    const faceMitt = within(region).getByRole('article', { name: 'Face Mitt' });
    expect(faceMitt.querySelector('s')?.textContent).toBe('₹399');
    expect(within(faceMitt).getByText('₹239', { exact: true })).toBeTruthy();
    expect(within(faceMitt).getByText('40% OFF')).toBeTruthy();
    expect(within(faceMitt).getByRole('button', { name: 'Add to wishlist' })).toBeTruthy();
    expect(within(faceMitt).getByRole('button', { name: 'Add to Cart' })).toBeTruthy();
    expect(within(region).getAllByText('40% OFF')).toHaveLength(7);

    // docs/product.md#numbers-and-timings: carousel with dots, no arrows, lazy images with their size set.
    expect(within(faceMitt).getAllByRole('button', { name: /^Show image \d of 3$/ })).toHaveLength(3);
    expect(within(faceMitt).queryAllByRole('button', { name: /Next image|Previous image/ })).toHaveLength(0);
    const firstImage = within(faceMitt).getByRole('img', { name: 'Face Mitt, photo 1' });
    expect(firstImage.getAttribute('loading')).toBe('lazy');
    expect([firstImage.getAttribute('width'), firstImage.getAttribute('height')]).toEqual(['400', '400']);

    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Wishlist, 0 items' })).toBeTruthy();
    expect(within(banner).getByRole('link', { name: 'Cart, 0 items' })).toBeTruthy();
    expect(within(banner).getByText('Set Location')).toBeTruthy();
  });

  it('orders the cards by each sort, and goes back to the saved shuffle for Sort by', async () => {
    const user = userEvent.setup();
    renderHome();
    const region = await ourMittens();
    const sort = screen.getByRole('combobox', { name: 'Sort products' });
    expect(
      within(sort)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Sort by', 'Price: Low to High', 'Rating: High to Low', 'Discount: High to Low']);

    // docs/product.md#entities: the catalogue's list prices and ratings; every product has a 40% discount.
    await user.selectOptions(sort, 'Price: Low to High');
    expect(rupees(cards(region), 's')).toEqual([399, 649, 899, 949, 949, 999, 999]);
    expect(rupees(cards(region), 'strong')).toEqual([239, 389, 539, 569, 569, 599, 599]);
    expect(cards(region)[0]?.getAttribute('aria-labelledby')).toBeTruthy();
    expect(within(region).getAllByRole('article')[0]).toBe(
      within(region).getByRole('article', { name: 'Face Mitt' }),
    );

    await user.selectOptions(sort, 'Rating: High to Low');
    const ratings = within(region)
      .getAllByText(/^Rated \d out of 5$/)
      .map((element) => Number(/Rated (\d)/.exec(element.textContent ?? '')?.[1]));
    expect(ratings).toEqual([5, 5, 5, 4, 4, 4, 3]);
    expect(cards(region).at(-1)).toBe(within(region).getByRole('article', { name: 'For Sensitive Skin' }));

    await user.selectOptions(sort, 'Discount: High to Low');
    const discounts = within(region)
      .getAllByText(/^\d+% OFF$/)
      .map((element) => Number(element.textContent?.replace(/[^\d]/g, '')));
    expect(discounts).toHaveLength(7);
    expect(discounts).toEqual([...discounts].sort((a, b) => b - a));

    // Back to 'Sort by': the shuffled order saved in local storage.
    await user.selectOptions(sort, 'Sort by');
    expect(cardProductIds(region)).toEqual(storedProductOrder());
  });

  it('shuffles the unsorted grid on each grid load and saves it as ottomanProductOrder', async () => {
    const user = userEvent.setup();
    renderHome();
    const orders = new Set<string>();
    for (let load = 0; load < 4; load++) {
      if (load > 0) {
        // Another page and home again: the grid loads anew (docs/product.md#behaviour).
        await user.click(
          within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Privacy Policy' }),
        );
        await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
        await user.click(screen.getByRole('link', { name: 'Ottoman Mittens, home' }));
      }
      const shown = cardProductIds(await ourMittens());
      expect(storedProductOrder()).toEqual(shown);
      expect([...shown].sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
      orders.add(shown.join(','));
    }
    // Four identical shuffles of 7 cards happen once in 10^11 runs.
    expect(orders.size).toBeGreaterThan(1);
  });

  it('asks a visitor pressing Add to Cart or the wishlist heart to log in, and saves nothing', async () => {
    const user = userEvent.setup();
    const { api } = renderHome();
    const card = within(await ourMittens()).getByRole('article', { name: 'Soft Mitt' });

    await user.click(within(card).getByRole('button', { name: 'Add to wishlist' }));
    const dialog = await loginDialog();
    expect(within(dialog).getByRole('button', { name: 'Login' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Login' })).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'Add to Cart' }));
    await loginDialog();
    expect(screen.getByRole('link', { name: 'Cart, 0 items' })).toBeTruthy();
    expect(api.callsTo('POST /api/cart/update')).toEqual([]);
    expect(api.callsTo('POST /api/wishlist/update')).toEqual([]);
  });

  it('has a footer with its four columns, the social links, the copyright line and the policy links', async () => {
    const user = userEvent.setup();
    renderHome();
    await ourMittens();
    const footer = screen.getByRole('contentinfo');
    for (const heading of ['About Mitten', 'Help', 'Quick Links', 'Follow Us']) {
      expect(within(footer).getByRole('heading', { name: heading })).toBeTruthy();
    }
    expect(within(footer).getByRole('link', { name: 'Instagram' }).getAttribute('href')).toMatch(
      /instagram\.com/,
    );
    expect(within(footer).getByRole('link', { name: 'Facebook' }).getAttribute('href')).toMatch(
      /facebook\.com/,
    );
    // The year is the clock's, never a year written in the code.
    expect(
      within(footer).getByText(`© ${new Date().getFullYear()} Ottoman Mittens. All rights reserved.`),
    ).toBeTruthy();

    await user.click(within(footer).getByRole('link', { name: 'Shipping and Delivery' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Shipping and Delivery Policy' }),
    ).toBeTruthy();
  });
});
