import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { staff } from '../../db/schema';

/**
 * docs/operations.md#staff: the line a shop with no staff logs at start, so whoever started it knows how to
 * get into the console. Undefined once anyone is on staff.
 */
export async function firstOwnerHint(db: Database, env: Config['env']): Promise<string | undefined> {
  const [anyone] = await db.select({ id: staff.id }).from(staff).limit(1);
  if (anyone) return undefined;
  // The production image has only the compiled command; a checkout has npm run admin.
  const command = env === 'production' ? 'node dist/server/admin.js' : 'npm run admin --';
  return (
    'No one can sign in to the console yet. Make the first owner while the shop runs, in another terminal ' +
    `in this folder: ${command} create-staff --email you@example.in --name "Your Name" --role owner`
  );
}
