import { desc, gte, lt, sql } from 'drizzle-orm';
import {
  COD_RISK_REFUSALS_KEPT_DAYS,
  type CodRiskOverview,
  type CodRiskRule,
  MAX_COD_RISK_REFUSALS_PER_DAY,
  MAX_RTO_PINCODES_SHOWN,
} from '../../../contracts/cod-risk';
import { inIndia } from '../../../contracts/format';
import type { Database } from '../../db/client';
import { codRiskRefusals, users } from '../../db/schema';
import { type CodRiskSettingsValues, pincodeRtoBlocked } from './cod-risk';

// docs/product.md#cod-risk-rules: the record of which rule refused whom, and the RTO rate by pincode.

/** The IST day of a moment, as yyyy-mm-dd. */
function istDay(at: Date): string {
  return inIndia(at).toISOString().slice(0, 10);
}

export interface CodRiskRefusalEntry {
  rule: CodRiskRule;
  userId: string;
  pincode: string;
  orderPaise: number;
}

/**
 * Notes a refusal: the shopper's row for the rule and day gains a check, at most one a minute (checkout asks at
 * every change of the cart, and a script could ask without end: its writes stay one a minute a shopper). A new
 * row is written only while the day has fewer than MAX_COD_RISK_REFUSALS_PER_DAY, so however many times or
 * accounts a shopper tries, the table stays bounded (the cap is checked without a lock: concurrent refusals
 * may pass it by a few).
 */
export async function recordCodRiskRefusal(
  db: Database,
  entry: CodRiskRefusalEntry,
  { now = new Date(), maxPerDay = MAX_COD_RISK_REFUSALS_PER_DAY } = {},
) {
  const day = istDay(now);
  await db.execute(sql`
    insert into ${codRiskRefusals} (day, rule, user_id, pincode, order_paise, last_at)
    select ${day}, ${entry.rule}, ${entry.userId}, ${entry.pincode}, ${entry.orderPaise}, ${now.toISOString()}
    where (select count(*) from ${codRiskRefusals} where day = ${day}) < ${maxPerDay}
       or exists (
         select 1 from ${codRiskRefusals}
         where day = ${day} and rule = ${entry.rule} and user_id = ${entry.userId}
       )
    on conflict (day, rule, user_id) do update
      set checks = ${codRiskRefusals.checks} + 1, pincode = excluded.pincode,
          order_paise = excluded.order_paise, last_at = excluded.last_at
      where ${codRiskRefusals.lastAt} <= excluded.last_at - interval '1 minute'`);
}

/** The sweep forgets refusals older than COD_RISK_REFUSALS_KEPT_DAYS; returns how many. */
export async function forgetOldCodRiskRefusals(db: Database, now = new Date()): Promise<number> {
  const before = istDay(new Date(now.getTime() - COD_RISK_REFUSALS_KEPT_DAYS * 86_400_000));
  const gone = await db
    .delete(codRiskRefusals)
    .where(lt(codRiskRefusals.day, before))
    .returning({ day: codRiskRefusals.day });
  return gone.length;
}

const REFUSALS_SHOWN = 100;
const REFUSALS_SHOWN_DAYS = 30;

/** The console's COD risk view: RTO rate by pincode, and the refusals of the last 30 IST days. */
export async function codRiskOverview(
  db: Database,
  settings: CodRiskSettingsValues,
  now = new Date(),
): Promise<CodRiskOverview> {
  const pincodeRows = (await db.execute(sql`
    with ranked as (
      select shipping_address->>'pincode' as pincode, status,
             row_number() over (partition by shipping_address->>'pincode' order by created_at desc) as n
      from orders
      where payment_method = 'COD' and status in ('delivered', 'returned_to_origin')
    )
    select pincode, count(*)::int as cod_orders,
           (count(*) filter (where status = 'returned_to_origin'))::int as rtos
    from ranked
    where n <= ${settings.pincodeRtoWindow}
    group by pincode
    having count(*) filter (where status = 'returned_to_origin') > 0
    order by (count(*) filter (where status = 'returned_to_origin'))::float / count(*) desc,
             count(*) desc, pincode
    limit ${MAX_RTO_PINCODES_SHOWN}`)) as { rows?: { pincode: string; cod_orders: number; rtos: number }[] };
  const pincodes = (pincodeRows.rows ?? []).map((row) => {
    const history = { codOrders: Number(row.cod_orders), rtos: Number(row.rtos) };
    return {
      pincode: row.pincode,
      ...history,
      ratePercent: Math.round((history.rtos * 1000) / history.codOrders) / 10,
      blocked: pincodeRtoBlocked(settings, history),
      // docs/product.md#part-paid-cod: an advance where the owner asks it of risky orders.
      outcome: !pincodeRtoBlocked(settings, history)
        ? ('cod' as const)
        : settings.advanceFor === 'none'
          ? ('online_only' as const)
          : ('cod_with_advance' as const),
    };
  });
  const since = istDay(new Date(now.getTime() - (REFUSALS_SHOWN_DAYS - 1) * 86_400_000));
  const refusalRows = await db
    .select({
      day: codRiskRefusals.day,
      rule: codRiskRefusals.rule,
      userId: codRiskRefusals.userId,
      name: sql<string>`trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, ''))`,
      phone: users.phone,
      pincode: codRiskRefusals.pincode,
      orderPaise: codRiskRefusals.orderPaise,
      checks: codRiskRefusals.checks,
    })
    .from(codRiskRefusals)
    .innerJoin(users, sql`${users.id} = ${codRiskRefusals.userId}`)
    .where(gte(codRiskRefusals.day, since))
    .orderBy(desc(codRiskRefusals.lastAt))
    .limit(REFUSALS_SHOWN);
  return {
    pincodes,
    refusals: refusalRows.map(({ name, phone, ...row }) => ({
      ...row,
      shopper: [name, phone ?? ''].filter((part) => part !== '').join(', ') || 'A shopper',
    })),
  };
}
