import { lazy, Suspense, useState } from 'react';
import { Button } from '../../components/button';
import '../../components/header/account-menu.css';
import { Header } from '../../components/header/header';
import { useLogOut } from '../../features/auth/hooks/use-log-out';
import { greetingName } from '../../features/auth/user-names';
import { useProducts } from '../../features/catalogue/api/get-products';
import { SearchBox } from '../../features/search/components/search-box';
import { lazyAfterLoad } from '../../lib/lazy-after-load';
import { paths } from '../../lib/paths';
import { useNavigate } from '../../lib/router';
import { useSessionUser } from '../../lib/session';
import { useLoginPrompt } from '../shop-state/login-prompt';
import { useShopState } from '../shop-state/shop-state-provider';

const LocationDialog = lazy(() =>
  import('../../features/location/components/location-dialog').then((module) => ({
    default: module.LocationDialog,
  })),
);

// Only a signed-in shopper sees it, and never in the server's HTML: its code is not in the first load. Its
// styles are, so the greeting it stands in for until then looks the same.
const AccountMenu = lazyAfterLoad(() =>
  import('../../components/header/account-menu').then((module) => module.AccountMenu),
);

export function AppHeader() {
  const products = useProducts();
  const shopState = useShopState();
  const user = useSessionUser();
  const { openLogin } = useLoginPrompt();
  const logOut = useLogOut();
  const navigate = useNavigate();
  // undefined until first opened: the modal's code loads then.
  const [locationOpen, setLocationOpen] = useState<boolean | undefined>();

  return (
    <>
      <Header
        search={<SearchBox products={products.data ?? []} />}
        locationLabel={shopState.locationLabel}
        onLocationClick={() => setLocationOpen(true)}
        cartCount={shopState.cartCount}
        wishlistCount={shopState.wishlistCount}
        account={
          user ? (
            <Suspense
              fallback={
                <div className="account-menu">
                  <span className="account-menu__toggle">
                    <span className="account-menu__greeting">Hi, {greetingName(user)}</span>
                  </span>
                </div>
              }
            >
              <AccountMenu
                greeting={greetingName(user)}
                email={user.email}
                onLogout={() => void logOut(paths.home)}
              />
            </Suspense>
          ) : (
            <Button variant="primary" onClick={() => openLogin({ mode: 'login' })}>
              Login
            </Button>
          )
        }
      />
      {locationOpen !== undefined && (
        <Suspense fallback={null}>
          <LocationDialog
            open={locationOpen}
            user={user}
            onClose={() => setLocationOpen(false)}
            onUpdateAddress={() => {
              setLocationOpen(false);
              navigate(paths.profile);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
