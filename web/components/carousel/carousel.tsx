import type { ReactNode } from 'react';
import './carousel.css';
import { useCarousel } from './use-carousel';

interface CarouselProps<T> {
  items: readonly T[];
  getKey: (item: T) => string;
  renderItem: (item: T, index: number, isCopy: boolean) => ReactNode;
  /** Accessible name, e.g. 'Face Mitt photos'. */
  label: string;
  autoPlayMs?: number;
  showArrows?: boolean;
  className?: string;
}

interface Slide<T> {
  item: T;
  index: number;
  isCopy: boolean;
  key: string;
}

function trackSlides<T>(items: readonly T[], getKey: (item: T) => string): Slide<T>[] {
  const slides = items.map((item, index) => ({ item, index, isCopy: false, key: getKey(item) }));
  const first = slides[0];
  const last = slides.at(-1);
  if (slides.length < 2 || !first || !last) return slides;
  return [
    { ...last, isCopy: true, key: `copy-of-last-${last.key}` },
    ...slides,
    { ...first, isCopy: true, key: `copy-of-first-${first.key}` },
  ];
}

/** One slide at a time, dots, infinite loop, optional auto-play and arrows (docs/product.md#screens, docs/product.md#numbers-and-timings). */
export function Carousel<T>({
  items,
  getKey,
  renderItem,
  label,
  autoPlayMs,
  showArrows = false,
  className,
}: CarouselProps<T>) {
  const carousel = useCarousel({ count: items.length, autoPlayMs });
  const slides = trackSlides(items, getKey);

  return (
    // A group, not a region: seven card carousels would crowd the page's landmarks (WAI-ARIA APG carousel).
    // biome-ignore lint/a11y/useSemanticElements: a <fieldset> is for form controls, not a carousel.
    <div
      ref={carousel.rootRef}
      className={['carousel', className].filter(Boolean).join(' ')}
      role="group"
      aria-roledescription="carousel"
      aria-label={label}
      {...carousel.holdHandlers}
    >
      <div className="carousel__viewport" {...carousel.swipeHandlers}>
        <div
          ref={carousel.trackRef}
          className={carousel.loops ? 'carousel__track carousel__track--loops' : 'carousel__track'}
          aria-live={carousel.autoPlays ? 'off' : 'polite'}
        >
          {slides.map((slide) => (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA APG carousel marks slides as groups.
            <div
              key={slide.key}
              className="carousel__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${slide.index + 1} of ${items.length}`}
              aria-hidden={slide.isCopy || slide.index !== carousel.activeIndex}
            >
              {renderItem(slide.item, slide.index, slide.isCopy)}
            </div>
          ))}
        </div>
      </div>
      {showArrows && carousel.loops && (
        <>
          <button
            type="button"
            className="carousel__arrow carousel__arrow--previous"
            aria-label="Previous image"
            onClick={carousel.previous}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            className="carousel__arrow carousel__arrow--next"
            aria-label="Next image"
            onClick={carousel.next}
          >
            <span aria-hidden="true">›</span>
          </button>
        </>
      )}
      {carousel.loops && (
        <div className="carousel__dots">
          {items.map((item, index) => (
            <button
              key={getKey(item)}
              type="button"
              className="carousel__dot"
              aria-label={`Show image ${index + 1} of ${items.length}`}
              aria-current={index === carousel.activeIndex ? 'true' : undefined}
              onClick={() => carousel.goTo(index)}
            />
          ))}
        </div>
      )}
    </div>
  );
}
