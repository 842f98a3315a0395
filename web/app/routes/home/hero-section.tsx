import { Button } from '../../../components/button';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { sectionIds } from '../../../lib/paths';
import { scrollToSection } from '../../../lib/scroll';

export function HeroSection() {
  return (
    <section id={sectionIds.home} className="hero" aria-labelledby="hero-heading">
      <div className="container hero__inner">
        <div className="hero__text">
          <p className="hero__eyebrow">Silk exfoliating bath mittens</p>
          <h1 id="hero-heading" className="hero__title">
            Smooth, glowing skin in one warm bath
          </h1>
          <p className="hero__lead">
            Turkish-style kese mittens woven from silk, gentle enough for every day and made for Indian skin
            and weather.
          </p>
          <Button className="hero__cta" onClick={() => scrollToSection(sectionIds.products)}>
            BUY NOW
          </Button>
        </div>
        <ImageWithFallback
          className="hero__image"
          src="/images/hero-mitten.svg"
          alt=""
          width={320}
          height={320}
          fetchPriority="high"
        />
      </div>
    </section>
  );
}
