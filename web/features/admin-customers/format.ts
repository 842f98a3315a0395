/** "+91 98765 43210" from the stored 10 digits. */
export function formatPhone(phone: string | null): string {
  if (!phone) return 'None';
  return /^\d{10}$/.test(phone) ? `+91 ${phone.slice(0, 5)} ${phone.slice(5)}` : phone;
}
