/** "₹100.50" typed by a person → 10050 paise; null when it is not an amount with at most two decimals. */
export function rupeesToPaise(text: string): number | null {
  const cleaned = text.replace(/[₹,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole = '0', fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export const AMOUNT_FORMAT_MESSAGE = 'Please give the amount in rupees, e.g. 100 or 100.50.';
