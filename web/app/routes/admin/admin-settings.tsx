import type { StaffProfile } from '../../../../contracts/staff';
import { StatusMessage } from '../../../components/status-message';
import { CodRiskSettingsSection } from '../../../features/admin-cod-risk/components/cod-risk-settings-form';
import { ReviewSettingsSection } from '../../../features/admin-reviews/components/review-settings-form';
import { useCodSettings } from '../../../features/admin-settings/api/cod-settings';
import { useShopSettings } from '../../../features/admin-settings/api/get-shop-settings';
import { usePrepaidOffer } from '../../../features/admin-settings/api/prepaid-offer';
import { CodSettingsForm } from '../../../features/admin-settings/components/cod-settings-form';
import { PrepaidOfferForm } from '../../../features/admin-settings/components/prepaid-offer-form';
import { ShopSettingsForm } from '../../../features/admin-settings/components/shop-settings-form';
import { WinbackSettingsSection } from '../../../features/admin-winback/components/winback-settings-form';
import { useOutletContext } from '../../../lib/router';
import { useDocumentTitle } from '../../../lib/use-document-title';

export function AdminSettingsPage() {
  useDocumentTitle('Settings');
  const staff = useOutletContext<StaffProfile>();
  const settings = useShopSettings();
  const cod = useCodSettings();
  const prepaidOffer = usePrepaidOffer();
  return (
    <>
      <h1>Settings</h1>
      {settings.isPending && <p role="status">Loading the settings…</p>}
      {settings.isError && <StatusMessage status={{ kind: 'error', text: settings.error.message }} />}
      {settings.data && (
        <ShopSettingsForm settings={settings.data.settings} canEdit={staff.role === 'owner'} />
      )}
      {cod.isError && <StatusMessage status={{ kind: 'error', text: cod.error.message }} />}
      {cod.data && <CodSettingsForm settings={cod.data.settings} canEdit={staff.role === 'owner'} />}
      {prepaidOffer.isError && <StatusMessage status={{ kind: 'error', text: prepaidOffer.error.message }} />}
      {prepaidOffer.data && (
        <PrepaidOfferForm settings={prepaidOffer.data.settings} canEdit={staff.role === 'owner'} />
      )}
      <CodRiskSettingsSection canEdit={staff.role === 'owner'} />
      <ReviewSettingsSection canEdit={staff.role === 'owner'} />
      <WinbackSettingsSection canEdit={staff.role === 'owner'} />
    </>
  );
}
