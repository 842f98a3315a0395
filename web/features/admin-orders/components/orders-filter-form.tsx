import { type FormEvent, useEffect, useRef } from 'react';
import { orderPaymentStatuses, orderStatuses } from '../../../../contracts/order-status';
import { FieldWrapper } from '../../../components/form/form-field';
import { humanise } from '../../../lib/console-format';
import { filtersFromSearchParams, filtersToSearchParams, type OrderFilters } from '../order-filters';

const fieldNames = ['q', 'status', 'paymentStatus', 'from', 'to'] as const;

/** Search and filters; submitting writes them to the page's query string. */
export function OrdersFilterForm({
  filters,
  onChange,
}: {
  filters: OrderFilters;
  onChange: (filters: OrderFilters) => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const shown = filtersToSearchParams(filters).toString();
  // When Back or a link changes the query, the fields show what the list shows; remounting them instead
  // would drop the focus from the button just pressed.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const current = new URLSearchParams(shown);
    for (const name of fieldNames) {
      const field = form.elements.namedItem(name);
      if (field instanceof HTMLInputElement || field instanceof HTMLSelectElement) {
        field.value = current.get(name) ?? '';
      }
    }
  }, [shown]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const params = new URLSearchParams();
    for (const [key, value] of form) if (typeof value === 'string') params.set(key, value);
    onChange(filtersFromSearchParams(params));
  }

  return (
    <form ref={formRef} className="admin-form admin-form--inline" onSubmit={submit} aria-label="Find orders">
      <FieldWrapper label="Search">
        {(control) => (
          <input
            {...control}
            className="form-field__control"
            name="q"
            type="search"
            defaultValue={filters.q ?? ''}
            placeholder="Number, name, e-mail, phone, AWB, payment id"
          />
        )}
      </FieldWrapper>
      <FieldWrapper label="Status">
        {(control) => (
          <select
            {...control}
            className="form-field__control"
            name="status"
            defaultValue={filters.status ?? ''}
          >
            <option value="">Any</option>
            {orderStatuses.map((status) => (
              <option key={status} value={status}>
                {humanise(status)}
              </option>
            ))}
          </select>
        )}
      </FieldWrapper>
      <FieldWrapper label="Payment">
        {(control) => (
          <select
            {...control}
            className="form-field__control"
            name="paymentStatus"
            defaultValue={filters.paymentStatus ?? ''}
          >
            <option value="">Any</option>
            {orderPaymentStatuses.map((status) => (
              <option key={status} value={status}>
                {humanise(status)}
              </option>
            ))}
          </select>
        )}
      </FieldWrapper>
      <FieldWrapper label="From (IST)">
        {(control) => (
          <input
            {...control}
            className="form-field__control"
            name="from"
            type="date"
            defaultValue={filters.from ?? ''}
          />
        )}
      </FieldWrapper>
      <FieldWrapper label="To (IST)">
        {(control) => (
          <input
            {...control}
            className="form-field__control"
            name="to"
            type="date"
            defaultValue={filters.to ?? ''}
          />
        )}
      </FieldWrapper>
      <button className="button button--secondary" type="submit">
        Find orders
      </button>
    </form>
  );
}
