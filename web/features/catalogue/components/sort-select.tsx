import { SelectField } from '../../../components/form/form-field';
import { isSortKey, type SortKey, sortOptions } from '../sort-products';

interface SortSelectProps {
  value: SortKey;
  onChange: (value: SortKey) => void;
}

export function SortSelect({ value, onChange }: SortSelectProps) {
  return (
    <SelectField
      label="Sort products"
      hideLabel
      className="sort-select"
      value={value}
      onChange={(event) => {
        if (isSortKey(event.target.value)) onChange(event.target.value);
      }}
    >
      {sortOptions.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </SelectField>
  );
}
