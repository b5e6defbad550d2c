import { CheckField } from '@/components/CheckField';
import { NumberSelect } from './fields';
import { ManagedNote } from './PolicyNotice';
import { SavedNote } from './SavedNote';
import { WATCH_INTERVALS, type WatchSettings } from '@/lib/settings';
import { plural, t } from '@/lib/i18n';

export interface WatchFieldsProps {
  /** The settings in force: an organization's interval is already in the place of the user's. */
  value: WatchSettings;
  onChange: (patch: Partial<WatchSettings>) => void;
  /** A change was just saved: the section says so quietly. */
  saved?: boolean;
  /** The organization sets the interval (any minute from 1 to 60): shown disabled, with a line. */
  managedInterval?: boolean;
}

const intervalLabel = (minutes: number) => plural('settings_everyMinutes', minutes);

/** How the extension watches the user's pushes: how often, whether it notifies, what the badge counts. */
export function WatchFields({ value, onChange, saved, managedInterval }: WatchFieldsProps) {
  const managed = Boolean(managedInterval);
  const interval = value.intervalMinutes;
  // The organization may pick a minute the list does not offer: it is shown among them.
  const choices = WATCH_INTERVALS.includes(interval as never)
    ? WATCH_INTERVALS
    : [...WATCH_INTERVALS, interval].sort((a, b) => a - b);
  return (
    <fieldset>
      <legend>{t('settings_watchLegend')}</legend>
      <SavedNote saved={Boolean(saved)} />
      <div class="field">
        <label for="watch-interval">{t('settings_checkForViews')}</label>
        <NumberSelect
          id="watch-interval"
          value={interval}
          choices={choices}
          label={intervalLabel}
          disabled={managed}
          onChange={(intervalMinutes) => onChange({ intervalMinutes })}
        />
        {managed && <ManagedNote />}
      </div>
      <CheckField checked={value.notifications} onChange={(notifications) => onChange({ notifications })}>
        {t('settings_notifyEvents')}
      </CheckField>
      <div class="field" role="radiogroup" aria-labelledby="watch-badge-label">
        <span id="watch-badge-label">{t('settings_badgeShows')}</span>
        <label class="check">
          <input
            type="radio"
            name="watch-badge"
            checked={value.badge === 'unseen'}
            onChange={() => onChange({ badge: 'unseen' })}
          />
          {t('settings_badgeUnseen')}
        </label>
        <label class="check">
          <input
            type="radio"
            name="watch-badge"
            checked={value.badge === 'active'}
            onChange={() => onChange({ badge: 'active' })}
          />
          {t('settings_badgeActive')}
        </label>
      </div>
    </fieldset>
  );
}
