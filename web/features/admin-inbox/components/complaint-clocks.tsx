import './inbox.css';
import type { ComplaintClocks } from '../../../../contracts/admin-inbox';
import { acknowledgementLine, type ClockLine, resolutionLine } from '../format';

function Clock({ line }: { line: ClockLine }) {
  return <li className={line.overdue ? 'admin-clock admin-clock--overdue' : 'admin-clock'}>{line.text}</li>;
}

/**
 * docs/product.md#complaints: a complaint's number and its two clocks, the 48-hour acknowledgement and the
 * one-month resolution; an overdue one stands out (and says so in words).
 */
export function ComplaintClocksView({ clocks }: { clocks: ComplaintClocks }) {
  const acknowledgement = acknowledgementLine(clocks);
  const resolution = resolutionLine(clocks);
  const overdue = acknowledgement.overdue || resolution.overdue;
  return (
    <div className={overdue ? 'admin-complaint admin-complaint--overdue' : 'admin-complaint'}>
      <p className="admin-complaint__number">{`Complaint ${clocks.number}`}</p>
      <ul className="admin-clocks" aria-label={`Deadlines of complaint ${clocks.number}`}>
        <Clock line={acknowledgement} />
        <Clock line={resolution} />
      </ul>
    </div>
  );
}
