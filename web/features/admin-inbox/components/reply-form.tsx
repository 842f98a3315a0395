import { type FormEvent, useState } from 'react';
import { AdminReplyBodySchema } from '../../../../contracts/admin-inbox';
import { Button } from '../../../components/button';
import { TextareaField } from '../../../components/form/form-field';
import { StatusMessage } from '../../../components/status-message';
import { useReplyToMessage } from '../api/reply-to-message';

/**
 * The reply box. One Idempotency-Key for each reply written (docs/product.md#contact-inbox): a second press
 * while the first is on its way sends it once; after a success the form clears and takes a new key.
 */
export function ReplyForm({ messageId, onDone }: { messageId: string; onDone: (message: string) => void }) {
  const reply = useReplyToMessage();
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = AdminReplyBodySchema.safeParse({ body });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    reply.mutate(
      { messageId, body: parsed.data.body, idempotencyKey },
      {
        onSuccess: (result) => {
          setBody('');
          setIdempotencyKey(crypto.randomUUID());
          onDone(result.message);
        },
      },
    );
  }

  return (
    <form className="admin-form" onSubmit={submit} aria-labelledby="reply-heading" noValidate>
      <h2 id="reply-heading">Reply</h2>
      <TextareaField
        label="Your reply (e-mailed to the sender)"
        value={body}
        rows={6}
        maxLength={5000}
        onChange={(event) => setBody(event.target.value)}
        error={error}
      />
      {reply.isError && <StatusMessage status={{ kind: 'error', text: reply.error.message }} />}
      <Button type="submit" disabled={reply.isPending}>
        {reply.isPending ? 'Sending…' : 'Send reply'}
      </Button>
    </form>
  );
}
