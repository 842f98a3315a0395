import { useNavigate } from 'react-router';
import { Button } from '../../components/button';
import { Header } from '../../components/header/header';
import { useProducts } from '../../features/catalogue/api/get-products';
import { SearchBox } from '../../features/search/components/search-box';
import { paths } from '../../lib/paths';
import { useShopState } from '../shop-state/shop-state-provider';

export function AppHeader() {
  const products = useProducts();
  const shopState = useShopState();
  const navigate = useNavigate();

  return (
    <Header
      search={<SearchBox products={products.data ?? []} />}
      locationLabel={shopState.locationLabel}
      cartCount={shopState.cartCount}
      wishlistCount={shopState.wishlistCount}
      // The accounts issue turns this into the login modal and, once logged in, the account dropdown.
      account={
        <Button variant="primary" onClick={() => navigate(paths.login)}>
          Login
        </Button>
      }
    />
  );
}
