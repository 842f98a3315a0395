// The simulator's stand-in for https://checkout.razorpay.com/v1/checkout.js: the same `window.Razorpay`
// API, with a test payment window in place of Razorpay's. Everything is built with DOM APIs and styled by
// checkout.css, because the shop's Content-Security-Policy forbids inline scripts and styles.
(() => {
  const TEST_VPA_SUCCESS = 'success@razorpay';
  const TEST_VPA_FAILURE = 'failure@razorpay';
  // Razorpay's test card that pays, and the simulator's card that is declined (any CVV, any future expiry).
  const TEST_CARD_SUCCESS = '4111 1111 1111 1111';
  const TEST_CARD_FAILURE = '4000 0000 0000 0002';
  const current = document.currentScript;
  const base = new URL(
    './',
    current instanceof HTMLScriptElement && current.src ? current.src : `${location.origin}/sim/razorpay/`,
  );
  let instances = 0;

  if (!document.querySelector('link[data-razorpay-simulator]')) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = new URL('checkout.css', base).href;
    link.setAttribute('data-razorpay-simulator', '');
    document.head.appendChild(link);
  }

  function element(tag, attributes, children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      if (value !== undefined && value !== null && value !== false) node.setAttribute(name, String(value));
    }
    for (const child of children || []) node.append(child);
    return node;
  }

  function formatAmount(amount, currency) {
    try {
      return new Intl.NumberFormat('en-IN', { style: 'currency', currency: currency || 'INR' }).format(
        amount / 100,
      );
    } catch {
      return `${currency} ${(amount / 100).toFixed(2)}`;
    }
  }

  async function callSimulator(path, init) {
    const response = await fetch(new URL(path, base), { credentials: 'same-origin', ...init });
    const payload = await response.json().catch(() => undefined);
    return { ok: response.ok, payload };
  }

  // Merchant callbacks run on their own turn, so an exception in one is reported as the page's own error
  // and cannot be mistaken for a failed payment.
  function later(callback, argument) {
    if (typeof callback === 'function') setTimeout(() => callback(argument), 0);
  }

  function createWindow(rzp) {
    const options = rzp.options;
    const modal = options.modal || {};
    const retry = options.retry || {};
    const prefill = options.prefill || {};
    const id = `razorpay-simulator-${++instances}`;
    const returnFocus = document.activeElement;
    let failures = 0;
    let payable = false;
    let busy = false;
    let timer;

    const amount = element('p', { class: 'rzp-sim__amount', id: `${id}-amount` }, [
      typeof options.amount === 'number' ? formatAmount(options.amount, options.currency) : '',
    ]);
    const merchant = element('div', { class: 'rzp-sim__merchant' }, [
      element('p', { class: 'rzp-sim__name' }, [String(options.name || '')]),
      ...(options.description
        ? [element('p', { class: 'rzp-sim__description' }, [String(options.description)])]
        : []),
    ]);
    const header = element('div', { class: 'rzp-sim__header' }, [
      ...(options.image ? [element('img', { class: 'rzp-sim__logo', src: options.image, alt: '' })] : []),
      merchant,
    ]);
    const vpa = element('input', {
      id: `${id}-vpa`,
      name: 'vpa',
      type: 'text',
      class: 'rzp-sim__input',
      value: TEST_VPA_SUCCESS,
      autocomplete: 'off',
      spellcheck: 'false',
      required: true,
      autofocus: true,
      'aria-describedby': `${id}-hint`,
    });
    const cardNumber = element('input', {
      id: `${id}-card`,
      name: 'card_number',
      type: 'text',
      class: 'rzp-sim__input',
      value: TEST_CARD_SUCCESS,
      inputmode: 'numeric',
      autocomplete: 'off',
      required: true,
      'aria-describedby': `${id}-card-hint`,
    });
    const upiField = element('div', { class: 'rzp-sim__field' }, [
      element('label', { class: 'rzp-sim__label', for: `${id}-vpa` }, ['UPI ID']),
      vpa,
      element('p', { class: 'rzp-sim__hint', id: `${id}-hint` }, [
        `No real money moves: ${TEST_VPA_SUCCESS} pays, ${TEST_VPA_FAILURE} fails.`,
      ]),
    ]);
    const cardField = element('div', { class: 'rzp-sim__field', hidden: true }, [
      element('label', { class: 'rzp-sim__label', for: `${id}-card` }, ['Card number']),
      cardNumber,
      element('p', { class: 'rzp-sim__hint', id: `${id}-card-hint` }, [
        `No real money moves: ${TEST_CARD_SUCCESS} pays, ${TEST_CARD_FAILURE} fails; any CVV and future expiry.`,
      ]),
    ]);
    function methodChoice(value, label, checked) {
      const input = element('input', { type: 'radio', name: `${id}-method`, value, checked });
      input.addEventListener('change', () => {
        upiField.hidden = value !== 'upi';
        cardField.hidden = value !== 'card';
      });
      return element('label', { class: 'rzp-sim__choice' }, [input, ` ${label}`]);
    }
    const methods = element('fieldset', { class: 'rzp-sim__methods' }, [
      element('legend', { class: 'rzp-sim__label' }, ['Pay with']),
      methodChoice('upi', 'UPI', true),
      methodChoice('card', 'Card', false),
    ]);
    const chosenMethod = () => (cardField.hidden ? 'upi' : 'card');
    const status = element('p', { class: 'rzp-sim__status', role: 'status' });
    const error = element('p', { class: 'rzp-sim__error', role: 'alert' });
    const pay = element('button', { type: 'submit', class: 'rzp-sim__button rzp-sim__button--pay' }, ['Pay']);
    const fail = element('button', { type: 'button', class: 'rzp-sim__button' }, ['Fail payment']);
    const close = element('button', { type: 'button', class: 'rzp-sim__button' }, ['Close']);
    const form = element('form', { class: 'rzp-sim__form' }, [
      methods,
      upiField,
      cardField,
      status,
      error,
      element('div', { class: 'rzp-sim__actions' }, [pay, fail, close]),
    ]);
    const dialog = element(
      'dialog',
      { class: 'rzp-sim', 'aria-labelledby': `${id}-title`, 'aria-describedby': `${id}-amount` },
      [
        header,
        element('div', { class: 'rzp-sim__body' }, [
          element('h2', { class: 'rzp-sim__title', id: `${id}-title` }, ['Razorpay test mode']),
          amount,
          form,
        ]),
      ],
    );
    const theme = options.theme?.color;
    // Setting a custom property through the CSSOM is allowed by the CSP; a style attribute is not.
    if (typeof theme === 'string' && CSS.supports('color', theme))
      dialog.style.setProperty('--rzp-sim-theme', theme);

    const view = {
      hide() {
        clearTimeout(timer);
        rzp.view = undefined;
        if (dialog.open) dialog.close();
        dialog.remove();
        if (returnFocus instanceof HTMLElement && returnFocus.isConnected) returnFocus.focus();
      },
    };

    function refresh() {
      pay.disabled = busy || !payable;
      fail.disabled = busy || !payable;
      vpa.disabled = busy;
      cardNumber.disabled = busy;
      dialog.setAttribute('aria-busy', String(busy));
      status.textContent = busy ? 'Processing payment…' : '';
    }

    function showError(message) {
      error.textContent = message;
    }

    function dismiss() {
      if (modal.confirm_close && !window.confirm('Are you sure you want to cancel this payment?')) return;
      view.hide();
      later(modal.ondismiss);
    }

    async function submit(method, value) {
      if (busy || !payable) return;
      busy = true;
      showError('');
      refresh();
      let reply;
      try {
        reply = await callSimulator('checkout/pay', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            key: options.key,
            order_id: options.order_id,
            method,
            vpa: method === 'upi' ? value : undefined,
            card_number: method === 'card' ? value : undefined,
            email: prefill.email || undefined,
            contact: prefill.contact || undefined,
            description: options.description || undefined,
            notes: options.notes || undefined,
          }),
        });
      } catch {
        reply = undefined;
      }
      busy = false;
      if (rzp.view !== view) return;
      if (reply?.ok) {
        view.hide();
        later(options.handler, reply.payload);
        return;
      }
      const failure = reply?.payload?.error;
      if (!reply) showError('Could not reach the payment server. Check your connection and try again.');
      else showError(failure?.description || 'The payment could not be made.');
      // A payment was attempted and failed: Checkout reports it and, like Razorpay's, stays open so the
      // shopper can retry, as many times as `retry` allows.
      if (failure?.metadata?.payment_id) {
        failures += 1;
        rzp.emit('payment.failed', { error: failure });
        const maxRetries = typeof retry.max_count === 'number' ? retry.max_count : Number.POSITIVE_INFINITY;
        if (retry.enabled === false || failures > maxRetries) payable = false;
      }
      refresh();
      // The pressed button was disabled while busy, which took the focus away: give it back to the form.
      (payable ? (chosenMethod() === 'card' ? cardNumber : vpa) : close).focus();
    }

    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const method = chosenMethod();
      submit(method, (method === 'card' ? cardNumber : vpa).value.trim());
    });
    fail.addEventListener('click', () => {
      const method = chosenMethod();
      submit(method, method === 'card' ? TEST_CARD_FAILURE : TEST_VPA_FAILURE);
    });
    close.addEventListener('click', dismiss);
    dialog.addEventListener('cancel', (event) => {
      event.preventDefault();
      if (modal.escape !== false) dismiss();
    });
    dialog.addEventListener('click', (event) => {
      if (event.target === dialog && modal.backdropclose) dismiss();
    });

    refresh();
    document.body.appendChild(dialog);
    dialog.showModal();
    if (typeof options.timeout === 'number' && options.timeout > 0) {
      timer = setTimeout(() => {
        if (rzp.view !== view) return;
        view.hide();
        later(modal.ondismiss);
      }, options.timeout * 1000);
    }

    // Like Checkout, show the order's own amount, and refuse a key or order the account does not know.
    if (!options.order_id) {
      showError('The test payment window needs an order_id.');
    } else {
      const query = new URLSearchParams({ key_id: options.key, order_id: options.order_id });
      callSimulator(`checkout/order?${query}`)
        .then((reply) => {
          if (rzp.view !== view) return;
          if (reply.ok) {
            amount.textContent = formatAmount(reply.payload.amount, reply.payload.currency);
            payable = true;
          } else {
            showError(reply.payload?.error?.description || 'Unknown order.');
          }
          refresh();
        })
        .catch(() => showError('Could not reach the payment server. Check your connection and try again.'));
    }
    return view;
  }

  class Razorpay {
    constructor(options) {
      if (!options || typeof options.key !== 'string' || options.key === '') throw new Error('No key passed');
      this.options = options;
      this.listeners = {};
      this.view = undefined;
    }

    on(event, callback) {
      if (typeof callback === 'function') {
        if (!this.listeners[event]) this.listeners[event] = [];
        this.listeners[event].push(callback);
      }
      return this;
    }

    emit(event, payload) {
      for (const callback of this.listeners[event] || []) later(callback, payload);
    }

    open() {
      if (!this.view) this.view = createWindow(this);
      return this;
    }

    // Closing from code is the merchant's own decision, so (unlike the shopper closing it) no ondismiss.
    close() {
      if (this.view) this.view.hide();
    }
  }

  window.Razorpay = Razorpay;
})();
