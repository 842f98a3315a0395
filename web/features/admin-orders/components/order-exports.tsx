import { useState } from 'react';
import { inIndia } from '../../../../contracts/format';
import { FieldWrapper } from '../../../components/form/form-field';
import { adminApiPaths } from '../../../lib/admin-paths';
import { apiBase } from '../../../lib/api-client';
import { formatIsoDay, formatIsoMonth } from '../../../lib/console-format';
import { filtersToSearchParams, type OrderFilters } from '../order-filters';

const ISO_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The month before this one in India: the one a GSTR-1 is filed for. */
export function lastIstMonth(now = new Date()): string {
  const india = inIndia(now);
  const year = india.getUTCFullYear();
  const month = india.getUTCMonth();
  return month === 0 ? `${year - 1}-12` : `${year}-${String(month).padStart(2, '0')}`;
}

/**
 * The accountant's downloads (docs/operations.md#exports): the orders and items CSVs of the days and filters
 * the list shows, and, for owners, a month's GSTR-1 files.
 */
export function OrderExports({ filters, isOwner }: { filters: OrderFilters; isOwner: boolean }) {
  const [month, setMonth] = useState(lastIstMonth);
  const { from, to } = filters;
  const query = filtersToSearchParams(filters).toString();
  return (
    <section className="admin-section" aria-labelledby="order-exports">
      <h2 id="order-exports">Downloads</h2>
      {from && to ? (
        <>
          <p>
            <a href={`${apiBase}${adminApiPaths.ordersCsv(query)}`} download>
              Orders CSV, {formatIsoDay(from)} to {formatIsoDay(to)}
            </a>
          </p>
          <p>
            <a href={`${apiBase}${adminApiPaths.orderItemsCsv(query)}`} download>
              Items CSV, {formatIsoDay(from)} to {formatIsoDay(to)}
            </a>
          </p>
          <p className="admin-muted">
            {filters.paymentStatus
              ? 'The orders found, one row each (items: one row a line).'
              : 'Paid orders only, cancelled and refunded ones included; choose a Payment to get others.'}
          </p>
        </>
      ) : (
        <p className="admin-muted">Choose From and To to download the orders and items CSVs.</p>
      )}
      {isOwner && (
        <div className="admin-form admin-form--inline">
          <FieldWrapper label="GSTR-1 month">
            {(control) => (
              <input
                {...control}
                className="form-field__control"
                type="month"
                value={month}
                onChange={(event) => setMonth(event.target.value)}
              />
            )}
          </FieldWrapper>
          {ISO_MONTH.test(month) ? (
            <a href={`${apiBase}${adminApiPaths.gstr1Zip(month)}`} download>
              GSTR-1 files for {formatIsoMonth(month)} (zip)
            </a>
          ) : (
            <p className="admin-muted">Choose a month as YYYY-MM.</p>
          )}
        </div>
      )}
    </section>
  );
}
