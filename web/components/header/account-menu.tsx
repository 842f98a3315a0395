import { useEffect, useId, useRef, useState } from 'react';
import { paths } from '../../lib/paths';
import { Link } from '../../lib/router';

interface AccountMenuProps {
  /** docs/product.md#screens: firstName, else name, else 'User'. */
  greeting: string;
  /** Null for a phone-only account, which has no e-mail (docs/product.md#phone-and-email). */
  email: string | null;
  onLogout: () => void;
}

/** docs/product.md#screens: the logged-in account dropdown (Profile, Orders, Logout) with the name and e-mail. */
export function AccountMenu({ greeting, email, onLogout }: AccountMenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const closeOnOutsideClick = (event: MouseEvent) => {
      if (rootRef.current && !event.composedPath().includes(rootRef.current)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('click', closeOnOutsideClick);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('click', closeOnOutsideClick);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  const close = () => setOpen(false);

  return (
    <div ref={rootRef} className="account-menu">
      <button
        ref={toggleRef}
        type="button"
        className="account-menu__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((current) => !current)}
      >
        <span className="account-menu__greeting">Hi, {greeting}</span>
      </button>
      <nav id={panelId} className="account-menu__panel" aria-label="Account" hidden={!open}>
        <p className="account-menu__name">{greeting}</p>
        {email ? <p className="account-menu__email">{email}</p> : null}
        <ul className="account-menu__list">
          <li>
            <Link to={paths.profile} className="account-menu__item" onClick={close}>
              Profile
            </Link>
          </li>
          <li>
            <Link to={paths.orders} className="account-menu__item" onClick={close}>
              Orders
            </Link>
          </li>
          <li>
            <button
              type="button"
              className="account-menu__item"
              onClick={() => {
                close();
                onLogout();
              }}
            >
              Logout
            </button>
          </li>
        </ul>
      </nav>
    </div>
  );
}
