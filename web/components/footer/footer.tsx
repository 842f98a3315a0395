import { formatFee } from '../../../contracts/format';
import type { SellerDetails } from '../../../contracts/public-config';
import { shop } from '../../../contracts/shop';
import { hasSellerDetails, telephoneHref, useShopDetails } from '../../lib/get-shop-details';
import { grievanceDetailsPath, paths, sectionIds } from '../../lib/paths';
import { Link } from '../../lib/router';
import { FacebookIcon, InstagramIcon } from './social-icons';

// The policy pages' titles live with their texts (a lazy chunk); the footer keeps its own short labels.
const helpLinks = [
  { label: 'Terms and Conditions', to: paths.policies.terms },
  { label: 'Privacy Policy', to: paths.policies.privacy },
  { label: 'Cancellation and Refund', to: paths.policies.cancellationRefund },
  { label: 'Shipping and Delivery', to: paths.policies.shippingDelivery },
] as const;

const quickLinks = [
  { label: 'Home', to: paths.section(sectionIds.home) },
  { label: 'Our Mittens', to: paths.section(sectionIds.products) },
  { label: 'About Us', to: paths.section(sectionIds.about) },
  { label: 'Contact', to: paths.section(sectionIds.contact) },
] as const;

/** docs/product.md#seller-and-grievance-officer: who sells, where, how to reach them, and whom to complain to. */
function SellerLine({ seller }: { seller: SellerDetails }) {
  const soldBy = [seller.legalName, seller.address].filter(Boolean).join(', ');
  return (
    <address className="site-footer__seller">
      {soldBy && <p>{`Sold by ${soldBy}`}</p>}
      {(seller.email || seller.phone) && (
        <p>
          {'Customer care: '}
          {seller.email && <a href={`mailto:${seller.email}`}>{seller.email}</a>}
          {seller.email && seller.phone && ' · '}
          {seller.phone && <a href={telephoneHref(seller.phone)}>{seller.phone}</a>}
        </p>
      )}
      <p>
        <Link to={grievanceDetailsPath}>Grievance officer and complaints</Link>
      </p>
    </address>
  );
}

export function Footer() {
  const details = useShopDetails().data;
  const seller = details?.seller;
  const cod = details?.cashOnDelivery;
  return (
    <footer className="site-footer">
      <div className="site-footer__columns container">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="site-footer__heading">
            About Mitten
          </h2>
          <p>
            Ottoman makes Turkish-style silk kese mittens for a gentle, thorough scrub. Wet skin, a few slow
            strokes, and you are ready for the day: no soaps or chemicals needed.
          </p>
        </section>
        <nav aria-labelledby="footer-help">
          <h2 id="footer-help" className="site-footer__heading">
            Help
          </h2>
          <ul className="site-footer__list">
            {helpLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="site-footer__heading">
            Quick Links
          </h2>
          <ul className="site-footer__list">
            {quickLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-follow">
          <h2 id="footer-follow" className="site-footer__heading">
            Follow Us
          </h2>
          <ul className="site-footer__list">
            <li>
              <a
                className="site-footer__social"
                href={shop.social.instagram}
                target="_blank"
                rel="noopener noreferrer"
              >
                <InstagramIcon /> Instagram
              </a>
            </li>
            <li>
              <a
                className="site-footer__social"
                href={shop.social.facebook}
                target="_blank"
                rel="noopener noreferrer"
              >
                <FacebookIcon /> Facebook
              </a>
            </li>
          </ul>
          {/* docs/product.md#policies: every way to pay the shop offers, cash on delivery with its fee. */}
          <p className="site-footer__payments">
            {`We accept UPI, Visa and Mastercard${cod ? `, and cash on delivery (${formatFee(cod.feePaise)} fee)` : ''}.`}
          </p>
        </section>
      </div>
      <div className="site-footer__bottom container">
        {hasSellerDetails(seller) && <SellerLine seller={seller} />}
        <p>{`© ${new Date().getFullYear()} Ottoman Mittens. All rights reserved.`}</p>
        <p>Crafted with care in India by the Ottoman team.</p>
      </div>
    </footer>
  );
}
