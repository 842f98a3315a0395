import { missingSellerDetails } from '../../../../contracts/missing-seller-details';
import type { ShopSettings } from '../../../../contracts/shop-settings';
import { adminPaths } from '../../../lib/admin-paths';
import { Link } from '../../../lib/router';
import { useShopSettings } from '../api/get-shop-settings';
import './shop-settings.css';

function listed(parts: string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

interface SellerDetailsPromptProps {
  settings: ShopSettings;
  /** On the dashboard: a link to the Settings page. */
  linkToSettings?: boolean;
}

/** docs/product.md#seller-and-grievance-officer: what the shop's pages cannot show yet; nothing once all is there. */
export function SellerDetailsPrompt({ settings, linkToSettings = false }: SellerDetailsPromptProps) {
  const missing = missingSellerDetails(settings);
  if (missing.length === 0) return null;
  return (
    <section className="settings-note seller-details-prompt" aria-labelledby="seller-details-prompt-heading">
      <h2 id="seller-details-prompt-heading" className="admin-subheading">
        Fill in your seller details
      </h2>
      <p>
        {`The Consumer Protection (E-Commerce) Rules, 2020 ask every policy page to name the seller, customer care’s contact and a grievance officer. Still missing: ${listed(missing)}.`}
      </p>
      {linkToSettings && (
        <p>
          <Link to={adminPaths.settings}>Open the settings</Link>
        </p>
      )}
    </section>
  );
}

/** The dashboard's prompt, while the settings lack something the law asks for. */
export function SellerDetailsCard() {
  const settings = useShopSettings();
  if (!settings.data) return null;
  return <SellerDetailsPrompt settings={settings.data.settings} linkToSettings />;
}
