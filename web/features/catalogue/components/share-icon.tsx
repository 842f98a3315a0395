// The product page's own icon: in its chunk, not the first load's (docs/operations.md#performance-budget).
import { Icon } from '../../../components/icons';

export function ShareIcon() {
  return (
    <Icon size={18}>
      <circle cx="18" cy="5" r="3" />
      <circle cx="6" cy="12" r="3" />
      <circle cx="18" cy="19" r="3" />
      <path d="M8.6 13.5l6.8 4M15.4 6.5l-6.8 4" />
    </Icon>
  );
}
