import { type NdrChoiceView, type NdrDecider, ndrMessages } from '../../../../contracts/ndr-rules';
import { formatIstMoment } from '../../../lib/deadline';
import { fillIn } from '../../../lib/fill-in';

const chosenBy: Record<NdrDecider, string> = {
  shopper: ndrMessages.chosenByShopper,
  staff: ndrMessages.chosenByStaff,
  default: ndrMessages.chosenByDefault,
};

/** "Chosen by you on Tue, 8 Dec, 3:30 pm IST.": who chose, and when. */
export function chosenByText(choice: Pick<NdrChoiceView, 'by' | 'at'>): string {
  return fillIn(chosenBy[choice.by], { at: formatIstMoment(choice.at) });
}
