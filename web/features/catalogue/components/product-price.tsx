import type { Product } from '../../../../contracts/catalogue';
import { formatRupees } from '../../../../contracts/format';
import './catalogue.css';

/** docs/product.md#money: the list price struck through, then the discounted price. */
export function ProductPrice({ product, large = false }: { product: Product; large?: boolean }) {
  return (
    <p className={large ? 'price price--large' : 'price'}>
      <span className="visually-hidden">Original price</span>
      <s className="price__list">{formatRupees(product.price)}</s>{' '}
      <span className="visually-hidden">Offer price</span>
      <strong className="price__now">{formatRupees(product.discountedPrice)}</strong>
    </p>
  );
}
