import type { InviteStaffBody } from '../../../contracts/staff';
import type { Database } from '../../db/client';
import type { Notifier } from '../notifications/notifier';
import { renderSetupLinkEmailHtml, SETUP_EMAIL_SUBJECT, setupLinkEmailText } from './setup-link-email';
import { setupUrl } from './setup-links';
import { type Actor, createStaffWithSetupLink } from './staff-accounts';

/** docs/product.md#staff: an owner invites a member of staff; the set-up link goes to them by e-mail. */
export async function inviteStaff(
  deps: { db: Database; notifier: Notifier; publicUrl: string },
  input: InviteStaffBody,
  actor: Actor & { name: string },
) {
  const { member, token } = await createStaffWithSetupLink(deps.db, input, actor);
  const email = {
    name: member.name,
    invitedBy: actor.name,
    role: member.role,
    link: setupUrl(deps.publicUrl, token),
  };
  await deps.notifier.email({
    to: member.email,
    subject: SETUP_EMAIL_SUBJECT,
    text: setupLinkEmailText(email),
    html: await renderSetupLinkEmailHtml(email),
  });
  return member;
}
