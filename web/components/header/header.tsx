import type { ReactNode } from 'react';
import { paths, sectionIds } from '../../lib/paths';
import { Link } from '../../lib/router';
import { CartIcon, CloseIcon, HeartIcon, MenuIcon, MittenMark, PinIcon } from '../icons';
import './header.css';
import { useMobileMenu } from './use-mobile-menu';
import { useScrolledPast } from './use-scrolled-past';

// docs/product.md#numbers-and-timings: the header takes its scrolled style past 10 px.
const SCROLLED_OFFSET_PX = 10;

interface HeaderProps {
  /** The search box (features/search), composed by the app. */
  search: ReactNode;
  /** The Login button for a visitor; the account dropdown once logged in. */
  account: ReactNode;
  /** docs/product.md#screens: 'city, pincode', one of them, or 'Set Location'. */
  locationLabel: string;
  /** docs/product.md#screens: the delivery-location block opens the Location modal. */
  onLocationClick: () => void;
  cartCount: number;
  wishlistCount: number;
}

// docs/product.md#screens: the menu's items scroll to products, about and contact (going to / first), and go to orders.
const menuItems = [
  { label: 'Products', to: paths.section(sectionIds.products) },
  { label: 'About', to: paths.section(sectionIds.about) },
  { label: 'Contact', to: paths.section(sectionIds.contact) },
  { label: 'Orders', to: paths.orders },
] as const;

function itemsLabel(count: number): string {
  return count === 1 ? '1 item' : `${count} items`;
}

/** 'city, pincode': the city is cut when space runs out, never the pincode (docs/product.md#screens). */
function LocationLabel({ label }: { label: string }) {
  const cut = label.lastIndexOf(', ');
  if (cut < 0) {
    return (
      <span className="location-block__label">
        <span className="location-block__place">{label}</span>
      </span>
    );
  }
  return (
    <span className="location-block__label">
      <span className="location-block__place">{label.slice(0, cut + 1)}</span>{' '}
      <span className="location-block__pincode">{label.slice(cut + 2)}</span>
    </span>
  );
}

export function Header({
  search,
  account,
  locationLabel,
  onLocationClick,
  cartCount,
  wishlistCount,
}: HeaderProps) {
  const scrolled = useScrolledPast(SCROLLED_OFFSET_PX);
  const menu = useMobileMenu();

  return (
    <header className={scrolled ? 'site-header site-header--scrolled' : 'site-header'}>
      <div className="site-header__bar">
        <button
          ref={menu.toggleRef}
          type="button"
          className="icon-button site-header__menu-toggle"
          aria-expanded={menu.open}
          aria-controls="site-menu"
          aria-label={menu.open ? 'Close menu' : 'Open menu'}
          onClick={menu.toggle}
        >
          {menu.open ? <CloseIcon /> : <MenuIcon />}
        </button>

        <Link to={paths.home} className="site-logo" aria-label="Ottoman Mittens, home">
          <MittenMark />
          <span className="site-logo__name">Ottoman</span>
        </Link>

        <nav
          ref={menu.menuRef}
          id="site-menu"
          className={menu.open ? 'site-nav site-nav--open' : 'site-nav'}
          aria-label="Main"
        >
          <ul className="site-nav__list">
            {menuItems.map((item) => (
              <li key={item.label}>
                <Link to={item.to} className="site-nav__link" onClick={menu.close}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className="site-header__search">{search}</div>

        <button type="button" className="location-block" onClick={onLocationClick}>
          <PinIcon />
          <span className="location-block__text">
            <span className="location-block__caption">Deliver to</span>{' '}
            <LocationLabel label={locationLabel} />
          </span>
        </button>

        <div className="site-header__actions">
          <Link
            to={paths.wishlist}
            className="icon-button badge-host"
            aria-label={`Wishlist, ${itemsLabel(wishlistCount)}`}
          >
            <HeartIcon />
            <span className="badge" aria-hidden="true">
              {wishlistCount}
            </span>
          </Link>
          <Link
            to={paths.cart}
            className="icon-button badge-host"
            aria-label={`Cart, ${itemsLabel(cartCount)}`}
          >
            <CartIcon />
            <span className="badge" aria-hidden="true">
              {cartCount}
            </span>
          </Link>
          {account}
        </div>
      </div>
      {menu.open && <div className="site-nav-backdrop" aria-hidden="true" />}
    </header>
  );
}
