// docs/architecture.md#whatsapp: the Cloud API's wire shapes the shop sends and reads (Graph API, messages
// endpoint and the `messages` webhook field).

export interface TemplateParameter {
  type: 'text';
  text: string;
}

export type TemplateComponent =
  | { type: 'body'; parameters: TemplateParameter[] }
  | {
      type: 'button';
      sub_type: 'quick_reply';
      index: string;
      parameters: [{ type: 'payload'; payload: string }];
    };

export interface SendTemplateBody {
  messaging_product: 'whatsapp';
  recipient_type: 'individual';
  to: string;
  type: 'template';
  template: { name: string; language: { code: string }; components: TemplateComponent[] };
}

export interface SendMessageReply {
  messaging_product: 'whatsapp';
  contacts: { input: string; wa_id: string }[];
  messages: { id: string; message_status?: string }[];
}

/** Graph API's error envelope. */
export interface GraphError {
  error: {
    message: string;
    type: string;
    code: number;
    error_subcode?: number;
    error_data?: { messaging_product?: 'whatsapp'; details: string };
    fbtrace_id?: string;
  };
}

export type MessageStatus = 'sent' | 'delivered' | 'read' | 'failed';

export interface WebhookStatus {
  id: string;
  status: MessageStatus;
  timestamp: string;
  recipient_id: string;
  errors?: { code: number; title: string; message?: string; error_data?: { details: string } }[];
}

export interface WebhookMessage {
  from: string;
  id: string;
  timestamp: string;
  type: string;
  text?: { body: string };
  button?: { payload: string; text: string };
  context?: { from: string; id: string };
}

export interface WebhookBody {
  object: 'whatsapp_business_account';
  entry: {
    id: string;
    changes: {
      field: string;
      value: {
        messaging_product: 'whatsapp';
        metadata: { display_phone_number: string; phone_number_id: string };
        contacts?: { profile: { name: string }; wa_id: string }[];
        statuses?: WebhookStatus[];
        messages?: WebhookMessage[];
      };
    }[];
  }[];
}
