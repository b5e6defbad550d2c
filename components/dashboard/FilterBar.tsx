import { CheckField } from '@/components/CheckField';
import { t, type MessageKey } from '@/lib/i18n';
import type { Filters, StateFilter } from './filter';
import { ServerFilter } from './ServerFilter';

export interface FilterBarProps {
  filters: Filters;
  onChange: (patch: Partial<Filters>) => void;
  /** The saved servers, when several: a choice of one of them appears. */
  servers?: string[];
}

const STATES: Array<[StateFilter, MessageKey]> = [
  ['all', 'dash_filterAll'],
  ['active', 'dash_filterActive'],
  ['expired', 'dash_filterExpired'],
];

/** Search by name, note or token, and narrow by state or passphrase. */
export function FilterBar({ filters, onChange, servers = [] }: FilterBarProps) {
  return (
    <div class="filters" role="search">
      {servers.length > 1 && (
        <ServerFilter servers={servers} value={filters.server} onChange={(server) => onChange({ server })} />
      )}
      <label class="search">
        {t('dash_search')}
        <input
          type="search"
          value={filters.query}
          placeholder={t('dash_searchPlaceholder')}
          onInput={(e) => onChange({ query: e.currentTarget.value })}
        />
      </label>
      <fieldset class="choices">
        <legend>{t('dash_filterShow')}</legend>
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
              {t(label)}
            </label>
          ))}
        </span>
      </fieldset>
      <CheckField
        checked={filters.passphraseOnly}
        onChange={(passphraseOnly) => onChange({ passphraseOnly })}
      >
        {t('dash_filterPassphrase')}
      </CheckField>
    </div>
  );
}
