import { type FormEvent, useState } from 'react';
import {
  type AdminReview,
  HideReviewBodySchema,
  MAX_HIDE_REASON_LENGTH,
  MAX_REVIEW_REPLY_LENGTH,
  ReplyReviewBodySchema,
} from '../../../../contracts/reviews';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog/dialog';
import { TextareaField } from '../../../components/form/form-field';
import { StatusMessage } from '../../../components/status-message';
import { type Moderation, useModerateReview } from '../api/moderate-review';

type Open = 'hide' | 'reply' | null;

/**
 * docs/product.md#reviews-console: an owner's actions on one review: publish it (new or hidden), hide it with a
 * reason (asked in a dialog), reply publicly or edit the reply (an empty reply removes it).
 */
export function ReviewActions({
  review,
  onDone,
}: {
  review: AdminReview;
  onDone: (message: string) => void;
}) {
  const moderate = useModerateReview(review.reviewId);
  const [open, setOpen] = useState<Open>(null);
  const [reason, setReason] = useState('');
  const [reply, setReply] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();

  function openDialog(which: Exclude<Open, null>) {
    moderate.reset();
    setFieldError(undefined);
    if (which === 'hide') setReason('');
    else setReply(review.reply?.text ?? '');
    setOpen(which);
  }

  function run(change: Moderation) {
    moderate.mutate(change, {
      onSuccess: (answer) => {
        setOpen(null);
        onDone(answer.message);
      },
    });
  }

  function submitHide(event: FormEvent) {
    event.preventDefault();
    const checked = HideReviewBodySchema.safeParse({ reason });
    if (!checked.success) {
      setFieldError(checked.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    run({ action: 'hide', reason: checked.data.reason });
  }

  function submitReply(event: FormEvent) {
    event.preventDefault();
    const checked = ReplyReviewBodySchema.safeParse({ text: reply });
    if (!checked.success) {
      setFieldError(checked.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    run({ action: 'reply', text: checked.data.text });
  }

  const serverRefusal =
    moderate.isError && open !== null ? (
      <StatusMessage status={{ kind: 'error', text: moderate.error.message }} />
    ) : null;
  const about = `“${review.title}” on ${review.productTitle}`;

  return (
    <>
      <div className="admin-actions">
        {review.status !== 'published' && (
          <Button onClick={() => run({ action: 'publish' })} disabled={moderate.isPending}>
            Publish
          </Button>
        )}
        {review.status !== 'hidden' && (
          <Button variant="secondary" onClick={() => openDialog('hide')} disabled={moderate.isPending}>
            Hide
          </Button>
        )}
        <Button variant="secondary" onClick={() => openDialog('reply')} disabled={moderate.isPending}>
          {review.reply ? 'Edit reply' : 'Reply publicly'}
        </Button>
      </div>
      {moderate.isError && open === null ? (
        <StatusMessage status={{ kind: 'error', text: moderate.error.message }} />
      ) : null}
      <Dialog open={open === 'hide'} onClose={() => setOpen(null)} title="Hide this review">
        <form className="admin-form" onSubmit={submitHide} noValidate>
          <p className="admin-muted">
            {about}. It leaves the shop and the product's rating at once; its author sees your reason.
          </p>
          <TextareaField
            label="Reason for hiding it (required)"
            maxLength={MAX_HIDE_REASON_LENGTH}
            value={reason}
            error={fieldError}
            onChange={(event) => setReason(event.target.value)}
          />
          {serverRefusal}
          <div className="dialog__actions">
            <Button type="submit" disabled={moderate.isPending}>
              {moderate.isPending ? 'Hiding…' : 'Hide review'}
            </Button>
            <Button variant="secondary" onClick={() => setOpen(null)}>
              Back
            </Button>
          </div>
        </form>
      </Dialog>
      <Dialog
        open={open === 'reply'}
        onClose={() => setOpen(null)}
        title={review.reply ? 'Edit the public reply' : 'Reply publicly'}
      >
        <form className="admin-form" onSubmit={submitReply} noValidate>
          <p className="admin-muted">
            {about}. Shown under the review as the shop's reply; leave it empty to remove the reply.
          </p>
          <TextareaField
            label="Your reply"
            maxLength={MAX_REVIEW_REPLY_LENGTH}
            rows={5}
            value={reply}
            error={fieldError}
            onChange={(event) => setReply(event.target.value)}
          />
          {serverRefusal}
          <div className="dialog__actions">
            <Button type="submit" disabled={moderate.isPending}>
              {moderate.isPending ? 'Saving…' : 'Save reply'}
            </Button>
            <Button variant="secondary" onClick={() => setOpen(null)}>
              Back
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
