import { useState } from 'react';
import type { ZodSafeParseResult } from 'zod';
import {
  type AdminReview,
  HideReviewBodySchema,
  MAX_HIDE_REASON_LENGTH,
  MAX_REVIEW_REPLY_LENGTH,
  ReplyReviewBodySchema,
} from '../../../../contracts/reviews';
import { Button } from '../../../components/button';
import { ActionDialog } from '../../../components/dialog/action-dialog';
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

  /** Checks the dialog's one field with the body's schema, then runs the action it makes. */
  function submitChecked<T>(parsed: ZodSafeParseResult<T>, make: (body: T) => Moderation) {
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    run(make(parsed.data));
  }

  const serverRefusal = moderate.isError && open !== null ? moderate.error.message : null;
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
      <ActionDialog
        open={open === 'hide'}
        title="Hide this review"
        confirmLabel="Hide review"
        pendingLabel="Hiding…"
        cancelLabel="Back"
        pending={moderate.isPending}
        error={serverRefusal}
        onClose={() => setOpen(null)}
        onConfirm={() =>
          submitChecked(HideReviewBodySchema.safeParse({ reason }), (body) => ({
            action: 'hide',
            reason: body.reason,
          }))
        }
      >
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
      </ActionDialog>
      <ActionDialog
        open={open === 'reply'}
        title={review.reply ? 'Edit the public reply' : 'Reply publicly'}
        confirmLabel="Save reply"
        pendingLabel="Saving…"
        cancelLabel="Back"
        pending={moderate.isPending}
        error={serverRefusal}
        onClose={() => setOpen(null)}
        onConfirm={() =>
          submitChecked(ReplyReviewBodySchema.safeParse({ text: reply }), (body) => ({
            action: 'reply',
            text: body.text,
          }))
        }
      >
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
      </ActionDialog>
    </>
  );
}
