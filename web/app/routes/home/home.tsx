import { ProductsSection } from '../../../features/catalogue/components/products-section';
import { ContactSection } from '../../../features/contact/components/contact-section';
import { filterByTitle } from '../../../features/search/match-products';
import { useSearch } from '../../../features/search/search-provider';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useShopState } from '../../shop-state/shop-state-provider';
import { AboutSection } from './about-section';
import { HeroSection } from './hero-section';
import './home.css';

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
      <ContactSection />
    </>
  );
}
