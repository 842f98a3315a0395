// The dev outbox as tests read it, Vitest's through `app.inject` and Playwright's through a browser
// context's `request`: how a test learns the OTP the shop "sent".

export interface OutboxMessage {
  to: string;
  channel: 'email' | 'sms';
  subject: string;
  body: string;
  html: string | null;
  code: string | null;
  createdAt: string;
}

interface InjectClient {
  inject(request: { method: 'GET'; url: string }): Promise<{ statusCode: number; body: string }>;
}

interface BrowserRequestClient {
  get(url: string): Promise<{ status(): number; text(): Promise<string> }>;
}

export type OutboxClient = InjectClient | BrowserRequestClient;

/** GET /api/dev/outbox?to=ADDRESS: what was sent to it, newest first. */
export async function readOutbox(client: OutboxClient, to: string): Promise<OutboxMessage[]> {
  const url = `/api/dev/outbox?to=${encodeURIComponent(to)}`;
  const { status, body } =
    'inject' in client
      ? await client
          .inject({ method: 'GET', url })
          .then((reply) => ({ status: reply.statusCode, body: reply.body }))
      : await client.get(url).then(async (reply) => ({ status: reply.status(), body: await reply.text() }));
  if (status !== 200) throw new Error(`the dev outbox answered ${status}: ${body}`);
  return (JSON.parse(body) as { messages: OutboxMessage[] }).messages;
}

/** The newest code sent to the address. */
export async function latestOtp(client: OutboxClient, to: string): Promise<string> {
  const code = (await readOutbox(client, to)).find((message) => message.code)?.code;
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  return code;
}
