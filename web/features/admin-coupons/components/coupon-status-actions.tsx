import { type FormEvent, useState } from 'react';
import type { Coupon, CouponStatus } from '../../../../contracts/coupons';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog/dialog';
import { StatusMessage } from '../../../components/status-message';
import { useUpdateCoupon } from '../api/update-coupon';

interface CouponStatusActionsProps {
  coupon: Coupon;
  /** Opens the edit form (the page holds it, as it also follows the saved code). */
  onEdit: () => void;
  onDone: (message: string) => void;
}

/** docs/product.md#console-coupons: an owner's Edit, Pause or Resume, and End (final, so it asks first). */
export function CouponStatusActions({ coupon, onEdit, onDone }: CouponStatusActionsProps) {
  const update = useUpdateCoupon();
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmingEnd, setConfirmingEnd] = useState(false);
  const [opening, setOpening] = useState(0);

  async function setStatus(status: CouponStatus) {
    setFailure(null);
    try {
      const reply = await update.mutateAsync({ id: coupon.id, patch: { status } });
      setConfirmingEnd(false);
      onDone(reply.message ?? 'Saved.');
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'Saving the coupon failed.');
    }
  }

  function confirmEnd(event: FormEvent) {
    event.preventDefault();
    if (!update.isPending) void setStatus('ended');
  }

  if (coupon.status === 'ended') {
    return <p className="admin-muted">This code has ended: it can no longer be changed or restarted.</p>;
  }
  return (
    <>
      <div className="admin-actions">
        <Button variant="secondary" onClick={onEdit}>
          Edit
        </Button>
        {coupon.status === 'active' ? (
          <Button variant="secondary" disabled={update.isPending} onClick={() => setStatus('paused')}>
            Pause
          </Button>
        ) : (
          <Button variant="secondary" disabled={update.isPending} onClick={() => setStatus('active')}>
            Resume
          </Button>
        )}
        <Button
          variant="secondary"
          onClick={() => {
            setFailure(null);
            setOpening((count) => count + 1);
            setConfirmingEnd(true);
          }}
        >
          End
        </Button>
      </div>
      {!confirmingEnd && <StatusMessage status={failure ? { kind: 'error', text: failure } : null} />}
      <Dialog
        key={opening}
        open={confirmingEnd}
        onClose={() => setConfirmingEnd(false)}
        title={`End ${coupon.code}?`}
      >
        <form className="admin-form" onSubmit={confirmEnd} noValidate>
          <p>Shoppers can no longer apply {coupon.code}, and an ended code cannot be restarted.</p>
          <StatusMessage status={failure ? { kind: 'error', text: failure } : null} />
          <div className="admin-dialog-actions">
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Working…' : 'End the code'}
            </Button>
            <Button variant="secondary" onClick={() => setConfirmingEnd(false)}>
              Keep it
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
