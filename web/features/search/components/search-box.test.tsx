import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cardTitles, productRoutes, storedProductOrder } from '../../../test/catalogue-pages';
import { catalogue } from '../../../test/products';
import { renderShop } from '../../../test/render-shop';

// Routes and dialogs load their code lazily, which takes a few seconds in happy-dom on a busy machine.
configure({ asyncUtilTimeout: 10_000 });

// docs/product.md#behaviour Search, on the home page of the whole app. Any other search submitted goes to
// /#products and scrolls to the results: a browser's part (and the memory router keeps no hash), in
// e2e/product.spec.ts.

async function renderHome() {
  const result = renderShop('/', { api: productRoutes(catalogue) });
  await within(await screen.findByRole('region', { name: 'Our Mittens' })).findAllByRole('article');
  return result;
}

function searchBox(): HTMLInputElement {
  return screen.getByRole('combobox', { name: 'Search mittens' });
}

function suggestions(): HTMLElement {
  return screen.getByRole('listbox', { name: 'Suggestions' });
}

/** A suggestion's name is its title followed by its category. */
function suggestion(title: string): HTMLElement {
  return within(suggestions()).getByRole('option', { name: new RegExp(`^${title} (bath|gloves|premium)$`) });
}

function results(): HTMLElement {
  return screen.getByRole('region', { name: /^(Our Mittens|Search Results)$/ });
}

// The whole app renders in happy-dom: slow on a busy machine, never waiting on a clock.
describe('the search box', { timeout: 30_000 }, () => {
  it('filters the grid by title under Search Results, and Clear Search restores all 7', async () => {
    const user = userEvent.setup();
    await renderHome();
    await user.type(searchBox(), 'luxury');
    expect(screen.getByRole('heading', { name: 'Search Results' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Our Mittens' })).toBeNull();
    expect(cardTitles(results())).toEqual(['Luxury Mitt', 'Luxury Mitt Black', 'Luxury Soft Mitt']);

    expect(suggestions().hidden).toBe(false);
    for (const title of ['Luxury Mitt', 'Luxury Soft Mitt', 'Luxury Mitt Black']) {
      expect(suggestion(title)).toBeTruthy();
    }

    await user.click(screen.getByRole('button', { name: 'Clear Search' }));
    expect(screen.getByRole('heading', { name: 'Our Mittens' })).toBeTruthy();
    expect(within(results()).getAllByRole('article')).toHaveLength(7);
    expect(searchBox().value).toBe('');
  });

  it('suggests by category too, while the grid matches titles only', async () => {
    const user = userEvent.setup();
    await renderHome();
    await user.type(searchBox(), 'premium');
    // docs/product.md#entities: Luxury Mitt, Soft Mitt and Luxury Mitt Black are the premium mittens.
    for (const title of ['Luxury Mitt', 'Soft Mitt', 'Luxury Mitt Black']) {
      expect(suggestion(title)).toBeTruthy();
    }
    expect(suggestions().hidden).toBe(false);
    expect(screen.getByText('No products found matching your search.')).toBeTruthy();
  });

  it('shows the empty text for a search without matches; Clear Search brings back the 7, reshuffled', async () => {
    const user = userEvent.setup();
    await renderHome();
    window.localStorage.removeItem('ottomanProductOrder');
    await user.type(searchBox(), 'zzz');
    expect(screen.getByRole('heading', { name: 'Search Results' })).toBeTruthy();
    expect(screen.getByText('No products found matching your search.')).toBeTruthy();
    expect(within(results()).queryAllByRole('article')).toHaveLength(0);
    expect(screen.queryByRole('listbox', { name: 'Suggestions' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Clear Search' }));
    expect(screen.getByRole('heading', { name: 'Our Mittens' })).toBeTruthy();
    expect(within(results()).getAllByRole('article')).toHaveLength(7);
    expect(screen.queryByText('No products found matching your search.')).toBeNull();
    expect(searchBox().value).toBe('');
    // docs/product.md#behaviour: clearing the search reshuffles and saves the order.
    const saved = storedProductOrder() as number[];
    expect([...saved].sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('fills the box with a clicked suggestion and opens that product', async () => {
    const user = userEvent.setup();
    await renderHome();
    await user.type(searchBox(), 'face');
    await user.click(suggestion('Face Mitt'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Face Mitt' })).toBeTruthy();
    expect(searchBox().value).toBe('Face Mitt');
  });

  it('opens the product of an exact title on Enter', async () => {
    const user = userEvent.setup();
    await renderHome();
    await user.type(searchBox(), 'soft mitt{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Soft Mitt' })).toBeTruthy();
  });

  it('works from the keyboard', async () => {
    const user = userEvent.setup();
    await renderHome();
    await user.type(searchBox(), 'sensitive');
    await user.keyboard('{ArrowDown}');
    expect(suggestion('For Sensitive Skin').getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'For Sensitive Skin' })).toBeTruthy();
  });
});
