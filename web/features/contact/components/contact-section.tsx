import { replyTimeText } from '../../../../contracts/shop';
import { telephoneHref, useShopDetails } from '../../../lib/get-shop-details';
import { sectionIds } from '../../../lib/paths';
import { ContactForm } from './contact-form';
import './contact.css';

/**
 * docs/product.md#screens Home: customer care's e-mail and phone and the seller's address, as the owner's settings
 * give them (what is not filled in is left out), then the 'Send a Message' form.
 */
export function ContactSection() {
  const seller = useShopDetails().data?.seller;
  const email = seller?.email ?? '';
  const phone = seller?.phone ?? '';
  const address = seller?.address ?? '';
  return (
    <section id={sectionIds.contact} className="section contact-section" aria-labelledby="contact-heading">
      <div className="container contact-section__inner">
        <div className="contact-section__details">
          <h2 id="contact-heading" className="section__title">
            Contact Us
          </h2>
          <p>{`Questions about your skin, an order or a gift? Write to us; we reply ${replyTimeText()}.`}</p>
          {(email || phone || address) && (
            <dl className="contact-details">
              {email && (
                <div>
                  <dt>Email</dt>
                  <dd>
                    <a href={`mailto:${email}`}>{email}</a>
                  </dd>
                </div>
              )}
              {phone && (
                <div>
                  <dt>Phone</dt>
                  <dd>
                    <a href={telephoneHref(phone)}>{phone}</a>
                  </dd>
                </div>
              )}
              {address && (
                <div>
                  <dt>Address</dt>
                  <dd>
                    <address>{address}</address>
                  </dd>
                </div>
              )}
            </dl>
          )}
        </div>
        <ContactForm />
      </div>
    </section>
  );
}
