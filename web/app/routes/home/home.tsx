import { lazy, Suspense } from 'react';
import { DeferredSection } from '../../../components/deferred-section';
import { ProductsSection } from '../../../features/catalogue/components/products-section';
import { useSearch } from '../../../features/search/search-provider';
import { lazyAfterLoad } from '../../../lib/lazy-after-load';
import { sectionIds } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useShopState } from '../../shop-state/shop-state-provider';
import { HeroSection } from './hero-section';
import './home.css';

// Below the grid: its form and the contact API load as the visitor nears it or goes to #contact.
const ContactSection = lazy(() =>
  import('../../../features/contact/components/contact-section').then((module) => ({
    default: module.ContactSection,
  })),
);

// Text the server renders for search engines and the first paint; its code is not in the first load. One
// element for every render (the home page re-renders as the cart fills): a boundary still waiting for its
// code keeps the server's HTML only while nothing above hands it new props.
const AboutSection = lazyAfterLoad(() => import('./about-section').then((module) => module.AboutSection));
const aboutSection = (
  <Suspense fallback={null}>
    <AboutSection />
  </Suspense>
);

// docs/product.md#campaign-links: shown only to a visitor a campaign link brought; its code (and the contract's
// code rules) is not in the first load, and the server renders nothing for it.
const PendingCouponBanner = lazyAfterLoad(() =>
  import('./pending-coupon-banner').then((module) => module.PendingCouponBanner),
);
const pendingCouponBanner = (
  <Suspense fallback={null}>
    <PendingCouponBanner />
  </Suspense>
);

export function HomeRoute() {
  const search = useSearch();
  const shopState = useShopState();
  useDocumentTitle(undefined);

  return (
    <>
      {pendingCouponBanner}
      <HeroSection />
      {aboutSection}
      <ProductsSection
        searchTerm={search.term}
        filterProducts={(products) => search.matcher?.matchProducts(products, search.term) ?? products}
        onClearSearch={search.clearSearch}
        actions={shopState}
      />
      <DeferredSection sectionId={sectionIds.contact} placeholderClassName="contact-placeholder">
        <ContactSection />
      </DeferredSection>
    </>
  );
}
