import { lazy } from 'react';
import { DeferredSection } from '../../../components/deferred-section';
import { ProductsSection } from '../../../features/catalogue/components/products-section';
import { filterByTitle } from '../../../features/search/match-products';
import { useSearch } from '../../../features/search/search-provider';
import { sectionIds } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useShopState } from '../../shop-state/shop-state-provider';
import { AboutSection } from './about-section';
import { HeroSection } from './hero-section';
import './home.css';

// Below the grid: its form and the contact API load as the visitor nears it or goes to #contact.
const ContactSection = lazy(() =>
  import('../../../features/contact/components/contact-section').then((module) => ({
    default: module.ContactSection,
  })),
);

export function HomeRoute() {
  const search = useSearch();
  const shopState = useShopState();
  useDocumentTitle(undefined);

  return (
    <>
      <HeroSection />
      <AboutSection />
      <ProductsSection
        searchTerm={search.term}
        filterProducts={(products) => filterByTitle(products, search.term)}
        onClearSearch={search.clearSearch}
        actions={shopState}
      />
      <DeferredSection sectionId={sectionIds.contact} placeholderClassName="contact-placeholder">
        <ContactSection />
      </DeferredSection>
    </>
  );
}
