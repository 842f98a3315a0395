import { type FormEvent, useEffect, useRef } from 'react';
import { FieldWrapper } from '../../../components/form/form-field';

/** The search box; submitting writes the term to the page's query string (docs/product.md#customers). */
export function CustomerSearchForm({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const inputRef = useRef<HTMLInputElement>(null);
  // When Back or a link changes the query, the box shows what the list shows.
  useEffect(() => {
    if (inputRef.current) inputRef.current.value = q;
  }, [q]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('q');
    onSearch(typeof value === 'string' ? value.trim() : '');
  }

  return (
    <form className="admin-form admin-form--inline" onSubmit={submit} aria-label="Find customers">
      <FieldWrapper label="Search">
        {(control) => (
          <input
            {...control}
            ref={inputRef}
            className="form-field__control"
            name="q"
            type="search"
            maxLength={100}
            defaultValue={q}
            placeholder="Name, e-mail or phone"
          />
        )}
      </FieldWrapper>
      <button className="button button--secondary" type="submit">
        Find customers
      </button>
    </form>
  );
}
