import { type SQL, sql } from 'drizzle-orm';

// docs/architecture.md#money-record: the record's figures as SQL expressions, for queries over many orders.

/** Money received for the order `orderId` names. */
export function collectedPaiseSql(orderId: SQL): SQL {
  return sql`(select coalesce(sum(e.amount_paise), 0) from order_money_entries e
    where e.order_id = ${orderId} and e.kind = 'collect')`;
}

/** Money received for the order and kept: collected less what went back to the shopper. */
export function netPaiseSql(orderId: SQL): SQL {
  return sql`(select coalesce(sum(case e.kind when 'collect' then e.amount_paise
      when 'refund' then -e.amount_paise else 0 end), 0)
    from order_money_entries e where e.order_id = ${orderId})`;
}
