import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/button';
import { StatusMessage } from '../../../components/status-message';
import { type ReturnSettingsValues, useReturnSettings, useSaveReturnSettings } from '../api/returns';

function SettingsForm({ initial, canEdit }: { initial: ReturnSettingsValues; canEdit: boolean }) {
  const [windowDays, setWindowDays] = useState(String(initial.windowDays));
  const [changedMind, setChangedMind] = useState(initial.changedMindAccepted);
  const [deduction, setDeduction] = useState(String(initial.changedMindDeductionPaise / 100));
  const save = useSaveReturnSettings();

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate({
      windowDays: Number(windowDays),
      changedMindAccepted: changedMind,
      changedMindDeductionPaise: Math.round(Number(deduction) * 100),
    });
  }

  return (
    <form className="admin-form" onSubmit={submit} noValidate>
      <label htmlFor="return-window">Return window (days after delivery)</label>
      <input
        id="return-window"
        type="number"
        inputMode="numeric"
        min={1}
        max={60}
        value={windowDays}
        disabled={!canEdit}
        onChange={(event) => setWindowDays(event.target.value)}
      />
      <label className="admin-check">
        <input
          type="checkbox"
          checked={changedMind}
          disabled={!canEdit}
          onChange={(event) => setChangedMind(event.target.checked)}
        />
        Accept “Changed my mind” as a reason
      </label>
      <label htmlFor="return-deduction">Return shipping kept from a changed-my-mind refund (₹)</label>
      <input
        id="return-deduction"
        type="number"
        inputMode="decimal"
        min={0}
        step="0.01"
        value={deduction}
        disabled={!canEdit}
        onChange={(event) => setDeduction(event.target.value)}
      />
      {canEdit ? (
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save return settings'}
        </Button>
      ) : null}
      {save.isError ? <StatusMessage status={{ kind: 'error', text: save.error.message }} /> : null}
      {save.isSuccess ? <StatusMessage status={{ kind: 'success', text: save.data.message }} /> : null}
    </form>
  );
}

/** docs/product.md#returns: the window, "changed my mind", and its return-shipping deduction (owners edit). */
export function ReturnSettingsSection({ canEdit }: { canEdit: boolean }) {
  const settings = useReturnSettings();
  return (
    <section className="admin-section" aria-labelledby="return-settings">
      <h2 id="return-settings">Return settings</h2>
      {settings.isPending ? <p role="status">Loading the return settings…</p> : null}
      {settings.isError ? <StatusMessage status={{ kind: 'error', text: settings.error.message }} /> : null}
      {settings.data ? <SettingsForm initial={settings.data} canEdit={canEdit} /> : null}
    </section>
  );
}
