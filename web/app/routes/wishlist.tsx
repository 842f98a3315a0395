import { Button } from '../../components/button';
import { SignInFirst } from '../../features/auth/components/sign-in-first';
import { WishlistCard } from '../../features/wishlist/components/wishlist-card';
import { paths, sectionIds } from '../../lib/paths';
import { useNavigate } from '../../lib/router';
import { useSessionUser } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useShopState } from '../shop-state/shop-state-provider';

/** docs/product.md#screens Wishlist; a visitor is sent to /login, to come back here after logging in. */
export function WishlistRoute() {
  useDocumentTitle('My Wishlist');
  const signedIn = useSessionUser() !== null;
  const { wishlist, moveToCart } = useShopState();
  const navigate = useNavigate();

  if (!signedIn) return <SignInFirst returnTo={paths.wishlist} />;

  if (wishlist.isLoading) {
    return (
      <p className="status-text page" role="status">
        Loading...
      </p>
    );
  }

  if (wishlist.items.length === 0) {
    return (
      <div className="message-page">
        <h1>My Wishlist</h1>
        <h2>Your wishlist is empty</h2>
        <p>Browse our collection and add products you love</p>
        <Button onClick={() => navigate(paths.section(sectionIds.products))}>Shop Now</Button>
      </div>
    );
  }

  const single = wishlist.items.length === 1;
  return (
    <div className="container page">
      <h1 className="wishlist-page__title">My Wishlist</h1>
      <ul className={single ? 'wishlist-grid wishlist-grid--single' : 'wishlist-grid'}>
        {wishlist.items.map((item) => (
          <li key={item.id}>
            <WishlistCard
              item={item}
              onAddToCart={() => moveToCart(item)}
              onRemove={() => wishlist.remove(item.id)}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
