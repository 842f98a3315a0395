import { messages } from '../../../../contracts/messages';
import { buttonClassName } from '../../../components/button';
import { paths } from '../../../lib/paths';
import { Link } from '../../../lib/router';

/** docs/product.md#screens Product detail: an unknown id shows 'Product not found' with a 'Return to Home' link to /, styled as a button. */
export function ProductNotFound() {
  return (
    <div className="message-page">
      <h1>{messages.productNotFound}</h1>
      <p>This mitten may have been renamed or is no longer in our collection.</p>
      {/* A link, so it works before (or without) the page's JavaScript. */}
      <Link className={buttonClassName()} to={paths.home}>
        Return to Home
      </Link>
    </div>
  );
}
