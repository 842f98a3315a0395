import type { ShopDetails } from '../../../../contracts/public-config';
import { formatPolicyDate, shop } from '../../../../contracts/shop';
import { fillPolicyText, type Policy, type PolicyFacts, type PolicyText } from '../policy-content';
import { SellerAndGrievanceOfficer } from './seller-and-grievance-officer';
import './policy-page.css';

interface PolicyPageProps {
  policy: Policy;
  facts: PolicyFacts;
  /** The seller and the ways to pay; undefined when they could not be read (the page still shows its policy). */
  details: ShopDetails | undefined;
}

export function PolicyPage({ policy, facts, details }: PolicyPageProps) {
  const context = { ...facts, seller: details?.seller, cashOnDelivery: details?.cashOnDelivery ?? null };
  const fill = (texts: readonly PolicyText[]) =>
    texts.map((text) => fillPolicyText(text, context)).filter((text) => text !== null);
  const lastUpdated = shop.policiesLastUpdated[policy.path];
  return (
    <article className="policy-page container" aria-labelledby="policy-title">
      <h1 id="policy-title">{policy.title}</h1>
      {lastUpdated ? (
        <p className="policy-page__updated">{`Last updated ${formatPolicyDate(lastUpdated)}`}</p>
      ) : null}
      <p className="policy-page__intro">{fillPolicyText(policy.intro, context)}</p>
      {policy.sections.map((section) => {
        const bullets = fill(section.bullets ?? []);
        return (
          <section key={section.heading} className="policy-page__section">
            <h2>{fillPolicyText(section.heading, context)}</h2>
            {fill(section.paragraphs).map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            {bullets.length > 0 && (
              <ul>
                {bullets.map((bullet) => (
                  <li key={bullet}>{bullet}</li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
      <SellerAndGrievanceOfficer seller={details?.seller} />
    </article>
  );
}
