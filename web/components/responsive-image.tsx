import type { ComponentPropsWithRef } from 'react';

// docs/architecture.md#product-images: an upload is stored as <hash>-800.webp beside its 400 px twin and
// AVIF copies of both; the product keeps only the 800 px WebP URL, so the others are derived from it here.
// The seed's pictures are stored the same way, as /images/products/<id>-<n>-800.webp (#seed-images).
const STORED = [/^(.*\/products\/\d+\/[0-9a-f]{16})-800\.webp$/, /^(\/images\/products\/\d+-\d+)-800\.webp$/];
const WIDTHS = [400, 800] as const;

export interface ImageSources {
  avif: string;
  webp: string;
}

/** The `srcset`s of a product image the shop stores (uploaded, or the seed's); undefined for anything else. */
export function uploadedImageSources(src: string): ImageSources | undefined {
  const base = STORED.map((stored) => stored.exec(src)?.[1]).find((found) => found !== undefined);
  if (!base) return undefined;
  const srcset = (format: string) => WIDTHS.map((width) => `${base}-${width}.${format} ${width}w`).join(', ');
  return { avif: srcset('avif'), webp: srcset('webp') };
}

interface ResponsiveImageProps extends ComponentPropsWithRef<'img'> {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** How wide the image is drawn (the `sizes` attribute); a fixed-size image by default. */
  sizes?: string;
}

/**
 * An uploaded product image as `<picture>` with AVIF and WebP at each stored width, so the browser fetches
 * the smallest file its screen needs; any other image as a plain `<img>`.
 */
export function ResponsiveImage({ src, alt, sizes, width, ...props }: ResponsiveImageProps) {
  const sources = uploadedImageSources(src);
  if (!sources) return <img src={src} alt={alt} width={width} {...props} />;
  const drawnAt = sizes ?? `${width}px`;
  return (
    <picture className="responsive-image">
      <source type="image/avif" srcSet={sources.avif} sizes={drawnAt} />
      <source type="image/webp" srcSet={sources.webp} sizes={drawnAt} />
      <img src={src} alt={alt} width={width} {...props} />
    </picture>
  );
}
