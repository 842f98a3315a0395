// Shapes as Meta's Cloud API documentation shows them (the messages endpoint's reply, its error envelope, and
// the `messages` webhook's status, button-reply and text payloads), with Meta's own sample ids. The adapter's
// tests read them, and the simulator's tests check that it answers and posts the same shapes.

export const recordedSendReply = {
  messaging_product: 'whatsapp',
  contacts: [{ input: '919812345678', wa_id: '919812345678' }],
  messages: [
    { id: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBI3N0EzQjQ4RjYyQTQyOTY0MDUA', message_status: 'accepted' },
  ],
} as const;

export const recordedInvalidToken = {
  error: {
    message: 'Invalid OAuth access token - Cannot parse access token',
    type: 'OAuthException',
    code: 190,
    fbtrace_id: 'AbCdEfGhIjKlMnOpQrStUv',
  },
} as const;

export const recordedUnknownTemplate = {
  error: {
    message: '(#132001) Template name does not exist in the translation',
    type: 'OAuthException',
    code: 132001,
    error_data: {
      messaging_product: 'whatsapp',
      details: 'template name (order_shiped) does not exist in en',
    },
    fbtrace_id: 'AbCdEfGhIjKlMnOpQrStUv',
  },
} as const;

const metadata = { display_phone_number: '15550783881', phone_number_id: '106540352242922' };

export const recordedDeliveredStatus = {
  object: 'whatsapp_business_account',
  entry: [
    {
      id: '102290129340398',
      changes: [
        {
          value: {
            messaging_product: 'whatsapp',
            metadata,
            statuses: [
              {
                id: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBI3N0EzQjQ4RjYyQTQyOTY0MDUA',
                status: 'delivered',
                timestamp: '1750263773',
                recipient_id: '919812345678',
                conversation: { id: '4bd4b0b1aa5ea06b2c5d50c4c2e7f0e0', origin: { type: 'utility' } },
                pricing: { billable: true, pricing_model: 'PMP', category: 'utility', type: 'regular' },
              },
            ],
          },
          field: 'messages',
        },
      ],
    },
  ],
} as const;

export const recordedFailedStatus = {
  object: 'whatsapp_business_account',
  entry: [
    {
      id: '102290129340398',
      changes: [
        {
          value: {
            messaging_product: 'whatsapp',
            metadata,
            statuses: [
              {
                id: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBI3N0EzQjQ4RjYyQTQyOTY0MDUA',
                status: 'failed',
                timestamp: '1750263773',
                recipient_id: '919812345678',
                errors: [
                  {
                    code: 131026,
                    title: 'Message undeliverable',
                    message: 'Message undeliverable',
                    error_data: { details: 'Message Undeliverable.' },
                    href: 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/',
                  },
                ],
              },
            ],
          },
          field: 'messages',
        },
      ],
    },
  ],
} as const;

export const recordedButtonReply = {
  object: 'whatsapp_business_account',
  entry: [
    {
      id: '102290129340398',
      changes: [
        {
          value: {
            messaging_product: 'whatsapp',
            metadata,
            contacts: [{ profile: { name: 'Asha Rao' }, wa_id: '919812345678' }],
            messages: [
              {
                context: {
                  from: '15550783881',
                  id: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBI3N0EzQjQ4RjYyQTQyOTY0MDUA',
                },
                from: '919812345678',
                id: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQTRBNjU5OUFFRTAzODEwMTQ0RgA=',
                timestamp: '1750263800',
                type: 'button',
                button: { payload: 'cod_confirm:abc123', text: 'Confirm order' },
              },
            ],
          },
          field: 'messages',
        },
      ],
    },
  ],
} as const;

export const recordedTextMessage = {
  object: 'whatsapp_business_account',
  entry: [
    {
      id: '102290129340398',
      changes: [
        {
          value: {
            messaging_product: 'whatsapp',
            metadata,
            contacts: [{ profile: { name: 'Asha Rao' }, wa_id: '919812345678' }],
            messages: [
              {
                from: '919812345678',
                id: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQTRBNjU5OUFFRTAzODEwMTQ0RgB=',
                timestamp: '1750263900',
                type: 'text',
                text: { body: 'STOP' },
              },
            ],
          },
          field: 'messages',
        },
      ],
    },
  ],
} as const;
