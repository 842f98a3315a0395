import './catalogue.css';

export function DiscountBadge({ discount }: { discount: number }) {
  if (discount <= 0) return null;
  return <span className="discount-badge">{discount}% OFF</span>;
}
