import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BrowserRouter } from '../../lib/router';
import { createQueryWrapper } from '../../test/query-wrapper';
import { loadProductMatcher } from './product-matcher';
import { SearchProvider, useSearch } from './search-provider';

// docs/product.md#search-matching, issue 45: each search is its own history entry, in the browser's own
// history (the memory router of the page tests keeps none): Back after three searches shows the second.

beforeAll(async () => {
  await loadProductMatcher();
});

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

/** The box as the header has it, without the suggestions: typing, and Enter showing the results. */
function Box() {
  const { term, setTerm, showResults } = useSearch();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        showResults(term);
      }}
    >
      <input aria-label="Search mittens" value={term} onChange={(event) => setTerm(event.target.value)} />
    </form>
  );
}

function renderBox() {
  const { wrapper: Wrapper } = createQueryWrapper();
  render(
    <Wrapper>
      <BrowserRouter>
        <SearchProvider>
          <Box />
        </SearchProvider>
      </BrowserRouter>
    </Wrapper>,
  );
  return screen.getByRole('textbox', { name: 'Search mittens' }) as HTMLInputElement;
}

const address = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

async function back() {
  await act(async () => {
    window.history.back();
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
}

describe('the search in the history', () => {
  it('gives each search one entry, whether typed or submitted; Back goes to the search before', async () => {
    window.history.replaceState(null, '', '/');
    const box = renderBox();
    const user = userEvent.setup();
    const start = window.history.length;

    for (const query of ['soft', 'luxury', 'face']) {
      await user.clear(box);
      await user.type(box, `${query}{Enter}`);
      await waitFor(() => expect(address()).toBe(`/?q=${query}#products`));
    }
    expect(window.history.length - start).toBe(3);

    await back();
    await waitFor(() => expect(address()).toBe('/?q=luxury#products'));
    expect(box.value).toBe('luxury');
    await back();
    await waitFor(() => expect(address()).toBe('/?q=soft#products'));
    expect(box.value).toBe('soft');
  });

  it('adds one entry for a search typed and not submitted, not one a letter', async () => {
    window.history.replaceState(null, '', '/');
    const box = renderBox();
    const user = userEvent.setup();
    const start = window.history.length;
    await user.type(box, 'silk');
    expect(address()).toBe('/?q=silk');
    expect(window.history.length - start).toBe(1);
    await back();
    await waitFor(() => expect(address()).toBe('/'));
  });
});
