import { useState } from 'react';
import { notifyMeLabels, notifyMeMessages } from '../../../../contracts/notify-me-rules';
import { Button, buttonClassName } from '../../../components/button';
import { paths } from '../../../lib/paths';
import { Link } from '../../../lib/router';
import { useSessionUser } from '../../../lib/session';
import { useWhatsAppOffered } from '../../../lib/use-return-window';
import { useChangeNotifyMe, useNotifyMe } from '../api/notify-me';
import './notify-me.css';

type NotifyChannel = 'email' | 'sms' | 'whatsapp';

/**
 * docs/product.md#notify-me: in place of the disabled Add to Cart of a product out of stock. A visitor is asked to
 * sign in; a shopper joins the list (by e-mail, SMS or on WhatsApp), sees that they are on it, and can leave it.
 */
export function NotifyMe({ productId }: { productId: number }) {
  const signedIn = useSessionUser() !== null;
  const state = useNotifyMe(productId, signedIn);
  const change = useChangeNotifyMe(productId);
  const [channel, setChannel] = useState<NotifyChannel>('email');
  const [said, setSaid] = useState<string | null>(null);
  const error = change.error?.message ?? state.error?.message;

  if (!signedIn) {
    return (
      <div className="notify-me">
        <Link className={buttonClassName()} to={paths.loginReturningTo(paths.product(productId))}>
          {notifyMeLabels.button}
        </Link>
        <p className="notify-me__note">{notifyMeMessages.signInToNotify}</p>
      </div>
    );
  }

  const submit = (next: NotifyChannel | null) =>
    change.mutate(next, { onSuccess: (reply) => setSaid(reply.message ?? null) });
  const waiting = state.data?.waiting === true;
  return (
    <div className="notify-me">
      {waiting ? (
        <>
          <Button variant="secondary" disabled aria-describedby={`notify-me-${productId}`}>
            {notifyMeLabels.waiting}
          </Button>
          <Button variant="ghost" disabled={change.isPending} onClick={() => submit(null)}>
            {notifyMeLabels.cancel}
          </Button>
        </>
      ) : (
        <>
          <ChannelSelect value={channel} onChange={setChannel} />
          <Button disabled={state.isPending || change.isPending} onClick={() => submit(channel)}>
            {notifyMeLabels.button}
          </Button>
        </>
      )}
      <p className="notify-me__note" id={`notify-me-${productId}`} role="status">
        {error ? '' : (said ?? (waiting ? notifyMeMessages.notifyAlready : ''))}
      </p>
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function ChannelSelect({
  value,
  onChange,
}: {
  value: NotifyChannel;
  onChange: (channel: NotifyChannel) => void;
}) {
  // docs/product.md#whatsapp-consent: offered only while the shop has WhatsApp.
  const whatsappOffered = useWhatsAppOffered();
  return (
    <label className="notify-me__channel">
      {notifyMeLabels.channel}
      <select value={value} onChange={(event) => onChange(event.target.value as NotifyChannel)}>
        <option value="email">{notifyMeLabels.channelEmail}</option>
        <option value="sms">{notifyMeLabels.channelSms}</option>
        {whatsappOffered && <option value="whatsapp">{notifyMeLabels.channelWhatsApp}</option>}
      </select>
    </label>
  );
}
