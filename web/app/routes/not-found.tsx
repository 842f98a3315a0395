import { buttonClassName } from '../../components/button';
import { paths } from '../../lib/paths';
import { Link } from '../../lib/router';
import { useDocumentTitle } from '../../lib/use-document-title';

export function NotFoundRoute() {
  useDocumentTitle('Page not found');
  return (
    <div className="message-page">
      <h1>Page not found</h1>
      <p>We could not find the page you were looking for. Our mittens are just one click away.</p>
      <Link className={buttonClassName()} to={paths.home}>
        Go to Home
      </Link>
    </div>
  );
}
