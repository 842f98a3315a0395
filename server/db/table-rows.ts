import { getTableColumns, type InferSelectModel, type Table } from 'drizzle-orm';

/**
 * Drizzle's own mapping of a table's row, for a statement written as SQL text that returns the table's columns
 * under their own names (`select p.*`): the values a Drizzle select of the table gives, without building the
 * select on every call (docs/architecture.md#data).
 */
export function rowMapperOf<T extends Table>(
  table: T,
): (row: Record<string, unknown>) => InferSelectModel<T> {
  const columns = Object.entries(getTableColumns(table));
  return (row) =>
    Object.fromEntries(
      columns.map(([key, column]) => {
        const value = row[column.name];
        return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
      }),
    ) as InferSelectModel<T>;
}
