// Drawn inline: the checkout chunk carries them, and no image request is needed.

function UpiMark() {
  return (
    <svg viewBox="0 0 48 24" width="48" height="24" role="img" aria-label="UPI" focusable="false">
      <rect width="48" height="24" rx="4" fill="#fff" stroke="#d6d6d6" />
      <path d="M33 5l5 7-5 7z" fill="#f58220" />
      <path d="M37 5l5 7-5 7z" fill="#0f7a3d" />
      <text x="6" y="16.5" fontFamily="Arial, sans-serif" fontSize="11" fontWeight="700" fill="#4a4a4a">
        UPI
      </text>
    </svg>
  );
}

function VisaMark() {
  return (
    <svg viewBox="0 0 48 24" width="48" height="24" role="img" aria-label="Visa" focusable="false">
      <rect width="48" height="24" rx="4" fill="#fff" stroke="#d6d6d6" />
      <text
        x="24"
        y="16.5"
        textAnchor="middle"
        fontFamily="Arial, sans-serif"
        fontSize="12"
        fontStyle="italic"
        fontWeight="700"
        fill="#1a1f71"
      >
        VISA
      </text>
    </svg>
  );
}

function MastercardMark() {
  return (
    <svg viewBox="0 0 48 24" width="48" height="24" role="img" aria-label="Mastercard" focusable="false">
      <rect width="48" height="24" rx="4" fill="#fff" stroke="#d6d6d6" />
      <circle cx="20" cy="12" r="7" fill="#eb001b" />
      <circle cx="28" cy="12" r="7" fill="#f79e1b" fillOpacity="0.9" />
    </svg>
  );
}

/** The accepted payment methods (UPI, Visa, Mastercard) and a line on how the payment is kept safe. */
export function PaymentMethods() {
  return (
    <div className="payment-methods">
      <ul className="payment-methods__icons" aria-label="Accepted payment methods">
        <li>
          <UpiMark />
        </li>
        <li>
          <VisaMark />
        </li>
        <li>
          <MastercardMark />
        </li>
      </ul>
      <p className="payment-methods__secure">100% secure payments, processed by Razorpay</p>
    </div>
  );
}
