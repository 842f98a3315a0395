import { messages } from '../../../../contracts/messages';
import { Button } from '../../../components/button';
import { paths } from '../../../lib/paths';
import { useNavigate } from '../../../lib/router';

/** docs/product.md#screens Product detail: an unknown id shows 'Product not found' with a 'Return to Home' button to /. */
export function ProductNotFound() {
  const navigate = useNavigate();
  return (
    <div className="message-page">
      <h1>{messages.productNotFound}</h1>
      <p>This mitten may have been renamed or is no longer in our collection.</p>
      <Button onClick={() => navigate(paths.home)}>Return to Home</Button>
    </div>
  );
}
