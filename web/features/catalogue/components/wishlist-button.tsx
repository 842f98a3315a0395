import { HeartIcon } from '../../../components/icons';
import './catalogue.css';

interface WishlistButtonProps {
  inWishlist: boolean;
  onClick: () => void;
  className?: string;
}

export function WishlistButton({ inWishlist, onClick, className }: WishlistButtonProps) {
  return (
    <button
      type="button"
      className={['wishlist-button', inWishlist && 'wishlist-button--active', className]
        .filter(Boolean)
        .join(' ')}
      aria-label={inWishlist ? 'Remove from wishlist' : 'Add to wishlist'}
      onClick={onClick}
    >
      <HeartIcon filled={inWishlist} />
    </button>
  );
}
