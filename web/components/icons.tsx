// Small line icons, drawn inline so they need no extra request and follow currentColor.
import type { ReactNode } from 'react';

/** An icon's frame: a 24-unit view box, drawn with the text's colour and hidden from assistive technology. */
export function Icon({ children, size = 24 }: { children: ReactNode; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export function HeartIcon({ filled = false }: { filled?: boolean }) {
  return (
    <Icon>
      <path
        d="M12 20s-7-4.4-9-9a5 5 0 0 1 9-3.6A5 5 0 0 1 21 11c-2 4.6-9 9-9 9z"
        fill={filled ? 'currentColor' : 'none'}
      />
    </Icon>
  );
}

export function CartIcon() {
  return (
    <Icon>
      <circle cx="9" cy="20" r="1.5" />
      <circle cx="18" cy="20" r="1.5" />
      <path d="M2 3h3l2.7 12.4a2 2 0 0 0 2 1.6h8.6a2 2 0 0 0 2-1.5L22 7H6" />
    </Icon>
  );
}

export function MenuIcon() {
  return (
    <Icon>
      <path d="M3 6h18M3 12h18M3 18h18" />
    </Icon>
  );
}

export function CloseIcon() {
  return (
    <Icon>
      <path d="M6 6l12 12M18 6L6 18" />
    </Icon>
  );
}

export function SearchIcon() {
  return (
    <Icon size={20}>
      <circle cx="11" cy="11" r="7" />
      <path d="M21 21l-4.3-4.3" />
    </Icon>
  );
}

export function PinIcon() {
  return (
    <Icon size={20}>
      <path d="M12 22s7-6.2 7-12a7 7 0 0 0-14 0c0 5.8 7 12 7 12z" />
      <circle cx="12" cy="10" r="2.5" />
    </Icon>
  );
}

/** The brand mark: a mitten, as in the favicon. */
export function MittenMark() {
  return (
    <svg width="32" height="32" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="currentColor" />
      <path d="M22 54V30c0-9 4-18 12-18s11 7 11 14v6l5-5c2-2 5-1 6 1s0 4-1 5l-10 11v10z" fill="#f6e8d3" />
      <path d="M20 50h27v6H20z" fill="#c98b4f" />
    </svg>
  );
}
