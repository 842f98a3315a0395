// docs/product.md#contact-inbox: the console's reply to a contact message, with the sender's own words quoted
// below it so the e-mail reads on its own.

export interface ContactReplyContent {
  senderName: string;
  originalMessage: string;
  sentAt: Date;
  replyBody: string;
}

const istDate = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

export function contactReplyEmail(content: ContactReplyContent) {
  const quoted = content.originalMessage
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  return {
    subject: 'Re: your message to Ottoman Mittens',
    text: [
      `Hello ${content.senderName},`,
      '',
      content.replyBody,
      '',
      `On ${istDate.format(content.sentAt)} you wrote:`,
      quoted,
    ].join('\n'),
  };
}
