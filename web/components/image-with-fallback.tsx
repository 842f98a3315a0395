import { type ImgHTMLAttributes, useEffect, useRef, useState } from 'react';
import './image-with-fallback.css';
import { ResponsiveImage } from './responsive-image';

interface ImageWithFallbackProps extends ImgHTMLAttributes<HTMLImageElement> {
  /** Missing: the placeholder at once (docs/product.md#screens Checkout: 'placeholder if missing'). */
  src: string | undefined;
  alt: string;
  width: number;
  height: number;
  /** How wide the image is drawn, for an uploaded image's `srcset` (docs/architecture.md#product-images). */
  sizes?: string;
}

/** docs/product.md#messages: an image that fails to load, or has no source, is swapped for a placeholder reading 'No Image'. */
export function ImageWithFallback({ src, alt, width, height, className, ...props }: ImageWithFallbackProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const imageRef = useRef<HTMLImageElement>(null);

  // docs/architecture.md#pages-as-html: in HTML from the server an image can fail before hydration, when no
  // onError listens yet; a complete image without pixels has failed.
  useEffect(() => {
    const image = imageRef.current;
    if (src && image?.complete && image.naturalWidth === 0) setFailedSrc(src);
  }, [src]);

  if (!src || failedSrc === src) {
    return <div className={['image-fallback', className].filter(Boolean).join(' ')}>No Image</div>;
  }
  return (
    <ResponsiveImage
      ref={imageRef}
      src={src}
      alt={alt}
      width={width}
      height={height}
      className={className}
      onError={() => setFailedSrc(src)}
      {...props}
    />
  );
}
