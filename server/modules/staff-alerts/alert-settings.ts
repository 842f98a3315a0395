import { asc, eq, isNull } from 'drizzle-orm';
import type { AlertSettings, NewOrderEmailChoice, StaffAlertsRow } from '../../../contracts/staff-alerts';
import type { Database } from '../../db/client';
import { staff } from '../../db/schema';
import { recordAudit } from '../audit/audit-log';
import { newOrderEmailOf } from './alert-recipients';
import { pushDevicesByStaff } from './push-subscriptions';
import type { WebPush } from './web-push-plugin';

async function memberOf(db: Database, staffId: string) {
  const [member] = await db
    .select({ role: staff.role, newOrderEmail: staff.newOrderEmail })
    .from(staff)
    .where(eq(staff.id, staffId));
  if (!member) throw new Error(`no staff ${staffId}`);
  return member;
}

/** One's own alerts, and whether this shop can push to a browser (with the key to subscribe with). */
export async function alertSettingsOf(
  db: Database,
  webPush: WebPush | null,
  staffId: string,
): Promise<AlertSettings> {
  const member = await memberOf(db, staffId);
  const publicKey = webPush ? (await webPush.keys()).publicKey : null;
  return {
    newOrderEmail: newOrderEmailOf(member),
    push: { available: publicKey !== null, publicKey },
  };
}

/** docs/product.md#staff-alerts: each member chooses their own; the change is in the audit log. */
export async function chooseNewOrderEmail(
  db: Database,
  actor: { staffId: string; ipAddress: string },
  choice: NewOrderEmailChoice,
) {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ role: staff.role, newOrderEmail: staff.newOrderEmail })
      .from(staff)
      .where(eq(staff.id, actor.staffId))
      .for('update');
    if (!before) throw new Error(`no staff ${actor.staffId}`);
    const was = newOrderEmailOf(before);
    await tx.update(staff).set({ newOrderEmail: choice }).where(eq(staff.id, actor.staffId));
    if (was === choice) return;
    await recordAudit(tx, {
      staffId: actor.staffId,
      action: 'staff.alerts',
      entityType: 'staff',
      entityId: actor.staffId,
      before: { newOrderEmail: was },
      after: { newOrderEmail: choice },
      ipAddress: actor.ipAddress,
    });
  });
}

/** The Staff page's view: every member not disabled, their choice and how many devices they get notifications on. */
export async function staffAlertsList(db: Database): Promise<StaffAlertsRow[]> {
  const [members, devices] = await Promise.all([
    db
      .select({ id: staff.id, name: staff.name, role: staff.role, newOrderEmail: staff.newOrderEmail })
      .from(staff)
      .where(isNull(staff.disabledAt))
      .orderBy(asc(staff.name)),
    pushDevicesByStaff(db),
  ]);
  return members.map((member) => ({
    staffId: member.id,
    name: member.name,
    role: member.role,
    newOrderEmail: newOrderEmailOf(member),
    pushDevices: devices.get(member.id) ?? 0,
  }));
}
