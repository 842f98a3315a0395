import type { ChatMessage } from './simulator';

// The phone's chat with the shop, as the shopper sees it in WhatsApp: the shop's messages with their buttons,
// the shopper's replies, and a box to type one (STOP). Plain forms, no script, so it works under the shop's CSP.

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const ticks: Record<string, string> = {
  sent: '✓',
  delivered: '✓✓',
  read: '✓✓ read',
  failed: 'not delivered',
};

function bubble(phone: string, message: ChatMessage): string {
  const latest = message.statuses.at(-1);
  const status = latest ? `<small class="status">${escapeHtml(ticks[latest] ?? latest)}</small>` : '';
  const buttons = message.buttons
    .map(
      (button, index) => `<form method="post" action="/sim/whatsapp/chat/${phone}/tap">
<input type="hidden" name="messageId" value="${escapeHtml(message.id)}"><input type="hidden" name="index" value="${index}">
<button type="submit">${escapeHtml(button.label)}</button></form>`,
    )
    .join('');
  return `<li class="${message.direction === 'to_shopper' ? 'shop' : 'me'}"><p>${escapeHtml(message.text)}</p>${status}${
    buttons ? `<div class="buttons">${buttons}</div>` : ''
  }</li>`;
}

export function chatPage(phone: string, messages: ChatMessage[]): string {
  const list = messages.map((message) => bubble(phone, message)).join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>WhatsApp (test mode): +91 ${phone}</title>
<link rel="stylesheet" href="/sim/whatsapp/chat.css"></head>
<body><main><h1>Ottoman Mittens</h1><p class="note">WhatsApp test mode: the chat of +91 ${phone}. Nothing is sent to a real phone.</p>
<ol aria-label="Messages">${list || '<li class="empty">No messages yet.</li>'}</ol>
<form method="post" action="/sim/whatsapp/chat/${phone}/send" class="compose">
<label for="text">Message</label><input id="text" name="text" maxlength="500" required>
<button type="submit">Send</button></form>
<p><a href="/sim/whatsapp/chat/${phone}">Refresh</a></p></main></body></html>`;
}

export const chatStyles = `
body { font-family: system-ui, sans-serif; margin: 0; background: #efe7dd; color: #111b21; }
main { max-width: 420px; margin: 0 auto; padding: 16px; }
h1 { font-size: 1.2rem; margin: 0 0 4px; }
.note { font-size: .85rem; color: #54656f; }
ol { list-style: none; padding: 0; display: flex; flex-direction: column; gap: 8px; }
li { max-width: 85%; padding: 8px 10px; border-radius: 8px; background: #fff; }
li.me { align-self: flex-end; background: #d9fdd3; }
li p { margin: 0 0 4px; white-space: pre-wrap; }
.status { color: #54656f; }
.buttons { display: flex; flex-direction: column; gap: 4px; margin-top: 6px; }
.buttons button { width: 100%; min-height: 44px; border: 0; border-top: 1px solid #e9edef; background: #fff; color: #015c82; font: inherit; cursor: pointer; }
.compose { display: flex; gap: 8px; align-items: center; }
.compose input { flex: 1; min-height: 44px; padding: 0 8px; font: inherit; }
.compose button { min-height: 44px; padding: 0 16px; font: inherit; }
button:focus-visible, input:focus-visible, a:focus-visible { outline: 3px solid #005c4b; }
`;
