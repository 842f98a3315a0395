import { desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { simulatedRazorpayxPayouts as payouts } from '../../db/schema';
import { createStateWriter } from '../state-writer';
import type { PayoutKey, SavedPayout, SimulatedPayout } from './store';

type PayoutRow = typeof payouts.$inferSelect;

// The entity column holds the API's payout as plain JSON; the schema does not know its type.
const savedOf = (row: PayoutRow): SavedPayout => ({
  payout: row.entity as unknown as SimulatedPayout,
  idempotencyKey: row.idempotencyKey,
  requestHash: row.requestHash,
});

/**
 * The RazorpayX simulator's payouts kept in the shop's database (docs/operations.md#simulator-state): what it
 * starts from (its newest `keep`, or all), where its changes go, and how it reads back one it let go of.
 */
export async function keepPayoutsIn(db: Database, onError: (error: unknown) => void, keep?: number) {
  const newest = db.select({ id: payouts.id }).from(payouts).orderBy(desc(payouts.position));
  const rows = await db
    .select()
    .from(payouts)
    .where(keep === undefined ? undefined : inArray(payouts.id, newest.limit(keep)))
    .orderBy(payouts.position);
  const writer = createStateWriter(onError);
  return {
    saved: rows.map(savedOf),
    keep,
    onChange({ payout, idempotencyKey, requestHash }: SavedPayout) {
      const entity = payout as unknown as Record<string, unknown>;
      writer.write(() =>
        db
          .insert(payouts)
          .values({ id: payout.id, idempotencyKey, requestHash, entity, createdAt: payout.created_at })
          .onConflictDoUpdate({ target: payouts.id, set: { entity } }),
      );
    },
    /** After every change so far is written, so what it reads is never older than what was answered. */
    async load(key: PayoutKey): Promise<SavedPayout[]> {
      await writer.flushed();
      const where =
        'payoutId' in key ? eq(payouts.id, key.payoutId) : eq(payouts.idempotencyKey, key.idempotencyKey);
      return (await db.select().from(payouts).where(where)).map(savedOf);
    },
    flushed: writer.flushed,
  };
}
