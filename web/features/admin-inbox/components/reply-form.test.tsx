import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { createQueryWrapper } from '../../../test/query-wrapper';
import { ReplyForm } from './reply-form';

// docs/product.md#contact-inbox: an empty reply is refused beside the box, before asking the server.
describe("the inbox's reply form", () => {
  it('refuses an empty reply beside the box, then sends the written one and clears the box', async () => {
    // The reply carries the message's thread, which the page then shows: only its id matters here.
    const api = fakeApi({
      'POST /api/admin/messages/m-1/reply': { message: 'Reply sent.', detail: { message: { id: 'm-1' } } },
    });
    const onDone = vi.fn();
    const user = userEvent.setup();
    const { wrapper } = createQueryWrapper();
    render(<ReplyForm messageId="m-1" onDone={onDone} />, { wrapper });
    const box = screen.getByLabelText('Your reply (e-mailed to the sender)');

    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(screen.getByText('Please write a reply.')).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(api.calls).toEqual([]);

    await user.click(box);
    await user.paste('Yes, we ship to Kochi in 3 to 5 days.');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('Reply sent.'));
    expect(api.calls.map((call) => call.body)).toEqual([{ body: 'Yes, we ship to Kochi in 3 to 5 days.' }]);
    expect((box as HTMLTextAreaElement).value).toBe('');
    expect(box.getAttribute('aria-invalid')).toBeNull();
  });
});
