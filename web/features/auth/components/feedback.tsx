import { ApiError } from '../../../lib/api-client';

export interface Feedback {
  kind: 'success' | 'error';
  text: string;
}

export type ShowFeedback = (feedback: Feedback | null) => void;

/** docs/product.md#messages Auth: the server's message, else its errors joined, else the error's message, else a default. */
export function authErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.message === '' && error.fieldErrors.length > 0) {
    return error.fieldErrors.map((fieldError) => fieldError.message).join(', ');
  }
  if (error instanceof Error && error.message !== '') return error.message;
  return 'Something went wrong';
}

/** The modal's banner: docs/product.md#screens 'An error banner shows the message', and the success banner. */
export function FeedbackBanner({ feedback }: { feedback: Feedback | null }) {
  if (!feedback) return null;
  return feedback.kind === 'error' ? (
    <p className="auth-banner auth-banner--error" role="alert">
      {feedback.text}
    </p>
  ) : (
    <p className="auth-banner auth-banner--success" role="status">
      {feedback.text}
    </p>
  );
}
