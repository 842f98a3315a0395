import type { SellerDetails } from '../../../../contracts/public-config';
import { hasSellerDetails, telephoneHref } from '../../../lib/get-shop-details';
import { grievanceSectionId, paths, sectionIds } from '../../../lib/paths';
import { Link } from '../../../lib/router';

function EmailLink({ email }: { email: string }) {
  return <a href={`mailto:${email}`}>{email}</a>;
}

function PhoneLink({ phone }: { phone: string }) {
  return <a href={telephoneHref(phone)}>{phone}</a>;
}

/**
 * docs/product.md#seller-and-grievance-officer: the Consumer Protection (E-Commerce) Rules, 2020 ask every policy
 * page to name the seller, its contact and its grievance officer, and to say how complaints are handled. What
 * the owner has not filled in yet is left out; with nothing filled in, the section is.
 */
export function SellerAndGrievanceOfficer({ seller }: { seller: SellerDetails | undefined }) {
  if (!hasSellerDetails(seller)) return null;
  const officer = seller.grievanceOfficer;
  return (
    <section
      id={grievanceSectionId}
      className="policy-page__section policy-page__seller"
      aria-labelledby={`${grievanceSectionId}-heading`}
    >
      <h2 id={`${grievanceSectionId}-heading`}>Seller and grievance officer</h2>
      <dl className="policy-page__facts">
        {seller.legalName && (
          <div>
            <dt>Seller</dt>
            <dd>{seller.legalName}</dd>
          </div>
        )}
        {seller.address && (
          <div>
            <dt>Address</dt>
            <dd>{seller.address}</dd>
          </div>
        )}
        {(seller.email || seller.phone) && (
          <div>
            <dt>Customer care</dt>
            <dd>
              {seller.email && <EmailLink email={seller.email} />}
              {seller.email && seller.phone && ', '}
              {seller.phone && <PhoneLink phone={seller.phone} />}
            </dd>
          </div>
        )}
        {officer && (
          <div>
            <dt>Grievance officer</dt>
            <dd>
              {`${officer.name}, ${officer.designation}`}
              <br />
              <EmailLink email={officer.email} />, <PhoneLink phone={officer.phone} />
            </dd>
          </div>
        )}
      </dl>
      <p>
        {'To make a complaint, write to '}
        {officer ? 'our grievance officer' : 'us'}
        {' or use the '}
        <Link to={paths.section(sectionIds.contact)}>contact form</Link>
        {
          ' and choose “A complaint”: you get a complaint number at once. We acknowledge every complaint within 48 hours and resolve it within one month of receiving it, as the Consumer Protection (E-Commerce) Rules, 2020 require.'
        }
      </p>
    </section>
  );
}
