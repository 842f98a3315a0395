import { createHash } from 'node:crypto';

// The dev outbox page's look: readable on a phone (each message a card of labelled lines) and in India's time,
// as the shop shows every time.

export const outboxStyle = `body{margin:0;padding:1rem;font-family:system-ui,sans-serif;line-height:1.4}
table{border-collapse:collapse;width:100%}th,td{border:1px solid #ccc;padding:.4rem;text-align:left;vertical-align:top}
td{overflow-wrap:anywhere}pre{margin:0;white-space:pre-wrap;overflow-wrap:anywhere;font-size:.85rem}
input{max-width:100%}
@media (max-width:48em){thead{display:none}table,tbody,tr,td{display:block}tr{margin-bottom:1rem;border:1px solid #999}
td{border:none;border-bottom:1px solid #ddd}td[data-label]::before{content:attr(data-label);display:block;font-weight:700}}`;

/** The page's own policy: helmet's allows no inline style, so this one style is allowed by its hash. */
export const outboxContentSecurityPolicy = `default-src 'none'; style-src 'sha256-${createHash('sha256')
  .update(outboxStyle)
  .digest('base64')}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`;

const istTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  dateStyle: 'medium',
  timeStyle: 'medium',
});

/** "23 Nov 2026, 7:55:12 pm IST" */
export function formatOutboxTime(iso: string): string {
  return `${istTime.format(new Date(iso))} IST`;
}
