import type { SellerDetails } from '../../../../contracts/public-config';
import { formatPolicyDate, shop } from '../../../../contracts/shop';
import { fillPolicyText, type Policy, type PolicyFacts } from '../policy-content';
import { SellerAndGrievanceOfficer } from './seller-and-grievance-officer';
import './policy-page.css';

interface PolicyPageProps {
  policy: Policy;
  facts: PolicyFacts;
  seller: SellerDetails | undefined;
}

export function PolicyPage({ policy, facts, seller }: PolicyPageProps) {
  const fill = (text: string) => fillPolicyText(text, facts);
  const lastUpdated = shop.policiesLastUpdated[policy.path];
  return (
    <article className="policy-page container" aria-labelledby="policy-title">
      <h1 id="policy-title">{policy.title}</h1>
      {lastUpdated ? (
        <p className="policy-page__updated">{`Last updated ${formatPolicyDate(lastUpdated)}`}</p>
      ) : null}
      <p className="policy-page__intro">{fill(policy.intro)}</p>
      {policy.sections.map((section) => (
        <section key={section.heading} className="policy-page__section">
          <h2>{fill(section.heading)}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{fill(paragraph)}</p>
          ))}
          {section.bullets && section.bullets.length > 0 && (
            <ul>
              {section.bullets.map((bullet) => (
                <li key={bullet}>{fill(bullet)}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
      <SellerAndGrievanceOfficer seller={seller} />
    </article>
  );
}
