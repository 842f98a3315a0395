import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { cardTitles, productRoutes, storedProductOrder } from '../../../test/catalogue-pages';
import { catalogue } from '../../../test/products';
import { renderShop } from '../../../test/render-shop';
import { loadProductMatcher } from '../product-matcher';

// Routes and dialogs load their code lazily, which takes a few seconds in happy-dom on a busy machine.
configure({ asyncUtilTimeout: 10_000 });

// docs/product.md#behaviour Search, on the home page of the whole app. Any other search submitted goes to
// /#products and scrolls to the results: a browser's part (and the memory router keeps no hash), in
// e2e/product.spec.ts.

// The matcher's chunk loads as the app starts (web/main.tsx); here it is loaded before the first test.
beforeAll(async () => {
  await loadProductMatcher();
});

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
  it('filters the grid under Search Results, and Clear Search restores all 7', async () => {
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

  it('suggests exactly the results: title, description or category, in any case, plural or with a typo', async () => {
    const user = userEvent.setup();
    await renderHome();
    // web/test/products.ts: every description but For Sensitive Skin's says "mitten"; three are premium.
    const everyMittenButSensitive = cardTitles(results()).filter((title) => title !== 'For Sensitive Skin');
    const expectations: [string, string[]][] = [
      ['mitten', everyMittenButSensitive],
      ['GLOVES', everyMittenButSensitive],
      ['mitt', everyMittenButSensitive],
      ['sof', ['Luxury Soft Mitt', 'Soft Mitt']],
      ['prémium', ['Luxury Mitt', 'Luxury Mitt Black', 'Soft Mitt']],
      ['gantle', ['For Sensitive Skin']],
    ];
    for (const [query, titles] of expectations) {
      await user.clear(searchBox());
      await user.type(searchBox(), query);
      expect(cardTitles(results()), query).toEqual(titles);
      const suggested = within(suggestions())
        .getAllByRole('option')
        .map((option) => option.querySelector('.search-box__option-title')?.textContent ?? '');
      // At most six suggestions: the first of the results.
      expect(suggested.length, query).toBe(Math.min(6, titles.length));
      for (const title of suggested) expect(titles, query).toContain(title);
    }
  });

  it('shows the results of the query in the URL, with the query in the box', async () => {
    renderShop('/?q=sof', { api: productRoutes(catalogue) });
    const region = await screen.findByRole('region', { name: 'Search Results' });
    await within(region).findAllByRole('article');
    expect(cardTitles(region)).toEqual(['Luxury Soft Mitt', 'Soft Mitt']);
    expect(searchBox().value).toBe('sof');
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
