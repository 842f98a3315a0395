import { shop } from '../../../../contracts/shop';
import type { Policy } from '../policy-content';
import './policy-page.css';

export function PolicyPage({ policy }: { policy: Policy }) {
  return (
    <article className="policy-page container" aria-labelledby="policy-title">
      <h1 id="policy-title">{policy.title}</h1>
      <p className="policy-page__updated">Last updated {shop.policiesLastUpdated}</p>
      <p className="policy-page__intro">{policy.intro}</p>
      {policy.sections.map((section) => (
        <section key={section.heading} className="policy-page__section">
          <h2>{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {section.bullets && section.bullets.length > 0 && (
            <ul>
              {section.bullets.map((bullet) => (
                <li key={bullet}>{bullet}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </article>
  );
}
