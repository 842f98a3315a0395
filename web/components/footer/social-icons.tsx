// The footer's own icons: in its chunk, not the first load's (docs/operations.md#performance-budget).
import { Icon } from '../icons';

export function InstagramIcon() {
  return (
    <Icon size={20}>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <path d="M17.5 6.5h.01" />
    </Icon>
  );
}

export function FacebookIcon() {
  return (
    <Icon size={20}>
      <path d="M15 3h-2.5A4.5 4.5 0 0 0 8 7.5V10H5v4h3v7h4v-7h3l1-4h-4V7.6c0-.6.4-1 1-1h3z" />
    </Icon>
  );
}
