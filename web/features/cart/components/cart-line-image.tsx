import { ImageWithFallback } from '../../../components/image-with-fallback';
import type { CartProduct } from '../cart-lines';

const LINE_IMAGE_SIZE = 112;

/** The product's first photo, or the 'No Image' placeholder when it has none (docs/product.md#messages). */
export function CartLineImage({ product }: { product: CartProduct }) {
  return (
    <ImageWithFallback
      src={product.images[0] ?? product.img}
      alt=""
      width={LINE_IMAGE_SIZE}
      height={LINE_IMAGE_SIZE}
      loading="lazy"
      decoding="async"
    />
  );
}
