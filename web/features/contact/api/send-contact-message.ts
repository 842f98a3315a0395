import { useMutation } from '@tanstack/react-query';
import type { ContactMessageInput } from '../../../../contracts/contact';
import { apiClient } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

/** docs/product.md#http-api: the reply is read for a success flag and, on error, a message. */
export interface ContactReply {
  success?: boolean;
  message?: string;
  /** docs/product.md#complaints: a complaint's acknowledgement number. */
  complaintNumber?: string;
}

export function sendContactMessage(message: ContactMessageInput): Promise<ContactReply> {
  return apiClient.post<ContactReply>(apiPaths.contact, message);
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
