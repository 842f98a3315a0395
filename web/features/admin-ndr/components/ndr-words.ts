import {
  type NdrChoice,
  type NdrChoiceView,
  type NdrDecider,
  ndrMessages,
} from '../../../../contracts/ndr-rules';
import { formatCalendarDay } from '../../../lib/deadline';
import { fillIn } from '../../../lib/fill-in';

// docs/product.md#failed-deliveries: the console's words for a report's choice.

const deciderWords: Record<NdrDecider, string> = {
  shopper: 'by the shopper',
  staff: 'by staff, after a call',
  default: 'by the default at the deadline',
};

/** "Deliver again on Wednesday, 9 December", or the return. */
export function choiceWords(choice: NdrChoice | Pick<NdrChoiceView, 'action' | 'date'>): string {
  return choice.action === 'reattempt' && choice.date
    ? fillIn(ndrMessages.choiceReattempt, { date: formatCalendarDay(choice.date) })
    : ndrMessages.choiceReturn;
}

/** "by the shopper", "by staff, after a call", "by the default at the deadline". */
export function deciderText(by: NdrDecider): string {
  return deciderWords[by];
}
