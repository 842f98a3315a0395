import { and, desc, inArray, or, type SQL, sql } from 'drizzle-orm';
import {
  type AdminCustomerSummary,
  type AdminCustomersQuery,
  CUSTOMERS_PAGE_SIZE,
} from '../../../contracts/admin-customers';
import type { Database } from '../../db/client';
import { orders, users } from '../../db/schema';
import { netPaiseSql } from '../order-money/money-sql';

// docs/architecture.md#console-customers: newest first, a page at a time by offset; the search is an ILIKE
// scan of the users table, which a small shop's customer table affords.

/** A term used inside ILIKE, with its wildcards taken literally. */
function containing(term: string): string {
  return `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

const PHONE_LIKE = /^[+\d\s()-]+$/;

/**
 * The digits of a phone-like term, as stored (the bare 10 digits): "+91 98765 43210" gives 9876543210 and
 * "09876543210" gives 9876543210; a part of a number stays a part. Undefined when the term is not phone-like.
 */
export function phoneDigitsOf(term: string): string | undefined {
  if (!PHONE_LIKE.test(term)) return undefined;
  let digits = term.replace(/\D/g, '');
  if (digits.length < 3) return undefined;
  if (digits.length === 12 && digits.startsWith('91')) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  else if (term.trim().startsWith('+91')) digits = digits.slice(2);
  return digits === '' ? undefined : digits;
}

export function customerSearchCondition(q: string | undefined): SQL | undefined {
  const term = q?.trim() ?? '';
  if (term === '') return undefined;
  const pattern = containing(term);
  const options: (SQL | undefined)[] = [
    sql`${users.firstName} ilike ${pattern}`,
    sql`${users.lastName} ilike ${pattern}`,
    sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}`,
    sql`${users.email} ilike ${pattern}`,
  ];
  const digits = phoneDigitsOf(term);
  if (digits) options.push(sql`${users.phone} like ${containing(digits)}`);
  return or(...options);
}

export function fullName(firstName: string, lastName: string): string {
  return `${firstName} ${lastName}`.trim();
}

/**
 * docs/product.md#customers: each shopper's orders (a checkout cancelled unpaid is none) and what they
 * paid, net of what was refunded, as the orders' money records say.
 */
export async function orderFiguresOf(db: Database, userIds: string[]) {
  const figures = new Map<string, { ordersCount: number; paidTotalPaise: number }>();
  if (userIds.length === 0) return figures;
  const rows = await db
    .select({
      userId: orders.userId,
      ordersCount: sql<number>`(count(*) filter (where not (${orders.status} = 'cancelled' and ${orders.paidAt} is null)))::int`,
      // docs/architecture.md#money-record: received and kept, COD refunds paid to a UPI ID or in cash included.
      paidTotalPaise: sql<number>`coalesce(sum(${netPaiseSql(sql`${orders.id}`)}), 0)::int`,
    })
    .from(orders)
    .where(inArray(orders.userId, userIds))
    .groupBy(orders.userId);
  for (const row of rows) {
    if (row.userId)
      figures.set(row.userId, { ordersCount: row.ordersCount, paidTotalPaise: row.paidTotalPaise });
  }
  return figures;
}

/** One page of the console's customer list. */
export async function searchCustomers(db: Database, query: AdminCustomersQuery) {
  const rows = await db
    .select()
    .from(users)
    .where(and(customerSearchCondition(query.q)))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(CUSTOMERS_PAGE_SIZE + 1)
    .offset((query.page - 1) * CUSTOMERS_PAGE_SIZE);
  const page = rows.slice(0, CUSTOMERS_PAGE_SIZE);
  const figures = await orderFiguresOf(
    db,
    page.map((row) => row.id),
  );
  const customers: AdminCustomerSummary[] = page.map((row) => ({
    id: row.id,
    name: fullName(row.firstName, row.lastName),
    email: row.email,
    phone: row.phone,
    joinedAt: row.createdAt.toISOString(),
    ordersCount: figures.get(row.id)?.ordersCount ?? 0,
    paidTotalPaise: figures.get(row.id)?.paidTotalPaise ?? 0,
    blocked: row.blockedAt !== null,
  }));
  return { customers, page: query.page, hasMore: rows.length > CUSTOMERS_PAGE_SIZE };
}
