import { useState } from 'react';
import { Button, buttonClassName } from '../../../components/button';
import { accountApiPaths } from '../api/account-paths';
import { DeleteAccountDialog } from './delete-account-dialog';
import './account.css';

// docs/architecture.md#api: the API base, as web/lib/api-client.ts reads it; a plain link downloads the file.
const exportUrl = `${import.meta.env.VITE_API_BASE ?? '/api'}${accountApiPaths.exportData}`;

interface YourDataProps {
  onDeleted: (message: string) => void;
}

/** docs/product.md#your-data: download everything the shop keeps, or delete the account. */
export function YourData({ onDeleted }: YourDataProps) {
  const [deleting, setDeleting] = useState(false);
  return (
    <section className="account-section" aria-labelledby="your-data-title">
      <h2 id="your-data-title">Your data</h2>
      <p>
        Download a copy of everything we keep about you, or delete your account. Orders and invoices are kept
        for GST records, no longer linked to you.
      </p>
      <div className="account-section__actions">
        <a className={buttonClassName('secondary')} href={exportUrl} download>
          Download my data
        </a>
        <Button variant="ghost" className="account-section__danger" onClick={() => setDeleting(true)}>
          Delete my account
        </Button>
      </div>
      {deleting && (
        <DeleteAccountDialog open={deleting} onClose={() => setDeleting(false)} onDeleted={onDeleted} />
      )}
    </section>
  );
}
