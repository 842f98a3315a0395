import { type NdrChoiceView, type NdrDecider, ndrMessages } from '../../../../contracts/ndr-rules';
import { formatCalendarDay, formatIstMoment } from '../../../lib/deadline';
import { fillIn } from '../../../lib/fill-in';

const chosenBy: Record<NdrDecider, string> = {
  shopper: ndrMessages.chosenByShopper,
  staff: ndrMessages.chosenByStaff,
  default: ndrMessages.chosenByDefault,
};

/** "Deliver again on Wednesday, 9 December", or the return. */
export function choiceText(choice: Pick<NdrChoiceView, 'action' | 'date'>): string {
  return choice.action === 'reattempt' && choice.date
    ? fillIn(ndrMessages.choiceReattempt, { date: formatCalendarDay(choice.date) })
    : ndrMessages.choiceReturn;
}

/** "Chosen by you on Tue, 8 Dec, 3:30 pm IST.": who chose, and when. */
export function chosenByText(choice: Pick<NdrChoiceView, 'by' | 'at'>): string {
  return fillIn(chosenBy[choice.by], { at: formatIstMoment(choice.at) });
}
