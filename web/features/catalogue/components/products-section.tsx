import { useState } from 'react';
import type { Product } from '../../../../contracts/catalogue';
import { Button } from '../../../components/button';
import { sectionIds } from '../../../lib/paths';
import { useProducts } from '../api/get-products';
import { useShuffledOrder } from '../hooks/use-shuffled-order';
import type { ProductActions } from '../product-actions';
import { orderProducts } from '../product-order';
import { type SortKey, sortProducts } from '../sort-products';
import { ProductCard } from './product-card';
import './products-section.css';
import { SortSelect } from './sort-select';

const SKELETON_CARDS = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];

interface ProductsSectionProps {
  searchTerm: string;
  /** The search in force (composed by the app from features/search). */
  filterProducts: (products: readonly Product[]) => readonly Product[];
  onClearSearch: () => void;
  actions: ProductActions;
}

/** docs/product.md#screens Home: the product grid with its heading, sort, search results and empty state. */
export function ProductsSection({
  searchTerm,
  filterProducts,
  onClearSearch,
  actions,
}: ProductsSectionProps) {
  const products = useProducts();
  const [sortKey, setSortKey] = useState<SortKey>('');
  const order = useShuffledOrder(
    products.data?.map((product) => product.id),
    searchTerm,
  );
  const searching = searchTerm.trim() !== '';
  const visible = products.data
    ? sortProducts(filterProducts(orderProducts(products.data, order)), sortKey)
    : [];
  const noMatches = products.isSuccess && visible.length === 0;

  return (
    <section id={sectionIds.products} className="section products-section" aria-labelledby="products-heading">
      <div className="container">
        <div className="products-section__head">
          <h2 id="products-heading" className="section__title">
            {searching ? 'Search Results' : 'Our Mittens'}
          </h2>
          <div className="products-section__tools">
            {searching && !noMatches && (
              <Button variant="secondary" onClick={onClearSearch}>
                Clear Search
              </Button>
            )}
            <SortSelect value={sortKey} onChange={setSortKey} />
          </div>
        </div>

        {products.isPending && (
          <>
            <p className="visually-hidden" role="status">
              Loading mittens…
            </p>
            <ul className="product-grid" aria-hidden="true">
              {SKELETON_CARDS.map((key) => (
                <li key={key} className="product-card product-card--skeleton">
                  <div className="product-card__media" />
                  <div className="product-card__body">
                    <div className="skeleton-line" />
                    <div className="skeleton-line" />
                    <div className="skeleton-line" />
                  </div>
                </li>
              ))}
            </ul>
          </>
        )}

        {products.isError && (
          <div className="products-section__message" role="alert">
            <p className="error-text">{products.error.message}</p>
            <Button onClick={() => products.refetch()}>Try again</Button>
          </div>
        )}

        {noMatches && (
          <div className="products-section__message">
            <p>No products found matching your search.</p>
            <Button variant="secondary" onClick={onClearSearch}>
              Clear Search
            </Button>
          </div>
        )}

        {visible.length > 0 && (
          <ul className="product-grid">
            {visible.map((product) => (
              <li key={product.id}>
                <ProductCard
                  product={product}
                  inCart={actions.isInCart(product.id)}
                  inWishlist={actions.isInWishlist(product.id)}
                  onToggleCart={actions.toggleCart}
                  onToggleWishlist={actions.toggleWishlist}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
