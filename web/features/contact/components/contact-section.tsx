import { replyTimeText, shop } from '../../../../contracts/shop';
import { sectionIds } from '../../../lib/paths';
import { ContactForm } from './contact-form';
import './contact.css';

function telephoneHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** docs/product.md#screens Home: the shop's e-mail, phone and address, then the 'Send a Message' form. */
export function ContactSection() {
  return (
    <section id={sectionIds.contact} className="section contact-section" aria-labelledby="contact-heading">
      <div className="container contact-section__inner">
        <div className="contact-section__details">
          <h2 id="contact-heading" className="section__title">
            Contact Us
          </h2>
          <p>{`Questions about your skin, an order or a gift? Write to us; we reply ${replyTimeText()}.`}</p>
          <dl className="contact-details">
            <div>
              <dt>Email</dt>
              <dd>
                <a href={`mailto:${shop.email}`}>{shop.email}</a>
              </dd>
            </div>
            <div>
              <dt>Phone</dt>
              <dd>
                <a href={telephoneHref(shop.phone)}>{shop.phone}</a>
              </dd>
            </div>
            <div>
              <dt>Address</dt>
              <dd>
                <address>{shop.address}</address>
              </dd>
            </div>
          </dl>
        </div>
        <ContactForm />
      </div>
    </section>
  );
}
