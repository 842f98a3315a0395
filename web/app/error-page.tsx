import { buttonClassName } from '../components/button';
import { paths } from '../lib/paths';

/**
 * docs/product.md#screens Other: router and render errors land on a default error page. Its links reload the page, which
 * also recovers from a lazy chunk that failed to load after a new release.
 */
export function ErrorPage() {
  return (
    <div className="message-page" role="alert">
      <h1>Something went wrong</h1>
      <p>Sorry, this page could not be shown. Please try again, or head back to our mittens.</p>
      <a className={buttonClassName()} href={paths.home}>
        Go to Home
      </a>
    </div>
  );
}
