import { type ImgHTMLAttributes, useState } from 'react';
import './image-with-fallback.css';

interface ImageWithFallbackProps extends ImgHTMLAttributes<HTMLImageElement> {
  src: string;
  alt: string;
  width: number;
  height: number;
}

/** spec §8: an image that fails to load is swapped for a placeholder reading 'No Image'. */
export function ImageWithFallback({ src, alt, width, height, className, ...props }: ImageWithFallbackProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);

  if (failedSrc === src) {
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
