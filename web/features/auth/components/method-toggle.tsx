export type ContactMethod = 'email' | 'phone';

const methodLabels: Record<ContactMethod, string> = { email: 'Email', phone: 'Phone' };

interface MethodToggleProps {
  /** What the choice is for, read by screen readers ('Login with', 'Verify with'). */
  label: string;
  value: ContactMethod;
  onChange: (method: ContactMethod) => void;
  disabled?: boolean;
}

/** docs/product.md#screens: the Email / Phone toggle of the login and signup views. */
export function MethodToggle({ label, value, onChange, disabled = false }: MethodToggleProps) {
  return (
    <fieldset className="method-toggle" disabled={disabled}>
      <legend className="visually-hidden">{label}</legend>
      {(['email', 'phone'] as const).map((method) => (
        <button
          key={method}
          type="button"
          className="method-toggle__option"
          aria-pressed={value === method}
          onClick={() => onChange(method)}
        >
          {methodLabels[method]}
        </button>
      ))}
    </fieldset>
  );
}

/** The contact field's label for a method. */
export function contactLabel(method: ContactMethod): string {
  return method === 'email' ? 'Email' : 'Phone Number';
}
