import { ApiError, apiBase } from './api-client';

// A file itself as the body, not JSON (a product image, a return's photo). Its own module, not the API client's:
// only lazily loaded features upload, and the shop's initial JavaScript stays within its budget.

function uploadFailureMessage(payload: unknown, status: number): string {
  if (typeof payload === 'object' && payload !== null && 'message' in payload) {
    const { message } = payload as { message: unknown };
    if (typeof message === 'string') return message;
  }
  return `The upload failed (${status}). Please try again.`;
}

/** Posts the file as the request's body and answers the JSON reply; a refusal throws its message. */
export async function postFile<T>(path: string, file: File): Promise<T> {
  const response = await fetch(`${apiBase}${path}`, {
    method: 'POST',
    headers: {
      Accept: 'application/json',
      'Content-Type': file.type || 'application/octet-stream',
      'X-Requested-With': 'fetch',
    },
    body: file,
    credentials: 'same-origin',
  });
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, uploadFailureMessage(payload, response.status));
  return payload as T;
}
