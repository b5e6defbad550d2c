import { CheckField } from '@/components/CheckField';
import type { Filters, StateFilter } from './filter';

export interface FilterBarProps {
  filters: Filters;
  onChange: (patch: Partial<Filters>) => void;
}

const STATES: Array<[StateFilter, string]> = [
  ['all', 'All'],
  ['active', 'Active'],
  ['expired', 'Expired'],
];

/** Search by name, note or token, and narrow by state or passphrase. */
export function FilterBar({ filters, onChange }: FilterBarProps) {
  return (
    <div class="filters" role="search">
      <label class="search">
        Search
        <input
          type="search"
          value={filters.query}
          placeholder="Name, note or token"
          onInput={(e) => onChange({ query: e.currentTarget.value })}
        />
      </label>
      <fieldset class="choices">
        <legend>Show</legend>
        <span class="segments">
          {STATES.map(([value, label]) => (
            <label key={value}>
              <input
                type="radio"
                name="state"
                value={value}
                checked={filters.state === value}
                onChange={() => onChange({ state: value })}
              />
              {label}
            </label>
          ))}
        </span>
      </fieldset>
      <CheckField
        checked={filters.passphraseOnly}
        onChange={(passphraseOnly) => onChange({ passphraseOnly })}
      >
        With passphrase only
      </CheckField>
    </div>
  );
}
