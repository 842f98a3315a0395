import type { ComplaintClocks } from '../../../contracts/admin-inbox';
import { formatIstDay } from '../../../contracts/complaints';
import { formatIstDateTime } from '../../lib/console-format';

export const statusLabels = { new: 'New', replied: 'Replied', closed: 'Closed' } as const;

export interface ClockLine {
  text: string;
  overdue: boolean;
}

/** docs/product.md#complaints: "Acknowledge by 19 Jan 2026, 10:00 am IST", "…: overdue", "Acknowledged …". */
export function acknowledgementLine(clocks: ComplaintClocks): ClockLine {
  const due = formatIstDateTime(clocks.acknowledgeBy);
  const done = clocks.acknowledgedAt ? formatIstDateTime(clocks.acknowledgedAt) : '';
  switch (clocks.acknowledgement) {
    case 'met':
      return { text: `Acknowledged ${done}, in time`, overdue: false };
    case 'met_late':
      return { text: `Acknowledged ${done}, late (due ${due})`, overdue: false };
    case 'overdue':
      return { text: `Acknowledge by ${due}: overdue`, overdue: true };
    default:
      return { text: `Acknowledge by ${due}`, overdue: false };
  }
}

/** docs/product.md#complaints: "Resolve by 17 Feb 2026", "…: overdue", "Resolved …". */
export function resolutionLine(clocks: ComplaintClocks): ClockLine {
  const due = formatIstDay(clocks.resolveBy);
  const done = clocks.resolvedAt ? formatIstDateTime(clocks.resolvedAt) : '';
  switch (clocks.resolution) {
    case 'met':
      return { text: `Resolved ${done}, in time`, overdue: false };
    case 'met_late':
      return { text: `Resolved ${done}, late (due ${due})`, overdue: false };
    case 'overdue':
      return { text: `Resolve by ${due}: overdue`, overdue: true };
    default:
      return { text: `Resolve by ${due}`, overdue: false };
  }
}
