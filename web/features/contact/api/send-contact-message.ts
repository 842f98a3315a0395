import { useMutation } from '@tanstack/react-query';
import type { ContactMessage } from '../../../../contracts/contact';
import { apiClient } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

/** docs/product.md#http-api: the reply is read for a success flag and, on error, a message. */
export interface ContactReply {
  success?: boolean;
  message?: string;
}

export function sendContactMessage(message: ContactMessage): Promise<ContactReply> {
  return apiClient.post<ContactReply>(apiPaths.contact, message);
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
