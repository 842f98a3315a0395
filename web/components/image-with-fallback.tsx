import { type ImgHTMLAttributes, useState } from 'react';
import './image-with-fallback.css';

interface ImageWithFallbackProps extends ImgHTMLAttributes<HTMLImageElement> {
  /** Missing: the placeholder at once (docs/product.md#screens Checkout: 'placeholder if missing'). */
  src: string | undefined;
  alt: string;
  width: number;
  height: number;
}

/** docs/product.md#messages: an image that fails to load, or has no source, is swapped for a placeholder reading 'No Image'. */
export function ImageWithFallback({ src, alt, width, height, className, ...props }: ImageWithFallbackProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);

  if (!src || failedSrc === src) {
    return (
      <div
        className={['image-fallback', className].filter(Boolean).join(' ')}
        style={{ aspectRatio: `${width} / ${height}` }}
      >
        No Image
      </div>
    );
  }
  return (
    <img
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
