import { parseArgs } from 'node:util';
import { type InviteStaffBody, InviteStaffBodySchema } from '../../../contracts/staff';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { SETUP_LINK_VALID_MS, setupUrl } from './setup-links';
import { createStaffWithSetupLink } from './staff-accounts';

export const ADMIN_USAGE =
  'Usage: npm run admin -- create-staff --email a@b.in --name "A B" --role owner|support';

export class CommandLineError extends Error {}

export interface CreateStaffCommand {
  command: 'create-staff';
  input: InviteStaffBody;
}

/** Reads the command's words; a mistake is a CommandLineError with the usage. */
export function parseAdminCommand(args: string[]): CreateStaffCommand {
  const [command, ...rest] = args;
  if (command !== 'create-staff') throw new CommandLineError(ADMIN_USAGE);
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: rest,
      options: { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' } },
      strict: true,
    }));
  } catch (error) {
    throw new CommandLineError(`${(error as Error).message}\n${ADMIN_USAGE}`);
  }
  const input = InviteStaffBodySchema.safeParse(values);
  if (!input.success) {
    const problems = input.error.issues.map((issue) => `--${issue.path.join('.')}: ${issue.message}`);
    throw new CommandLineError(`${problems.join('\n')}\n${ADMIN_USAGE}`);
  }
  return { command, input: input.data };
}

/**
 * docs/operations.md#staff: `npm run admin -- create-staff ...` makes a member of staff (the first owner) and
 * answers the one-time set-up link to print. Audited with no staff id.
 */
export async function runAdminCommand(db: Database, args: string[], publicUrl: string): Promise<string> {
  const { input } = parseAdminCommand(args);
  try {
    const { member, token } = await createStaffWithSetupLink(db, input, {
      staffId: null,
      ipAddress: null,
    });
    const hours = SETUP_LINK_VALID_MS / 3_600_000;
    return [
      `Created ${member.role} ${member.name} <${member.email}>.`,
      `Set-up link (works once, for ${hours} hours):`,
      setupUrl(publicUrl, token),
    ].join('\n');
  } catch (error) {
    if (error instanceof AppError) throw new CommandLineError(error.message);
    throw error;
  }
}
