import { desc, eq, getTableColumns } from 'drizzle-orm';
import {
  codMoneyMessages,
  type RemittanceImport,
  remittanceImportStatusLabels,
} from '../../../contracts/cod-money';
import type { Database } from '../../db/client';
import { codRemittanceImports } from '../../db/schema';

// docs/architecture.md#cod-money: remittance files imported in the background, as the console follows them.

const { csv: _file, ...progressColumns } = getTableColumns(codRemittanceImports);
/** An import's row without its file: what a view needs, a few hundred bytes instead of up to 2 MB. */
type ImportProgress = Omit<typeof codRemittanceImports.$inferSelect, 'csv'>;

const IMPORTS_SHOWN = 5;

/** An import as the console shows it, with what it came to once done. */
export function remittanceImportView(row: ImportProgress): RemittanceImport {
  const message =
    row.status === 'done'
      ? row.remittances === 0
        ? codMoneyMessages.importedNothingNew
        : codMoneyMessages.imported(row.remittances, row.linesStored)
      : row.status === 'failed'
        ? row.error
        : row.error
          ? codMoneyMessages.importWillRetry(row.error)
          : null;
  return {
    id: row.id,
    status: row.status,
    statusLabel: remittanceImportStatusLabels[row.status],
    source: row.source,
    linesTotal: row.linesTotal,
    linesDone: row.linesDone,
    remittances: row.remittances,
    repeated: row.repeated,
    mismatches: row.mismatches,
    message,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** One import, as the console polls it. */
export async function remittanceImportOf(
  db: Database,
  importId: string,
): Promise<RemittanceImport | undefined> {
  const [row] = await db
    .select(progressColumns)
    .from(codRemittanceImports)
    .where(eq(codRemittanceImports.id, importId));
  return row ? remittanceImportView(row) : undefined;
}

/** The latest imports, newest first. */
export async function latestRemittanceImports(db: Database): Promise<RemittanceImport[]> {
  const rows = await db
    .select(progressColumns)
    .from(codRemittanceImports)
    .orderBy(desc(codRemittanceImports.createdAt))
    .limit(IMPORTS_SHOWN);
  return rows.map(remittanceImportView);
}
