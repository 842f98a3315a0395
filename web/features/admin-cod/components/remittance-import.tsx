import { type FormEvent, useState } from 'react';
import {
  codMoneyMessages,
  type RemittanceImport as ImportState,
  MAX_REMITTANCE_FILE_BYTES,
} from '../../../../contracts/cod-money';
import { formatDate } from '../../../../contracts/format';
import { Button } from '../../../components/button';
import { StatusMessage } from '../../../components/status-message';
import { useCodOverview } from '../api/get-cod-overview';
import { useImportRemittance, useSimulateRemittance } from '../api/import-remittance';

function outcomeOf(entry: ImportState): string {
  const message = entry.message ?? '';
  if (entry.status !== 'done' || entry.mismatches === 0) return message;
  return `${message} ${entry.mismatches} line${entry.mismatches === 1 ? ' does' : 's do'} not match: see Mismatches.`;
}

/** The latest files imported: each one's status, parcels done of the total, and what it came to. */
function ImportProgress({ imports }: { imports: ImportState[] }) {
  if (imports.length === 0) return null;
  return (
    <ul aria-label="Imports">
      {imports.map((entry) => (
        <li key={entry.id}>
          <strong>{entry.statusLabel}</strong>: {entry.linesDone} of {entry.linesTotal} parcel
          {entry.linesTotal === 1 ? '' : 's'}
          {entry.mismatches > 0 ? `, ${entry.mismatches} not matching` : ''}{' '}
          <span className="admin-muted">{formatDate(entry.createdAt)}</span>
          {entry.status === 'queued' || entry.status === 'running' ? (
            <progress max={entry.linesTotal} value={entry.linesDone} aria-label="Parcels imported" />
          ) : null}
          {entry.message ? <div className="admin-muted">{outcomeOf(entry)}</div> : null}
        </li>
      ))}
    </ul>
  );
}

/** docs/operations.md#cod-remittances: the owner imports the remittance CSV exported from Shiprocket's panel. */
export function RemittanceImport() {
  const importFile = useImportRemittance();
  const simulate = useSimulateRemittance();
  const overview = useCodOverview();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone(null);
    if (!file) return setProblem(codMoneyMessages.fileRequired);
    if (file.size > MAX_REMITTANCE_FILE_BYTES) return setProblem(codMoneyMessages.fileTooLarge);
    setProblem(null);
    const csv = await file.text();
    importFile.mutate(csv, { onSuccess: (reply) => setDone(reply.message) });
  }

  const error = problem ?? importFile.error?.message ?? simulate.error?.message ?? null;
  const pending = importFile.isPending || simulate.isPending;
  return (
    <section className="admin-section" aria-labelledby="cod-import">
      <h2 id="cod-import">Import a remittance</h2>
      <p>
        In Shiprocket, open Billing, then COD Remittance, and export the remittances as CSV. Importing a file
        twice changes nothing. A large file is imported in the background: its progress shows below.
      </p>
      <form className="admin-form" onSubmit={submit} noValidate>
        <label htmlFor="remittance-file">Remittance file (CSV)</label>
        <input
          id="remittance-file"
          type="file"
          accept=".csv,text/csv"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
        <div className="admin-actions">
          <Button type="submit" disabled={pending}>
            {importFile.isPending ? 'Importing…' : 'Import'}
          </Button>
          {overview.data?.simulatorOn && (
            <Button
              variant="secondary"
              disabled={pending}
              onClick={() => {
                setDone(null);
                setProblem(null);
                simulate.mutate(undefined, { onSuccess: (reply) => setDone(outcomeOf(reply.import)) });
              }}
            >
              Run a simulated remittance
            </Button>
          )}
        </div>
        <StatusMessage
          status={error ? { kind: 'error', text: error } : done ? { kind: 'success', text: done } : null}
        />
      </form>
      <ImportProgress imports={overview.data?.imports ?? []} />
    </section>
  );
}
