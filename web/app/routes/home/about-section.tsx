import { sectionIds } from '../../../lib/paths';

const promises = [
  {
    title: 'The Turkish kese, in silk',
    text: 'For centuries the hammams of Istanbul have used a kese mitt to lift away dull, dead skin. We weave ours from natural silk fibres, so it works with water alone.',
  },
  {
    title: 'Gentle exfoliation',
    text: 'A few slow strokes on warm, damp skin are enough. No scrubs, no chemicals and no micro-plastics: just a smoother, brighter feel after every bath.',
  },
  {
    title: 'Made for Indian skin and climate',
    text: 'Heat, humidity and dust clog pores and leave tan lines. Our weaves are tested on Indian skin types and dry quickly, even in a monsoon bathroom.',
  },
] as const;

export function AboutSection() {
  return (
    <section id={sectionIds.about} className="section about" aria-labelledby="about-heading">
      <div className="container">
        <h2 id="about-heading" className="section__title">
          About Ottoman
        </h2>
        <p className="about__intro">
          Ottoman is a small Indian brand with one obsession: the humble bath mitten. We started with a mitt
          brought home from a Turkish hammam and spent two years getting the weave right for our own skin and
          weather. Every mitten is cut, stitched and checked by hand.
        </p>
        <ul className="about__promises">
          {promises.map((promise) => (
            <li key={promise.title} className="about__promise">
              <h3>{promise.title}</h3>
              <p>{promise.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
