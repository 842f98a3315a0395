import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MemoryRouter } from '../../../lib/router';
import { aProduct } from '../../../test/products';
import { ProductCard } from './product-card';
import { ProductDetail } from './product-detail';

// docs/architecture.md#product-images: uploads as <picture> with AVIF and WebP, seed SVGs as plain <img>.
const uploaded = '/media/products/9/0123456789abcdef-800.webp';
const noop = () => {};

function renderDetail(images: string[]) {
  return render(
    <ProductDetail
      product={aProduct({ id: 9, title: 'Silk Mitt', images })}
      inCart={false}
      inWishlist={false}
      onToggleCart={noop}
      onToggleWishlist={noop}
    />,
  );
}

function renderCard(images: string[]) {
  return render(
    <MemoryRouter>
      <ProductCard
        product={aProduct({ id: 9, title: 'Silk Mitt', images })}
        inCart={false}
        inWishlist={false}
        onToggleCart={noop}
        onToggleWishlist={noop}
      />
    </MemoryRouter>,
  );
}

function photo(container: HTMLElement, alt: string): HTMLImageElement {
  const image = container.querySelector<HTMLImageElement>(`img[alt="${alt}"]`);
  if (!image) throw new Error(`no image "${alt}"`);
  return image;
}

describe('product images', () => {
  it('draws an uploaded photo as <picture> with AVIF and WebP at 400 and 800 px', () => {
    const { container } = renderDetail([uploaded]);
    const image = photo(container, 'Silk Mitt, photo 1');
    const picture = image.parentElement;
    expect(picture?.tagName).toBe('PICTURE');
    const sources = [...(picture?.querySelectorAll('source') ?? [])].map((source) => ({
      type: source.getAttribute('type'),
      srcset: source.getAttribute('srcset'),
      sizes: source.getAttribute('sizes'),
    }));
    const sizes = '(min-width: 75rem) 37.5rem, (min-width: 48em) 50vw, 100vw';
    expect(sources).toEqual([
      {
        type: 'image/avif',
        srcset:
          '/media/products/9/0123456789abcdef-400.avif 400w, /media/products/9/0123456789abcdef-800.avif 800w',
        sizes,
      },
      {
        type: 'image/webp',
        srcset:
          '/media/products/9/0123456789abcdef-400.webp 400w, /media/products/9/0123456789abcdef-800.webp 800w',
        sizes,
      },
    ]);
    expect(image.getAttribute('src')).toBe(uploaded);
  });

  it("gives the product page's first photo high priority and loads the others lazily", () => {
    const { container } = renderDetail(['/images/products/1-1.svg', '/images/products/1-2.svg']);
    const first = photo(container, 'Silk Mitt, photo 1');
    expect(first.getAttribute('fetchpriority')).toBe('high');
    expect(first.getAttribute('loading')).not.toBe('lazy');
    expect([first.getAttribute('width'), first.getAttribute('height')]).toEqual(['600', '600']);
    const second = photo(container, 'Silk Mitt, photo 2');
    expect(second.getAttribute('loading')).toBe('lazy');
    expect(second.getAttribute('fetchpriority')).not.toBe('high');
  });

  it("gives a seed picture an upload's sources (docs/architecture.md#seed-images)", () => {
    const { container } = renderCard(['/images/products/1-1-800.webp']);
    const sources = [...container.querySelectorAll('picture source')].map((source) =>
      source.getAttribute('srcset'),
    );
    expect(sources).toEqual([
      '/images/products/1-1-400.avif 400w, /images/products/1-1-800.avif 800w',
      '/images/products/1-1-400.webp 400w, /images/products/1-1-800.webp 800w',
    ]);
    expect(photo(container, 'Silk Mitt, photo 1').getAttribute('src')).toBe('/images/products/1-1-800.webp');
  });

  it('draws any other picture (an SVG) as a plain <img> with its size, lazily in a card', () => {
    const { container } = renderCard(['/images/products/1-1.svg']);
    const image = photo(container, 'Silk Mitt, photo 1');
    expect(image.parentElement?.tagName).not.toBe('PICTURE');
    expect(container.querySelector('picture')).toBeNull();
    expect(image.getAttribute('src')).toBe('/images/products/1-1.svg');
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['400', '400']);
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.getAttribute('decoding')).toBe('async');
  });

  it("sizes an uploaded card photo to the grid's column", () => {
    const { container } = renderCard([uploaded]);
    const source = container.querySelector('picture source[type="image/avif"]');
    expect(source?.getAttribute('sizes')).toBe('(min-width: 60em) 18rem, (min-width: 40em) 33vw, 50vw');
  });
});
