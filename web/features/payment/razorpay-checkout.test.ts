import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type CheckoutRequest,
  type CheckoutSuccess,
  loadCheckoutScript,
  openCheckout,
  PaymentNotCompleted,
} from './razorpay-checkout';

type Options = ConstructorParameters<NonNullable<Window['Razorpay']>>[0];
type FailureCallback = (failure: { error: { description?: string } }) => void;

/** Stands in for Razorpay's Checkout window: the test plays the shopper through the callbacks it was given. */
function installFakeCheckout() {
  const opened: { options: Options; onFailed?: FailureCallback }[] = [];
  window.Razorpay = class {
    readonly entry: (typeof opened)[number];
    constructor(options: Options) {
      this.entry = { options };
      opened.push(this.entry);
    }
    on(_event: 'payment.failed', callback: FailureCallback) {
      this.entry.onFailed = callback;
    }
    open() {}
  } as unknown as Window['Razorpay'];
  const current = () => {
    const entry = opened.at(-1);
    if (!entry) throw new Error('Checkout was never opened');
    return entry;
  };
  return { opened, current };
}

const request: CheckoutRequest = {
  key: 'rzp_test_key',
  razorpayOrderId: 'order_Q1w2e3r4t5',
  amountPaise: 94_200,
  shopper: { name: 'Asha Verma', email: 'asha@example.in', phone: '9876543210' },
};

const success: CheckoutSuccess = {
  razorpay_payment_id: 'pay_29QQoUBi66xm2f',
  razorpay_order_id: 'order_Q1w2e3r4t5',
  razorpay_signature: '9ef4dffbfd84f1318f6739a3ce19f9d85851857ae648f114332d8401e0949a3d',
};

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the payment not to complete');
    },
    (error: unknown) => error,
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-02T10:00:00+05:30'));
});

afterEach(() => {
  vi.useRealTimers();
  delete window.Razorpay;
});

describe('openCheckout', () => {
  it('opens Checkout for the order, in rupee paise, brown, timing out after 300 s', () => {
    const checkout = installFakeCheckout();
    void openCheckout(request, () => {});
    expect(checkout.current().options).toMatchObject({
      key: 'rzp_test_key',
      order_id: 'order_Q1w2e3r4t5',
      amount: 94_200,
      currency: 'INR',
      prefill: { name: 'Asha Verma', email: 'asha@example.in', contact: '9876543210' },
      theme: { color: '#7b4a2d' },
      timeout: 300,
    });
  });

  it("prefills 'Customer' for a shopper without a name", () => {
    const checkout = installFakeCheckout();
    void openCheckout({ ...request, shopper: { ...request.shopper, name: '  ' } }, () => {});
    expect(checkout.current().options.prefill.name).toBe('Customer');
  });

  it("settles with Checkout's success, for the server to verify", async () => {
    const checkout = installFakeCheckout();
    const payment = openCheckout(request, () => {});
    checkout.current().options.handler(success);
    await expect(payment).resolves.toEqual(success);
  });

  it('reads a closed window as a cancel', async () => {
    const checkout = installFakeCheckout();
    const payment = openCheckout(request, () => {});
    vi.setSystemTime(Date.now() + 299_999);
    checkout.current().options.modal.ondismiss();
    const error = await rejectionOf(payment);
    expect(error).toBeInstanceOf(PaymentNotCompleted);
    expect((error as Error).message).toBe('Payment was cancelled. Please try again.');
  });

  it('reads a window closed after 300 s as a time-out', async () => {
    const checkout = installFakeCheckout();
    const payment = openCheckout(request, () => {});
    vi.setSystemTime(Date.now() + 300_000);
    checkout.current().options.modal.ondismiss();
    expect(((await rejectionOf(payment)) as Error).message).toBe('Payment timeout. Please try again.');
  });

  it('tells the page of a failed attempt at once, keeps the window open, and reads closing it as a cancel', async () => {
    const checkout = installFakeCheckout();
    const onFailure = vi.fn();
    let settled = false;
    const payment = openCheckout(request, onFailure).finally(() => {
      settled = true;
    });
    const failed = checkout.current().onFailed;

    failed?.({ error: { description: 'Your card was declined.' } });
    expect(onFailure).toHaveBeenCalledWith('Payment failed: Your card was declined.');
    await Promise.resolve();
    expect(settled).toBe(false);

    failed?.({ error: {} });
    expect(onFailure).toHaveBeenLastCalledWith('Payment failed: Unknown error');
    checkout.current().options.modal.ondismiss();
    expect(((await rejectionOf(payment)) as Error).message).toBe('Payment was cancelled. Please try again.');
  });

  it('lets the shopper pay after a failed attempt in the same window', async () => {
    const checkout = installFakeCheckout();
    const payment = openCheckout(request, () => {});
    checkout.current().onFailed?.({ error: { description: 'Your card was declined.' } });
    checkout.current().options.handler(success);
    await expect(payment).resolves.toEqual(success);
  });

  it("fails to initialise when Checkout's script is not there", async () => {
    await expect(openCheckout(request, () => {})).rejects.toThrow(
      'Failed to initialize payment. Please try again.',
    );
  });
});

describe('loadCheckoutScript', () => {
  const src = '/sim/razorpay/checkout.js';

  function scriptsAppended() {
    const scripts: HTMLScriptElement[] = [];
    vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
      for (const node of nodes) if (node instanceof HTMLScriptElement) scripts.push(node);
    });
    return scripts;
  }

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('adds the script once, however many payments wait for it, and retries after a failure', async () => {
    const scripts = scriptsAppended();
    const first = loadCheckoutScript(src);
    const second = loadCheckoutScript(src);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.src).toContain(src);

    scripts[0]?.onerror?.(new Event('error'));
    await expect(first).rejects.toThrow('Failed to initialize payment. Please try again.');
    await expect(second).rejects.toThrow('Failed to initialize payment. Please try again.');

    const retry = loadCheckoutScript(src);
    expect(scripts).toHaveLength(2);
    scripts[1]?.onload?.(new Event('load'));
    await expect(retry).resolves.toBeUndefined();
  });

  it('adds nothing when Checkout is already there', async () => {
    const scripts = scriptsAppended();
    installFakeCheckout();
    await expect(loadCheckoutScript(src)).resolves.toBeUndefined();
    expect(scripts).toHaveLength(0);
  });
});
