import { Button } from '../../../components/button';
import { InputField } from '../../../components/form/form-field';
import type { OtpSender } from '../hooks/use-otp-sender';
import { contactLabel } from './method-toggle';

interface ContactSendRowProps {
  sender: OtpSender;
  /** The contact cannot change while its code is being checked or used. */
  locked: boolean;
  phoneAutoComplete: 'tel' | 'tel-national';
}

/** The contact field and its Send OTP button, which reads 'Sending...', then 'Sent' until the contact changes. */
export function ContactSendRow({ sender, locked, phoneAutoComplete }: ContactSendRowProps) {
  const { method, sending } = sender;
  const sent = sender.sentAt !== null;
  return (
    <div className="auth-inline">
      <InputField
        label={contactLabel(method)}
        error={sender.fieldErrors.errors[sender.contactField]}
        name={sender.contactField}
        type={method === 'email' ? 'email' : 'tel'}
        inputMode={method === 'email' ? 'email' : 'tel'}
        autoComplete={method === 'email' ? 'email' : phoneAutoComplete}
        maxLength={method === 'email' ? 254 : 20}
        readOnly={sending || locked}
        value={sender.contact}
        onChange={(event) => sender.editContact(event.target.value)}
      />
      <Button variant="secondary" disabled={sending || sent} onClick={sender.sendToContact}>
        {sending ? 'Sending...' : sent ? 'Sent' : 'Send OTP'}
      </Button>
    </div>
  );
}
